package dev.taskgate.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

/**
 * The 2025-era listen stream across real processes: a task created through frontend A is reported by
 * {@code notifications/tasks/status} on a {@code GET /mcp} stream of the same session held by frontend B (B learns
 * of the change from {@code taskgate.lifecycle.v1} and reads the task from job-control), up to {@code completed},
 * with the Task exactly as {@code tasks/get} answers it; a DELETE through A ends B's stream at its next session check.
 */
@ExtendWith(LocalStack.class)
class Mcp2025ListenE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final AtomicLong IDS = new AtomicLong(1);
    private static final String VERSION = "2025-11-25";

    @Test
    void aTaskCreatedThroughOneInstanceIsReportedOnTheListenStreamOfAnother() throws Exception {
        String token = Tokens.forSubject("listen-two-frontends").org("acme").project("demo").scopes("tools:call")
                .sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get().startExtra("mcp-frontend", "mcp-frontend-listen-b",
                java.util.Map.of("TASKGATE_FRONTEND_LISTEN_SESSION_CHECK", "2s")).baseUrl() + "/mcp");
        String session = initialize(a, token);

        List<String> lines = new CopyOnWriteArrayList<>();
        HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(b).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
                lines.add("<end>");
            } catch (java.io.IOException e) {
                lines.add("<end>");
            }
        }, "listen-reader");
        reader.setDaemon(true);
        reader.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> !lines.isEmpty()); // B holds the stream

        ObjectNode call = JSON.createObjectNode().put("name", "demo.sleep");
        call.putObject("arguments").put("seconds", 4);
        call.putObject("task").put("ttl", 600_000);
        JsonNode created = post(a, token, session, request("tools/call", call));
        String taskId = created.at("/result/task/taskId").asText();
        assertThat(taskId).as(created.toString()).isNotEmpty();

        await().atMost(Duration.ofSeconds(90)).until(() -> statuses(lines, taskId).contains("completed"));
        JsonNode last = notifications(lines, taskId).get(notifications(lines, taskId).size() - 1);
        JsonNode got = post(a, token, session, request("tasks/get", JSON.createObjectNode().put("taskId", taskId)));
        assertThat(last.get("params")).as("the Task as tasks/get answers it").isEqualTo(got.get("result"));
        assertThat(last.get("params").has("_meta")).isFalse();
        assertThat(statuses(lines, taskId)).as("each status once, in order").doesNotHaveDuplicates()
                .endsWith("completed");

        HttpResponse<String> deleted = HTTP.send(HttpRequest.newBuilder(a).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session).DELETE().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(deleted.statusCode()).isEqualTo(204);
        await().atMost(Duration.ofSeconds(60)).until(() -> lines.contains("<end>"));
        System.out.printf("[measure] listen stream on B: %s%n", statuses(lines, taskId));
    }

    private static List<JsonNode> notifications(List<String> lines, String taskId) {
        return lines.stream().filter(l -> l.startsWith("data: ")).map(l -> {
            try {
                return JSON.readTree(l.substring(6));
            } catch (java.io.IOException e) {
                throw new AssertionError(l, e);
            }
        }).filter(m -> "notifications/tasks/status".equals(m.path("method").asText())
                && taskId.equals(m.at("/params/taskId").asText())).toList();
    }

    private static List<String> statuses(List<String> lines, String taskId) {
        return notifications(lines, taskId).stream().map(m -> m.at("/params/status").asText()).toList();
    }

    private static String initialize(URI endpoint, String token) throws Exception {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", VERSION);
        params.putObject("capabilities").putObject("tasks").putObject("cancel");
        params.putObject("clientInfo").put("name", "e2e").put("version", "1");
        HttpResponse<String> response = send(endpoint, token, null, request("initialize", params));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    private static ObjectNode request(String method, ObjectNode params) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", IDS.incrementAndGet())
                .put("method", method);
        message.set("params", params);
        return message;
    }

    private static JsonNode post(URI endpoint, String token, String session, ObjectNode message) throws Exception {
        HttpResponse<String> response = send(endpoint, token, session, message);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static HttpResponse<String> send(URI endpoint, String token, String session, ObjectNode message)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
