package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpStream;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static dev.taskgate.testsupport.mcp.Mcp2025Client.call;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 2025-era listen stream across real processes: a task created through frontend A is reported by
 * {@code notifications/tasks/status} on a {@code GET /mcp} stream of the same session held by frontend B (B learns
 * of the change from {@code taskgate.lifecycle.v1} and reads the task from job-control), up to {@code completed},
 * with the Task exactly as {@code tasks/get} answers it; a DELETE through A ends B's stream at its next session check.
 * B's stream also carries the task's progress (under its stored {@code progressToken}) and log messages (at the level
 * the session set through A), each with the related-task {@code _meta}, and nothing after its terminal status.
 */
@ExtendWith(LocalStack.class)
class Mcp2025ListenE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RELATED_TASK_ID = "/params/_meta/io.modelcontextprotocol~1related-task/taskId";

    @Test
    void aTaskCreatedThroughOneInstanceIsReportedOnTheListenStreamOfAnother() throws Exception {
        String token = Tokens.forSubject("listen-two-frontends")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = replicaB();
        Mcp2025Session session = McpTestClient.http(a).bearer(token).v2025().initialize();

        McpStream stream = session.at(b).listen();
        assertThat(stream.status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> !stream.lines().isEmpty()); // B holds the stream

        ObjectNode params = call("demo.sleep", JSON.createObjectNode().put("seconds", 4));
        params.putObject("task").put("ttl", 600_000);
        JsonNode created = session.at(a).request("tools/call", params).json();
        String taskId = created.at("/result/task/taskId").asText();
        assertThat(taskId).as(created.toString()).isNotEmpty();

        await().atMost(Duration.ofSeconds(90))
                .until(() -> statuses(stream, taskId).contains("completed"));
        List<JsonNode> notifications = notifications(stream, taskId);
        JsonNode last = notifications.get(notifications.size() - 1);
        JsonNode got = session.at(a).request("tasks/get", task(taskId)).json();
        assertThat(last.get("params")).as("the Task as tasks/get answers it").isEqualTo(got.get("result"));
        assertThat(last.get("params").has("_meta")).isFalse();
        assertThat(statuses(stream, taskId))
                .as("each status once, in order")
                .doesNotHaveDuplicates()
                .endsWith("completed");

        assertThat(session.at(a).delete().status()).isEqualTo(204);
        stream.awaitEnd(Duration.ofSeconds(60));
        System.out.printf("[measure] listen stream on B: %s%n", statuses(stream, taskId));
    }

    @Test
    void aTasksProgressAndLogMessagesReachTheListenStreamHeldByAnotherInstance() throws Exception {
        String token = Tokens.forSubject("listen-progress-two-frontends")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = replicaB();
        Mcp2025Session session = McpTestClient.http(a).bearer(token).v2025().initialize();
        JsonNode level = session.at(a)
                .request("logging/setLevel", JSON.createObjectNode().put("level", "debug"))
                .json();
        Mcp2025Client.assertValid("JSONRPCResultResponse", level); // kept with the session: B reads it

        McpStream stream = session.at(b).listen();
        assertThat(stream.status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> !stream.lines().isEmpty());

        ObjectNode params =
                call("demo.count", JSON.createObjectNode().put("to", 4).put("step_ms", 600));
        params.putObject("task").put("ttl", 600_000);
        params.putObject("_meta").put("progressToken", "listen-count");
        JsonNode created = session.at(a).request("tools/call", params).json();
        String taskId = created.at("/result/task/taskId").asText();
        assertThat(taskId).as(created.toString()).isNotEmpty();

        await().atMost(Duration.ofSeconds(90))
                .until(() -> statuses(stream, taskId).contains("completed"));
        List<JsonNode> ofTask = stream.messages().stream()
                .filter(m -> taskId.equals(m.at("/params/taskId").asText())
                        || taskId.equals(m.at(RELATED_TASK_ID).asText()))
                .toList();
        ofTask.forEach(Mcp2025ListenE2E::assertValid);
        assertThat(ofTask.get(ofTask.size() - 1).at("/params/status").asText())
                .as("nothing after the terminal status: %s", ofTask)
                .isEqualTo("completed");
        List<JsonNode> progress = ofTask.stream()
                .filter(m -> "notifications/progress".equals(m.path("method").asText()))
                .toList();
        assertThat(progress).as("%s", ofTask).isNotEmpty();
        assertThat(progress)
                .allSatisfy(
                        p -> assertThat(p.at("/params/progressToken").asText()).isEqualTo("listen-count"));
        List<Double> values =
                progress.stream().map(p -> p.at("/params/progress").asDouble()).toList();
        assertThat(values).as("strictly increasing").isSorted().doesNotHaveDuplicates();
        List<String> logs = ofTask.stream()
                .filter(m -> "notifications/message".equals(m.path("method").asText()))
                .map(m -> m.at("/params/data").asText())
                .toList();
        // the messages of the start and the end may pass the stream by (B follows the task from its first read,
        // and forgets it at the read that shows it terminal); those of the steps come while it is followed
        assertThat(logs).as("%s", ofTask).containsAnyOf("step 1 of 4", "step 2 of 4", "step 3 of 4");
        System.out.printf("[measure] listen stream on B: progress %s, logs %s%n", values, logs);
        stream.close();
    }

    private static void assertValid(JsonNode message) {
        String method = message.path("method").asText();
        String definition = "notifications/progress".equals(method)
                ? "ProgressNotification"
                : "notifications/message".equals(method) ? "LoggingMessageNotification" : "TaskStatusNotification";
        Mcp2025Client.assertValid(definition, message);
    }

    private static List<JsonNode> notifications(McpStream stream, String taskId) {
        return stream.messages().stream()
                .filter(m ->
                        "notifications/tasks/status".equals(m.path("method").asText())
                                && taskId.equals(m.at("/params/taskId").asText()))
                .toList();
    }

    private static List<String> statuses(McpStream stream, String taskId) {
        return notifications(stream, taskId).stream()
                .map(m -> m.at("/params/status").asText())
                .toList();
    }

    /**
     * The second instance both tests hold the listen stream on, with a short session check: started by the first test
     * and reused by the other (one service start fewer).
     */
    private static URI replicaB() throws Exception {
        return URI.create(LocalStack.get()
                        .startExtra(
                                "mcp-frontend",
                                "mcp-frontend-listen-b",
                                Map.of("TASKGATE_FRONTEND_LISTEN_SESSION_CHECK", "2s"))
                        .baseUrl()
                + "/mcp");
    }
}
