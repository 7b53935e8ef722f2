package dev.taskgate.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.testsupport.RawJson;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * MCP 2026-07-28 over Streamable HTTP through all four packaged services on the real broker and database:
 * discovery, a synchronous call with the exact result, a task polled to completion, a cancelled task, a task
 * followed on a {@code subscriptions/listen} stream, and task ids that are private to their principal.
 */
@ExtendWith(LocalStack.class)
class Mcp2026E2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static String alice;
    private static String bob;

    @BeforeAll
    static void setUp() {
        alice = Tokens.forSubject("alice")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        bob = Tokens.forSubject("bob")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void discoverAndListTheTools() {
        JsonNode discover = mcp(alice).request("server/discover").post().json();
        assertThat(discover.at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(discover.at("/result/supportedVersions/0").asText()).isEqualTo("2026-07-28");
        assertThat(discover.at("/result/capabilities/extensions").has(Mcp2026Client.TASKS))
                .isTrue();

        JsonNode list = mcp(alice).request("tools/list").post().json();
        assertThat(list.at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(list.at("/result/tools"))
                .extracting(t -> t.path("name").asText())
                .contains("demo.echo", "demo.sleep", "demo.fail", "demo.crash");
        assertThat(list.at("/result/ttlMs").isIntegralNumber()).isTrue();
    }

    @Test
    void synchronousEchoReturnsTheToolsExactResult() throws Exception {
        Map<String, Object> arguments = Map.of("greeting", "hello", "n", 3);
        McpReply sync = mcp(alice).toolCall("demo.echo", arguments).post();

        assertThat(sync.status()).as(sync.text()).isEqualTo(200);
        JsonNode result = sync.json().path("result");
        assertThat(result.path("resultType").asText()).isEqualTo("complete");
        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.path("structuredContent")).isEqualTo(JSON.valueToTree(arguments));
        assertThat(JSON.readTree(result.at("/content/0/text").asText())).isEqualTo(JSON.valueToTree(arguments));

        // The same call as a task yields the same stored bytes: the synchronous answer is the tool's text as is.
        String taskId = createTask(alice, "demo.echo", arguments);
        awaitStatus(alice, taskId, "completed");
        McpReply polled = mcp(alice).task("tasks/get", taskId).post();
        assertThat(rawMember(polled.text(), "\"result\":{\"resultType\"", true))
                .isEqualTo(rawMember(sync.text(), "\"result\":{\"resultType\"", false));
    }

    @Test
    void sleepRunsAsATaskPolledToCompletion() {
        McpReply created = mcp(alice)
                .toolCall("demo.sleep", Map.of("seconds", 2))
                .withTasks()
                .post();
        JsonNode task = created.json().path("result");
        assertThat(task.path("resultType").asText()).isEqualTo("task");
        assertThat(task.path("status").asText()).isEqualTo("working");
        assertThat(task.path("ttlMs").asLong()).isEqualTo(86_400_000L);
        assertThat(task.path("pollIntervalMs").asLong()).isPositive();
        String taskId = task.path("taskId").asText();

        // Durably committed before the answer: an immediate poll finds it.
        McpReply immediate = mcp(alice).task("tasks/get", taskId).post();
        assertThat(immediate.json().at("/result/status").asText()).isIn("working", "completed");

        JsonNode done = awaitStatus(alice, taskId, "completed");
        assertThat(done.at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(done.at("/result/result/resultType").asText()).isEqualTo("complete");
        assertThat(done.at("/result/result/isError").asBoolean()).isFalse();
    }

    @Test
    void cancellingALongSleepTaskEndsItCancelled() {
        String taskId = createTask(alice, "demo.sleep", Map.of("seconds", 120));
        awaitStatus(alice, taskId, "working");

        McpReply ack = mcp(alice).task("tasks/cancel", taskId).post();
        assertThat(ack.status()).as(ack.text()).isEqualTo(200);
        assertThat(ack.json().at("/result/resultType").asText()).isEqualTo("complete");
        // a task shows "working" while still queued (cancelled at once, no stop to deliver); once running, the healthy
        // relay publishes its stop in time
        assertThat(ack.json().at("/result/_meta/dev.taskgate~1stopDelivery").asText())
                .isIn("", "stop_delivered");

        JsonNode cancelled = awaitStatus(alice, taskId, "cancelled");
        assertThat(cancelled.at("/result/result").isMissingNode()).isTrue();
        // idempotent on a terminal task
        assertThat(mcp(alice)
                        .task("tasks/cancel", taskId)
                        .post()
                        .json()
                        .at("/result/resultType")
                        .asText())
                .isEqualTo("complete");
    }

    @Test
    void aSubscriptionTellsTheTasksStatusUntilItEndsThenEnds() {
        String taskId = createTask(alice, "demo.sleep", Map.of("seconds", 5));
        String bobsTask = createTask(bob, "demo.sleep", Map.of("seconds", 3));

        try (McpStream stream = mcp(alice)
                .request("sub-e2e", "subscriptions/listen")
                .param("notifications", Map.of("taskIds", List.of(taskId, bobsTask)))
                .withTasks()
                .header("Accept", "application/json, text/event-stream")
                .stream()) {
            assertThat(stream.status()).isEqualTo(200);
            JsonNode end = stream.awaitResponse(SETTLE);
            List<JsonNode> told = stream.messages();
            assertThat(told.get(0).at("/params/notifications/taskIds"))
                    .as("bob's task is not alice's to follow")
                    .containsExactly(JSON.getNodeFactory().textNode(taskId));
            assertThat(told.subList(1, told.size() - 1))
                    .allSatisfy(m -> {
                        assertThat(m.path("method").asText()).isEqualTo("notifications/tasks");
                        assertThat(m.at("/params/taskId").asText()).isEqualTo(taskId);
                        assertThat(m.at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                                        .asText())
                                .isEqualTo("sub-e2e");
                    })
                    .extracting(m -> m.at("/params/status").asText())
                    .endsWith("completed");
            assertThat(told.get(told.size() - 2).at("/params/result/isError").asBoolean())
                    .isFalse();
            assertThat(end.at("/result/resultType").asText())
                    .as("nothing left to tell")
                    .isEqualTo("complete");
        }
    }

    @Test
    void anotherPrincipalsTaskIdIsAnUnknownTask() {
        String taskId = createTask(alice, "demo.echo", Map.of("secret", "alice's"));
        String tampered = taskId.substring(0, taskId.length() - 1) + (taskId.endsWith("A") ? "B" : "A");

        JsonNode bobsView = mcp(bob).task("tasks/get", taskId).post().json();
        JsonNode tamperedView = mcp(alice).task("tasks/get", tampered).post().json();
        JsonNode bobsCancel = mcp(bob).task("tasks/cancel", taskId).post().json();

        assertThat(bobsView.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(bobsView.path("error")).isEqualTo(tamperedView.path("error"));
        assertThat(bobsCancel.path("error")).isEqualTo(bobsView.path("error"));
        assertThat(bobsView.toString()).doesNotContain("alice's");
        // alice still sees hers, unharmed by bob's cancel
        assertThat(awaitStatus(alice, taskId, "completed").at("/result/status").asText())
                .isEqualTo("completed");
    }

    private static String createTask(String token, String tool, Map<String, ?> arguments) {
        McpReply created = mcp(token).toolCall(tool, arguments).withTasks().post();
        assertThat(created.json().at("/result/resultType").asText())
                .as(created.text())
                .isEqualTo("task");
        return created.json().at("/result/taskId").asText();
    }

    private static JsonNode awaitStatus(String token, String taskId, String status) {
        JsonNode[] last = new JsonNode[1];
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(200)).until(() -> {
            last[0] = mcp(token).task("tasks/get", taskId).post().json();
            return status.equals(last[0].at("/result/status").asText());
        });
        return last[0];
    }

    // The raw text of the object that starts after the `"result":` that begins `marker`: the exact bytes.
    private static String rawMember(String text, String marker, boolean last) {
        int at = last ? text.lastIndexOf(marker) : text.indexOf(marker);
        assertThat(at).as(text).isNotNegative();
        return RawJson.objectAt(text, at + "\"result\":".length());
    }

    private static Mcp2026Client mcp(String token) {
        return LocalStack.get().mcp(token).v2026();
    }
}
