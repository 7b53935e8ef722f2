package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static dev.taskgate.testsupport.McpSchemas.assertValid2025;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.call;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 2025-era adapter's behaviours on the packaged stack (issue 4), every message the frontend sends checked against
 * the official 2025-11-25 schema: the session basics (initialize with the task capabilities, ping, tools/list, the
 * version header, unknown and ended sessions), a tool error as a {@code failed} task whose {@code tasks/result} carries
 * the stored bytes, {@code tasks/list} paging only the caller's tasks, {@code tasks/cancel} (cancelled in the reply and
 * for good, -32602 once terminal), progress of an ordinary call rising strictly up to its result, a task's progress
 * streamed on {@code tasks/result} under its token (tasks §9), the operation's log
 * messages after {@code logging/setLevel} ahead of the result, {@code notifications/cancelled} ending an ordinary call,
 * and {@code execution_cancel} reporting its outcome.
 */
@ExtendWith(LocalStack.class)
class Mcp2025TasksE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static URI endpoint;

    @BeforeAll
    static void setUp() {
        endpoint = URI.create(LocalStack.get().frontendUrl() + "/mcp");
    }

    @Test
    void theSessionBasicsAnswerAsTheSpecSays() {
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token("basics")).v2025().initialize();
        JsonNode initialized = session.initialized().json();
        assertValid2025("JSONRPCResultResponse", initialized);
        assertValid2025("InitializeResult", initialized.get("result"));
        JsonNode tasks = initialized.at("/result/capabilities/tasks");
        assertThat(tasks.has("list") && tasks.has("cancel"))
                .as(initialized.toString())
                .isTrue();
        assertThat(tasks.at("/requests/tools/call").isObject())
                .as(initialized.toString())
                .isTrue();

        JsonNode ping = session.request("ping", null).json();
        assertValid2025("JSONRPCResultResponse", ping);
        assertValid2025("EmptyResult", ping.get("result"));

        JsonNode tools = session.request("tools/list", JSON.createObjectNode()).json();
        assertValid2025("ListToolsResult", tools.get("result"));
        assertThat(taskSupport(tools, "demo.sleep")).isEqualTo("optional");
        assertThat(taskSupport(tools, "execution_get")).isEqualTo("forbidden");

        McpReply otherVersion =
                session.post(Mcp2025Client.message(90L, "ping", null), Map.of("MCP-Protocol-Version", "2025-06-18"));
        assertThat(otherVersion.status()).as(otherVersion.toString()).isEqualTo(400);
        McpReply unknown = session.post(
                Mcp2025Client.message(91L, "ping", null),
                Map.of("Mcp-Session-Id", "not-a-session-" + UUID.randomUUID()));
        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(404);
        assertValid2025("JSONRPCErrorResponse", unknown.json());

        assertThat(session.delete().status()).isEqualTo(204);
        McpReply ended = session.request("ping", null);
        assertThat(ended.status()).as(ended.toString()).isEqualTo(404);
        assertThat(session.delete().status()).isEqualTo(404);
    }

    @Test
    void aToolErrorIsAFailedTaskWhoseResultIsTheStoredBytes() {
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token("tool-error")).v2025().initialize();
        ObjectNode arguments = JSON.createObjectNode().put("message", "the disk is full");
        ObjectNode withTask = call("demo.fail", arguments);
        withTask.putObject("task").put("ttl", 600_000);

        JsonNode created = session.request("tools/call", withTask).json();
        assertValid2025("JSONRPCResultResponse", created);
        assertValid2025("CreateTaskResult", created.get("result"));
        String taskId = created.at("/result/task/taskId").asText();
        JsonNode failed = awaitStatus(session, taskId, "failed");
        assertThat(failed.has("pollInterval")).as("no poll hint once terminal").isFalse();

        McpReply result = session.request("tasks/result", task(taskId));
        assertValid2025("JSONRPCResultResponse", result.json());
        assertValid2025("CallToolResult", result.result());
        assertThat(result.result().path("isError").asBoolean()).isTrue();
        assertThat(result.result()
                        .at("/_meta/io.modelcontextprotocol~1related-task/taskId")
                        .asText())
                .isEqualTo(taskId);

        // the same call without a task answers the tool's result itself: the task's stored bytes are the same
        McpReply ordinary = session.request("tools/call", call("demo.fail", arguments));
        assertValid2025("CallToolResult", ordinary.result());
        assertThat(result.rawResult())
                .isEqualTo("{\"_meta\":{\"io.modelcontextprotocol/related-task\":" + "{\"taskId\":\"" + taskId + "\"}},"
                        + ordinary.rawResult().substring(1));
    }

    @Test
    void tasksListPagesOnlyTheCallersTasks() {
        Mcp2025Session owner =
                McpTestClient.http(endpoint).bearer(token("list-owner")).v2025().initialize();
        Mcp2025Session other =
                McpTestClient.http(endpoint).bearer(token("list-other")).v2025().initialize();
        Set<String> created = new HashSet<>();
        for (int i = 0; i < 52; i++) {
            ObjectNode params = call("demo.echo", JSON.createObjectNode().put("n", i));
            params.putObject("task");
            created.add(owner.request("tools/call", params)
                    .json()
                    .at("/result/task/taskId")
                    .asText());
        }
        ObjectNode othersCall = call("demo.echo", JSON.createObjectNode().put("n", -1));
        othersCall.putObject("task");
        String othersTask = other.request("tools/call", othersCall)
                .json()
                .at("/result/task/taskId")
                .asText();

        JsonNode first = owner.request("tasks/list", JSON.createObjectNode()).json();
        assertValid2025("JSONRPCResultResponse", first);
        assertValid2025("ListTasksResult", first.get("result"));
        String cursor = first.at("/result/nextCursor").asText(null);
        assertThat(cursor).as("a second page exists").isNotNull();
        JsonNode second = owner.request("tasks/list", JSON.createObjectNode().put("cursor", cursor))
                .json();
        assertValid2025("ListTasksResult", second.get("result"));
        assertThat(second.at("/result").has("nextCursor")).isFalse();

        List<String> listed = new ArrayList<>();
        first.at("/result/tasks").forEach(t -> listed.add(t.path("taskId").asText()));
        second.at("/result/tasks").forEach(t -> listed.add(t.path("taskId").asText()));
        assertThat(first.at("/result/tasks").size()).isEqualTo(50);
        assertThat(listed)
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(created)
                .doesNotContain(othersTask);

        JsonNode badCursor = owner.request("tasks/list", JSON.createObjectNode().put("cursor", "bogus"))
                .json();
        assertValid2025("JSONRPCErrorResponse", badCursor);
        assertThat(badCursor.at("/error/code").asInt()).isEqualTo(-32602);
        JsonNode notTheirs = other.request("tasks/get", task(listed.get(0))).json();
        assertValid2025("JSONRPCErrorResponse", notTheirs);
        assertThat(notTheirs.at("/error/code").asInt()).isEqualTo(-32602);
    }

    @Test
    void tasksCancelAnswersCancelledAndATerminalTaskCannotBeCancelledAgain() {
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token("cancel")).v2025().initialize();
        String taskId = sleepTask(session);

        JsonNode cancelled = session.request("tasks/cancel", task(taskId)).json();
        assertValid2025("JSONRPCResultResponse", cancelled);
        assertValid2025("CancelTaskResult", cancelled.get("result"));
        assertThat(cancelled.at("/result/status").asText()).isEqualTo("cancelled");
        // queued: cancelled at once, nothing to deliver; working: the healthy relay publishes the stop in time
        assertThat(cancelled.at("/result/_meta/dev.taskgate~1stopDelivery").asText())
                .isIn("", "stop_delivered");

        // tasks/result blocks until the execution is terminal: the stop reached the worker (or the queue)
        JsonNode result = session.request("tasks/result", task(taskId)).json();
        assertValid2025("JSONRPCErrorResponse", result);
        JsonNode after = session.request("tasks/get", task(taskId)).json();
        assertValid2025("GetTaskResult", after.get("result"));
        assertThat(after.at("/result/status").asText()).isEqualTo("cancelled");
        JsonNode again = session.request("tasks/cancel", task(taskId)).json();
        assertValid2025("JSONRPCErrorResponse", again);
        assertThat(again.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(again.at("/error/message").asText()).contains("terminal status 'cancelled'");
    }

    @Test
    void progressOfAnOrdinaryCallRisesStrictlyAndTheResultEndsTheStream() {
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token("progress")).v2025().initialize();
        ObjectNode params =
                call("demo.count", JSON.createObjectNode().put("to", 8).put("step_ms", 300));
        params.putObject("_meta").put("progressToken", "count-8");

        McpReply reply = session.request("tools/call", params);

        for (JsonNode message : assertRisingProgressThenResult(reply, "count-8", "counted to 8")) {
            assertThat(message.at("/params/_meta").isMissingNode())
                    .as("no task, no related-task _meta")
                    .isTrue();
        }
    }

    @Test
    void aTasksProgressStreamsOnTasksResultUnderItsTokenBeforeTheResult() {
        Mcp2025Session session = McpTestClient.http(endpoint)
                .bearer(token("task-progress"))
                .v2025()
                .initialize();
        ObjectNode params =
                call("demo.count", JSON.createObjectNode().put("to", 10).put("step_ms", 400));
        params.putObject("task");
        params.putObject("_meta").put("progressToken", "task-count-10");
        JsonNode created = session.request("tools/call", params).json();
        assertValid2025("CreateTaskResult", created.get("result"));
        String taskId = created.at("/result/task/taskId").asText();

        McpReply reply = session.request("tasks/result", task(taskId));

        for (JsonNode message : assertRisingProgressThenResult(reply, "task-count-10", "counted to 10")) {
            assertThat(message.at("/params/_meta/io.modelcontextprotocol~1related-task/taskId")
                            .asText())
                    .isEqualTo(taskId);
        }
        assertThat(reply.result()
                        .at("/_meta/io.modelcontextprotocol~1related-task/taskId")
                        .asText())
                .isEqualTo(taskId);
    }

    /**
     * A stream of progress notifications under {@code token}, strictly rising, then the result with {@code text}; the
     * notifications.
     */
    private static List<JsonNode> assertRisingProgressThenResult(McpReply reply, String token, String text) {
        assertThat(reply.isStream()).as(reply.toString()).isTrue();
        List<JsonNode> messages = reply.messages();
        List<JsonNode> notifications = messages.subList(0, messages.size() - 1);
        List<Double> progress = new ArrayList<>();
        for (JsonNode message : notifications) {
            assertValid2025("ProgressNotification", message);
            assertThat(message.at("/params/progressToken").asText()).isEqualTo(token);
            progress.add(message.at("/params/progress").asDouble());
        }
        assertThat(progress).as(reply.text()).isNotEmpty().isSorted().doesNotHaveDuplicates();
        assertValid2025("JSONRPCResultResponse", reply.json());
        assertValid2025("CallToolResult", reply.result());
        assertThat(reply.result().at("/content/0/text").asText()).isEqualTo(text);
        return notifications;
    }

    @Test
    void afterSetLevelTheOperationsLogMessagesPrecedeTheResult() {
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token("logging")).v2025().initialize();
        JsonNode setLevel = session.request(
                        "logging/setLevel", JSON.createObjectNode().put("level", "info"))
                .json();
        assertValid2025("JSONRPCResultResponse", setLevel);

        McpReply reply = session.request(
                "tools/call",
                call("demo.count", JSON.createObjectNode().put("to", 3).put("step_ms", 100)));

        assertThat(reply.isStream()).as(reply.toString()).isTrue();
        List<JsonNode> messages = reply.messages();
        List<String> logged = new ArrayList<>();
        for (JsonNode message : messages.subList(0, messages.size() - 1)) {
            assertValid2025("LoggingMessageNotification", message);
            assertThat(message.at("/params/level").asText()).isEqualTo("info");
            assertThat(message.at("/params/logger").asText()).isEqualTo("demo.count");
            logged.add(message.at("/params/data").asText());
        }
        assertThat(logged).containsExactly("counting to 3 from 0", "counted to 3");
        assertValid2025("CallToolResult", reply.result());
        assertThat(reply.result().at("/content/0/text").asText()).isEqualTo("counted to 3");
    }

    @Test
    void notificationsCancelledEndsAnOrdinaryCallAsCancelled() throws Exception {
        Mcp2025Session session = McpTestClient.http(endpoint)
                .bearer(token("notify-cancel"))
                .v2025()
                .initialize();
        CompletableFuture<McpReply> waiting = CompletableFuture.supplyAsync(() -> session.request(
                4242, "tools/call", call("demo.sleep", JSON.createObjectNode().put("seconds", 40))));
        String taskId = await().atMost(WAIT)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> session.request("tasks/list", JSON.createObjectNode())
                                .json()
                                .at("/result/tasks/0/taskId")
                                .asText(null),
                        id -> id != null);

        McpReply notified = session.notify(
                "notifications/cancelled",
                JSON.createObjectNode().put("requestId", 4242).put("reason", "no longer needed"));

        assertThat(notified.status()).isEqualTo(202);
        McpReply answered = waiting.get(90, TimeUnit.SECONDS);
        assertThat(answered.status()).as(answered.toString()).isEqualTo(200);
        assertThat(awaitStatus(session, taskId, "cancelled").path("status").asText())
                .isEqualTo("cancelled");
    }

    @Test
    void executionCancelReportsWhatItDidAndExecutionGetShowsTheEnd() {
        Mcp2025Session session = McpTestClient.http(endpoint)
                .bearer(token("compat-cancel"))
                .v2025()
                .initialize();
        String id = sleepTask(session);

        JsonNode cancel = session.request(
                        "tools/call",
                        call("execution_cancel", JSON.createObjectNode().put("execution_id", id)))
                .json();
        assertValid2025("CallToolResult", cancel.get("result"));
        assertThat(cancel.at("/result/structuredContent/type").asText()).isEqualTo("taskgate.execution-cancel/v1");
        assertThat(cancel.at("/result/structuredContent/outcome").asText()).isIn("accepted", "stop_delivered");

        JsonNode got = session.request(
                        "tools/call",
                        call(
                                "execution_get",
                                JSON.createObjectNode().put("execution_id", id).put("wait_ms", 30_000)))
                .json();
        assertValid2025("CallToolResult", got.get("result"));
        assertThat(got.at("/result/structuredContent/state").asText())
                .as(got.toString())
                .isEqualTo("cancelled");
        assertThat(got.at("/result/structuredContent").has("next_action")).isFalse();
    }

    /** A task of demo.sleep for 30 s: long enough to be cancelled while it runs. */
    private static String sleepTask(Mcp2025Session session) {
        ObjectNode params = call("demo.sleep", JSON.createObjectNode().put("seconds", 30));
        params.putObject("task");
        JsonNode created = session.request("tools/call", params).json();
        assertValid2025("CreateTaskResult", created.get("result"));
        return created.at("/result/task/taskId").asText();
    }

    private static JsonNode awaitStatus(Mcp2025Session session, String taskId, String status) {
        JsonNode[] last = new JsonNode[1];
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            JsonNode got = session.request("tasks/get", task(taskId)).json();
            assertValid2025("JSONRPCResultResponse", got);
            assertValid2025("GetTaskResult", got.get("result"));
            last[0] = got.get("result");
            return status.equals(last[0].path("status").asText());
        });
        return last[0];
    }

    private static String taskSupport(JsonNode toolList, String tool) {
        for (JsonNode t : toolList.at("/result/tools")) {
            if (tool.equals(t.path("name").asText())) {
                return t.at("/execution/taskSupport").asText();
            }
        }
        throw new AssertionError(tool + " is not listed: " + toolList);
    }

    private static String token(String purpose) {
        return Tokens.forSubject("tasks-2025-" + purpose + "-" + UUID.randomUUID())
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }
}
