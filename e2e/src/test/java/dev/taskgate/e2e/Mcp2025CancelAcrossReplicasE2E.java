package dev.taskgate.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

/**
 * {@code notifications/cancelled} without sticky routing: an ordinary {@code tools/call} waits on frontend A, its
 * cancellation is POSTed to frontend B, which finds the execution by the receipt key derived from session and
 * request id and cancels it in job-control; the execution ends {@code cancelled} and A's call returns.
 */
@ExtendWith(LocalStack.class)
class Mcp2025CancelAcrossReplicasE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final String VERSION = "2025-11-25";

    @Test
    void aCancellationPostedToAnotherInstanceCancelsTheCall() throws Exception {
        String token = Tokens.forSubject("cancel-across-replicas").org("acme").project("demo").scopes("tools:call")
                .sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get().startExtra("mcp-frontend", "mcp-frontend-cancel-b").baseUrl() + "/mcp");
        ObjectNode init = JSON.createObjectNode().put("protocolVersion", VERSION);
        init.putObject("capabilities");
        init.putObject("clientInfo").put("name", "e2e").put("version", "1");
        HttpResponse<String> initialized = send(a, token, null, message(1, "initialize", init));
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();

        ObjectNode call = JSON.createObjectNode().put("name", "demo.sleep");
        call.putObject("arguments").put("seconds", 40);
        AtomicReference<HttpResponse<String>> answered = new AtomicReference<>();
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
            try {
                answered.set(send(a, token, session, message(77, "tools/call", call)));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // admitted: the caller's only execution shows up in tasks/list (through B: any replica reads job-control)
        AtomicReference<String> taskId = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(300)).until(() -> {
            JsonNode list = JSON.readTree(send(b, token, session, message(2, "tasks/list", JSON.createObjectNode()))
                    .body());
            taskId.set(list.at("/result/tasks/0/taskId").asText(null));
            return taskId.get() != null && "working".equals(list.at("/result/tasks/0/status").asText());
        });

        HttpResponse<String> cancelled = send(b, token, session, JSON.createObjectNode().put("jsonrpc", "2.0")
                .put("method", "notifications/cancelled").set("params", JSON.createObjectNode().put("requestId", 77)
                        .put("reason", "changed my mind")));

        assertThat(cancelled.statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(300)).until(() -> "cancelled".equals(
                JSON.readTree(send(a, token, session, message(3, "tasks/get", JSON.createObjectNode()
                        .put("taskId", taskId.get()))).body()).at("/result/status").asText()));
        waiting.get(90, java.util.concurrent.TimeUnit.SECONDS);
        System.out.printf("[measure] call on A after cancel through B: HTTP %d %s%n", answered.get().statusCode(),
                answered.get().body().length() > 300 ? answered.get().body().substring(0, 300) : answered.get().body());
    }

    private static ObjectNode message(int id, String method, ObjectNode params) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        message.set("params", params);
        return message;
    }

    private static HttpResponse<String> send(URI endpoint, String token, String session, ObjectNode message)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(90))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
