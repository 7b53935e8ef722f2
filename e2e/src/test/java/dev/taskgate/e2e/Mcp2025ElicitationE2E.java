package dev.taskgate.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

/**
 * Server-to-client elicitation in a 2025-11-25 session across real processes and two frontend instances: a
 * {@code demo.confirm} task waits for input; {@code tasks/result} on instance A streams the
 * {@code elicitation/create} request (related-task {@code _meta}); the client POSTs its answer to instance B, which
 * routes it by the request's signed id alone (202); the worker continues and the stream on A ends with the result.
 */
@ExtendWith(LocalStack.class)
class Mcp2025ElicitationE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final AtomicLong IDS = new AtomicLong(1);
    private static final String VERSION = "2025-11-25";

    @Test
    void anElicitationAskedOnOneInstanceIsAnsweredThroughAnother() throws Exception {
        String token = Tokens.forSubject("elicit-2025").org("acme").project("demo").scopes("tools:call").sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get().startExtra("mcp-frontend", "mcp-frontend-2025b").baseUrl() + "/mcp");
        String session = initialize(a, token);
        ObjectNode call = JSON.createObjectNode().put("name", "demo.confirm");
        call.putObject("arguments").put("message", "Ship it?");
        call.putObject("task");
        HttpResponse<String> created = post(a, token, session, request("tools/call", call));
        String taskId = JSON.readTree(created.body()).at("/result/task/taskId").asText();
        assertThat(taskId).as(created.body()).isNotBlank();

        List<String> lines = new CopyOnWriteArrayList<>();
        CompletableFuture<Integer> stream = HTTP.sendAsync(builder(a, token, session,
                request("tasks/result", JSON.createObjectNode().put("taskId", taskId))).build(),
                HttpResponse.BodyHandlers.ofLines()).thenApply(r -> {
                    r.body().forEach(lines::add);
                    return r.statusCode();
                });
        await().atMost(Duration.ofSeconds(90)).until(() -> messages(lines).stream().anyMatch(m -> m.has("method")));
        JsonNode asked = messages(lines).stream().filter(m -> m.has("method")).findFirst().orElseThrow();
        assertThat(asked.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(asked.at("/params/message").asText()).isEqualTo("Ship it?");
        assertThat(asked.at("/params/_meta/io.modelcontextprotocol~1related-task/taskId").asText()).isEqualTo(taskId);

        ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
        answer.set("id", asked.get("id"));
        answer.putObject("result").put("action", "accept").putObject("content").put("confirm", true);
        HttpResponse<String> delivered = post(b, token, session, answer);

        assertThat(delivered.statusCode()).as(delivered.body()).isEqualTo(202);
        assertThat(stream.get(90, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(200);
        JsonNode last = messages(lines).get(messages(lines).size() - 1);
        assertThat(last.at("/result/structuredContent/action").asText()).as(last.toString()).isEqualTo("accept");
        assertThat(last.at("/result/structuredContent/content/confirm").asBoolean()).isTrue();
        assertThat(last.at("/result/_meta/io.modelcontextprotocol~1related-task/taskId").asText()).isEqualTo(taskId);
    }

    private static List<JsonNode> messages(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("data:")).map(l -> {
            try {
                return JSON.readTree(l.substring(5).trim());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).toList();
    }

    private static String initialize(URI endpoint, String token) throws Exception {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", VERSION);
        ObjectNode capabilities = params.putObject("capabilities");
        capabilities.putObject("tasks").putObject("cancel");
        capabilities.putObject("elicitation");
        params.putObject("clientInfo").put("name", "e2e").put("version", "1");
        HttpResponse<String> reply = post(endpoint, token, null, request("initialize", params));
        assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
        return reply.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    private static ObjectNode request(String method, ObjectNode params) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", IDS.incrementAndGet())
                .put("method", method);
        message.set("params", params);
        return message;
    }

    private static HttpRequest.Builder builder(URI endpoint, String token, String session, ObjectNode message) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString(), StandardCharsets.UTF_8));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
        }
        return request;
    }

    private static HttpResponse<String> post(URI endpoint, String token, String session, ObjectNode message)
            throws Exception {
        return HTTP.send(builder(endpoint, token, session, message).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
