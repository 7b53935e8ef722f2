package dev.taskgate.frontend.mcp.v2025;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpKafkaComponentTest;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 2025-11-25 core tasks through a session, with the test playing job-control: task-augmented tools/call answers a
 * nested CreateTaskResult for an mcp-2025 execution, tasks/get maps isError to failed, tasks/result returns the
 * stored bytes with related-task meta, tasks/list pages the caller's tasks, tasks/cancel refuses terminal tasks,
 * handles of the other generation are refused clearly, an ordinary call returns the stored result byte for byte.
 */
@QuarkusTest
class Mcp2025TaskTest extends McpKafkaComponentTest {
    private static final String STORED =
            "{ \"content\": [{\"type\":\"text\",\"text\":\"done\"}],\n \"isError\": false }";
    private static final String TOOL_ERROR = "{\"content\":[{\"type\":\"text\",\"text\":\"no\"}],\"isError\":true}";

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;
    private Mcp2025Session client;

    @Inject
    ExecutionHandles handles;

    @BeforeEach
    void connect() {
        queries.reset();
        client = mcp2025().initialize("2025-11-25");
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void aTaskAugmentedCallCreatesAMcp2025Task() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.sleep", Surface.MCP_2025));
        ObjectNode params = call("demo.sleep", Map.of("seconds", 5));
        params.putObject("task").put("ttl", 600_000);

        McpReply response = client.request(5, "tools/call", params);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CreateTaskResult", response.json().get("result"));
        JsonNode task = response.json().at("/result/task");
        assertThat(task.path("taskId").asText())
                .isEqualTo(handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice")));
        assertThat(task.path("status").asText()).isEqualTo("working");
        assertThat(task.path("ttl").asLong()).isPositive();
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.surface()).isEqualTo(Surface.MCP_2025);
    }

    @Test
    void taskSupportIsEnforcedBeforeAnythingIsPublished() {
        jobControl = JobControlResponder.answering(c -> null);
        ObjectNode forbidden = call("demo.fail", Map.of());
        forbidden.putObject("task");

        McpReply withTask = client.request(6, "tools/call", forbidden);
        McpReply withoutTask = client.request(7, "tools/call", call("demo.crash", Map.of()));

        Mcp2025Client.assertError(withTask.json(), -32601);
        Mcp2025Client.assertError(withoutTask.json(), -32601);
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aToolErrorIsAFailedTaskWhoseResultIsTheStoredBytes() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(id, ExecutionStatus.COMPLETED, TOOL_ERROR);

        McpReply get = client.request(8, "tasks/get", Mcp2025Client.params().put("taskId", taskId));
        McpReply result =
                client.request(9, "tasks/result", Mcp2025Client.params().put("taskId", taskId));

        Mcp2025Client.assertValid("JSONRPCResultResponse", get.json());
        Mcp2025Client.assertValid("GetTaskResult", get.json().get("result"));
        assertThat(get.json().at("/result/status").asText()).isEqualTo("failed");
        Mcp2025Client.assertValid("JSONRPCResultResponse", result.json());
        Mcp2025Client.assertValid("CallToolResult", result.json().get("result"));
        String body = new String(result.bytes(), StandardCharsets.UTF_8);
        assertThat(body)
                .contains("\"result\":{\"_meta\":{\"io.modelcontextprotocol/related-task\":{\"taskId\":\"" + taskId
                        + "\"}}," + TOOL_ERROR.substring(1));
    }

    @Test
    void aCompletedTaskResultKeepsTheToolsBytes() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(id, ExecutionStatus.COMPLETED, STORED);

        McpReply get = client.request(10, "tasks/get", Mcp2025Client.params().put("taskId", taskId));
        McpReply result =
                client.request(11, "tasks/result", Mcp2025Client.params().put("taskId", taskId));

        assertThat(get.json().at("/result/status").asText()).isEqualTo("completed");
        assertThat(get.json().at("/result").has("pollInterval")).isFalse();
        assertThat(new String(result.bytes(), StandardCharsets.UTF_8)).contains(STORED.substring(1));
        assertThat(result.json().at("/result/content/0/text").asText()).isEqualTo("done");
    }

    @Test
    void cancellingATerminalTaskIsInvalidParams() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(id, ExecutionStatus.COMPLETED, STORED);
        jobControl = JobControlResponder.answering(c -> null);

        McpReply response =
                client.request(12, "tasks/cancel", Mcp2025Client.params().put("taskId", taskId));

        Mcp2025Client.assertError(response.json(), -32602);
        assertThat(response.json().at("/error/message").asText()).contains("terminal status 'completed'");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void cancellingARunningTaskCancelsItDurably() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(id, ExecutionStatus.WORKING, null);
        jobControl = JobControlResponder.answering(c -> {
            ExecutionSnapshot requested = cancelRequested(id);
            queries.answer(
                    "/internal/v1/executions/" + id + "/outcome",
                    200,
                    Wire.toBytes(new ExecutionOutcome(requested, null, null)));
            return new dev.taskgate.contracts.command.Accepted(
                            UUID.randomUUID(),
                            java.time.Instant.now(),
                            c.messageId(),
                            c.replyTo(),
                            id,
                            false,
                            requested)
                    .withStopDelivered(true);
        });

        McpReply response =
                client.request(13, "tasks/cancel", Mcp2025Client.params().put("taskId", taskId));

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CancelTaskResult", response.json().get("result"));
        assertThat(response.json().at("/result/status").asText()).isEqualTo("cancelled");
        assertThat(response.json()
                        .at("/result/_meta/dev.taskgate~1stopDelivery")
                        .asText())
                .isEqualTo("stop_delivered");
        assertThat(jobControl.received()).hasSize(1);
        assertThat(jobControl.received().get(0).command()).isInstanceOf(CancelExecution.class);
    }

    @Test
    void aCancelledTaskStaysCancelledWhenTheWorkFinishedBeforeTheStop() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(cancelRequested(id, ExecutionStatus.COMPLETED), STORED, null)));
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        jobControl = JobControlResponder.answering(c -> null);

        McpReply get = client.request(22, "tasks/get", Mcp2025Client.params().put("taskId", taskId));
        McpReply result =
                client.request(23, "tasks/result", Mcp2025Client.params().put("taskId", taskId));
        McpReply cancelAgain =
                client.request(24, "tasks/cancel", Mcp2025Client.params().put("taskId", taskId));

        Mcp2025Client.assertValid("GetTaskResult", get.json().get("result"));
        assertThat(get.json().at("/result/status").asText()).isEqualTo("cancelled");
        assertThat(get.json().at("/result/statusMessage").asText()).contains("already ended completed");
        // the recorded outcome is what tasks/result returns, byte for byte
        assertThat(new String(result.bytes(), StandardCharsets.UTF_8)).contains(STORED.substring(1));
        Mcp2025Client.assertError(cancelAgain.json(), -32602);
        assertThat(cancelAgain.json().at("/error/message").asText()).contains("terminal status 'cancelled'");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void handlesOfTheOtherGenerationAreRefusedClearly() {
        UUID id = UUID.randomUUID();
        String task2026 = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
        String rest = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        McpReply with2026 =
                client.request(14, "tasks/get", Mcp2025Client.params().put("taskId", task2026));
        McpReply withRest =
                client.request(15, "tasks/get", Mcp2025Client.params().put("taskId", rest));
        McpReply forged = client.request(16, "tasks/get", Mcp2025Client.params().put("taskId", "tgx_nope"));

        Mcp2025Client.assertError(with2026.json(), -32602);
        assertThat(with2026.json().at("/error/message").asText()).contains("2026-07-28");
        assertThat(withRest.json().at("/error/message").asText()).contains("REST");
        Mcp2025Client.assertError(forged.json(), -32602);
        assertThat(forged.json().at("/error/message").asText()).isEqualTo("Failed to retrieve task: Task not found");
        assertThat(queries.requests())
                .extracting(FakeJobControlQueries.Request::path)
                .noneMatch(path -> path.startsWith("/internal/v1/executions"));
    }

    @Test
    void the2026SurfaceRefusesA2025TaskClearly() {
        String task2025 = handles.mint(UUID.randomUUID(), Surface.MCP_2025, Fixtures.caller("alice"));

        McpReply response = mcp().task(21, "tasks/get", task2025).post();

        assertThat(response.status()).isEqualTo(200);
        dev.taskgate.testsupport.McpSchemas.assertValidError(response.json());
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().at("/error/message").asText()).contains("2025-era session");
    }

    @Test
    void tasksListPagesTheCallersTasks() {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        queries.answer(
                "GET",
                "/internal/v1/executions",
                200,
                Wire.toBytes(new ExecutionPage(
                        List.of(
                                Fixtures.snapshot(first, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2025),
                                Fixtures.snapshot(second, "demo.sleep", ExecutionStatus.QUEUED, Surface.MCP_2025)),
                        "next-page")));

        McpReply response = client.request(17, "tasks/list", Mcp2025Client.params());

        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("ListTasksResult", response.json().get("result"));
        assertThat(response.json().at("/result/tasks/0/taskId").asText())
                .isEqualTo(handles.mint(first, Surface.MCP_2025, Fixtures.caller("alice")));
        assertThat(response.json().at("/result/tasks/1/status").asText()).isEqualTo("working");
        assertThat(response.json().at("/result/nextCursor").asText()).isEqualTo("next-page");
        FakeJobControlQueries.Request asked = queries.requests().stream()
                .filter(r -> r.path().equals("/internal/v1/executions"))
                .findFirst()
                .orElseThrow();
        assertThat(asked.query()).contains("surface=mcp-2025").contains("limit=50");
        assertThat(asked.principal()).isEqualTo(Fixtures.caller("alice").principal());
    }

    @Test
    void tasksListTellsFailedFromCompletedByJobControlsFlagWithoutReadingResults() {
        UUID failed = UUID.randomUUID();
        UUID completed = UUID.randomUUID();
        UUID unflagged = UUID.randomUUID();
        queries.answer(
                "GET",
                "/internal/v1/executions",
                200,
                Wire.toBytes(new ExecutionPage(
                        List.of(
                                flagged(failed, true),
                                flagged(completed, false),
                                Fixtures.snapshot(unflagged, "demo.fail", ExecutionStatus.COMPLETED, Surface.MCP_2025)),
                        null)));
        // a result stored before the flag existed is still read, once
        queries.answer(
                "/internal/v1/executions/" + unflagged + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(unflagged, "demo.fail", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                        TOOL_ERROR,
                        null)));

        McpReply response = client.request(25, "tasks/list", Mcp2025Client.params());

        Mcp2025Client.assertValid("ListTasksResult", response.json().get("result"));
        assertThat(response.json().at("/result/tasks"))
                .extracting(t -> t.path("status").asText())
                .containsExactly("failed", "completed", "failed");
        assertThat(queries.requests())
                .extracting(FakeJobControlQueries.Request::path)
                .filteredOn(path -> path.endsWith("/outcome"))
                .containsExactly("/internal/v1/executions/" + unflagged + "/outcome");
    }

    @Test
    void anInvalidListCursorIsInvalidParams() {
        queries.answer("GET", "/internal/v1/executions", 400, "{\"status\":400}".getBytes());

        McpReply response =
                client.request(18, "tasks/list", Mcp2025Client.params().put("cursor", "bogus"));

        Mcp2025Client.assertError(response.json(), -32602);
    }

    @Test
    void anOrdinaryCallAnswersTheStoredResultByteForByte() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2025));
        played(id, "demo.echo", Surface.MCP_2025).complete(queries, STORED);

        McpReply response = client.request(19, "tools/call", call("demo.echo", Map.of("message", "hi")));

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        assertThat(new String(response.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":19,\"result\":" + STORED + "}");
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.surface()).isEqualTo(Surface.MCP_2025);
    }

    @Test
    void aCancellationBeforeTheCallPreventsAdmission() {
        jobControl = JobControlResponder.answering(c -> null);
        client.notify("notifications/cancelled", Mcp2025Client.params().put("requestId", 20));

        McpReply response = client.request(20, "tools/call", call("demo.echo", Map.of("message", "hi")));

        Mcp2025Client.assertError(response.json(), -32603);
        assertThat(jobControl.received()).isEmpty();
    }

    private static ObjectNode call(String tool, Map<String, ?> arguments) {
        ObjectNode params = Mcp2025Client.params().put("name", tool);
        params.set("arguments", Wire.mapper().valueToTree(arguments));
        return params;
    }

    private String outcome(UUID id, ExecutionStatus status, String result) {
        ExecutionSnapshot snapshot = Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2025);
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(snapshot, result, null)));
        return handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
    }

    private static ExecutionSnapshot flagged(UUID id, boolean toolError) {
        ExecutionSnapshot s = Fixtures.snapshot(id, "demo.fail", ExecutionStatus.COMPLETED, Surface.MCP_2025);
        return new ExecutionSnapshot(
                s.executionId(),
                s.toolName(),
                s.toolVersion(),
                s.status(),
                s.surface(),
                s.createdAt(),
                s.updatedAt(),
                s.executionDeadline(),
                s.retentionExpiresAt(),
                null,
                null,
                null,
                null,
                null,
                null,
                toolError);
    }

    private static ExecutionSnapshot cancelRequested(UUID id) {
        return cancelRequested(id, ExecutionStatus.WORKING);
    }

    private static ExecutionSnapshot cancelRequested(UUID id, ExecutionStatus status) {
        ExecutionSnapshot s = Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2025);
        return new ExecutionSnapshot(
                s.executionId(),
                s.toolName(),
                s.toolVersion(),
                s.status(),
                s.surface(),
                s.createdAt(),
                s.updatedAt(),
                s.executionDeadline(),
                s.retentionExpiresAt(),
                null,
                null,
                null,
                Boolean.TRUE,
                null);
    }
}
