package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A task outlives the frontend that created it: created over MCP, the frontend SIGKILLed while the task runs and
 * started again, and the new instance answers {@code tasks/get} with the exact result. Runs last in its JVM only by
 * chance, so it leaves the frontend running and ready.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class McpFrontendRestartE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String TASKS = "io.modelcontextprotocol/tasks";
    private static final AtomicLong IDS = new AtomicLong(1000);

    @Test
    void aTaskCreatedBeforeASigkillIsReadFromTheRestartedFrontend() throws Exception {
        String token = Tokens.forSubject("restart-user")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        ServiceProcess frontend = LocalStack.get().service("mcp-frontend");
        URI endpoint = URI.create(frontend.baseUrl() + "/mcp");

        JsonNode created = send(
                endpoint,
                token,
                "tools/call",
                "demo.sleep",
                Map.of("name", "demo.sleep", "arguments", Map.of("seconds", 3)));
        assertThat(created.at("/result/resultType").asText())
                .as(created.toString())
                .isEqualTo("task");
        String taskId = created.at("/result/taskId").asText();
        long oldPid = frontend.pid();

        frontend.kill();
        frontend.restart(Duration.ofSeconds(120));
        assertThat(frontend.pid()).isNotEqualTo(oldPid);

        JsonNode[] last = new JsonNode[1];
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    last[0] = send(endpoint, token, "tasks/get", taskId, Map.of("taskId", taskId));
                    return "completed".equals(last[0].at("/result/status").asText());
                });
        assertThat(last[0].at("/result/taskId").asText()).isEqualTo(taskId);
        assertThat(last[0].at("/result/result/resultType").asText()).isEqualTo("complete");
        assertThat(last[0].at("/result/result/isError").asBoolean()).isFalse();
        assertThat(last[0].at("/result/result/content/0/text").asText()).contains("slept 3 seconds");
    }

    private static JsonNode send(URI endpoint, String token, String method, String name, Map<String, ?> params)
            throws IOException, InterruptedException {
        ObjectNode message = JSON.createObjectNode()
                .put("jsonrpc", "2.0")
                .put("id", IDS.incrementAndGet())
                .put("method", method);
        ObjectNode p = message.putObject("params");
        params.forEach((k, v) -> p.set(k, JSON.valueToTree(v)));
        ObjectNode meta = p.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities")
                .putObject("extensions")
                .putObject(TASKS);
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method)
                .header("Mcp-Name", name)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return JSON.readTree(response.body());
    }
}
