package dev.taskgate.frontend.mcp.stdio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.mcp.ToolListChanges;
import dev.taskgate.frontend.mcp.v2025.ClientResponses;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.UpstreamToolFixtures;
import dev.taskgate.frontend.support.WithClientRequests;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.McpStdioClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The stdio transport driven in-process (piped standard input and output) by a 2025-11-25 client, with the test
 * playing job-control and worker-pool: {@code tasks/result} writes the task's progress and log messages as
 * notifications before its answer; an execution's input is asked of the client with {@code elicitation/create} (as
 * its capabilities allow, with the related-task {@code _meta} in {@code tasks/result}) and the client's response,
 * read from standard input, reaches job-control as {@code ProvideInput}; a response of the wrong shape gets an
 * id-less error, a forged one is ignored; {@code notifications/cancelled} ends a {@code tasks/result} wait without an
 * answer and the task goes on. Every message the server writes is checked against the 2025-11-25 schema.
 */
@QuarkusTest
@TestProfile(WithClientRequests.class)
class Mcp2025StdioStreamsTest extends WithPlayedExecution {
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String DONE = "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}";
    private static final String RELATED_TASK_ID = "/params/_meta/io.modelcontextprotocol~1related-task/taskId";

    @Inject
    StdioTransport transport;

    @Inject
    ExecutionHandles handles;

    @Inject
    ClientResponses responses;

    @Inject
    OperationCatalog catalog;

    private McpStdioClient stdio;

    @Override
    protected Surface surface() {
        return Surface.MCP_2025;
    }

    @AfterEach
    void disconnect() {
        if (stdio != null) {
            stdio.close();
            stdio.awaitEnd(PATIENCE);
        }
    }

    @Test
    void tasksResultWritesTheTasksProgressAndLogMessagesBeforeItsAnswer() {
        connect(capabilities());
        assertValidResult(
                stdio.request("logging/setLevel", Mcp2025Client.params().put("level", "info")));
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        execution.answerOutcome(queries, working(TextNode.valueOf("tok-S"), 1.0), null);

        long request = stdio.send("tasks/result", Mcp2025Client.task(taskId));
        await().atMost(PATIENCE).until(() -> signals.isCarried(id));
        execution.progress(1, 10.0, "not above what was recorded when tasks/result began");
        await().atMost(PATIENCE).untilAsserted(() -> {
            execution.progress(2, 10.0, "two"); // until the wait has read the task (a repeat is never sent again)
            assertThat(stdio.matching(m ->
                            "notifications/progress".equals(m.path("method").asText())))
                    .isNotEmpty();
        });
        execution.log(LogLevel.DEBUG, "below the level");
        execution.log(LogLevel.INFO, "halfway");
        await().atMost(PATIENCE).until(() -> !stdio.matching(this::isLog).isEmpty());
        execution.complete(queries, DONE);

        JsonNode answer = stdio.awaitResponse(request, PATIENCE);
        Mcp2025Client.assertValid("JSONRPCResultResponse", answer);
        Mcp2025Client.assertValid("CallToolResult", answer.get("result"));
        assertThat(answer.at("/result/_meta/io.modelcontextprotocol~1related-task/taskId")
                        .asText())
                .isEqualTo(taskId);
        List<JsonNode> before = stdio.receivedDuring(request).stream()
                .filter(m -> m.has("method"))
                .toList();
        assertThat(before)
                .extracting(m -> m.path("method").asText())
                .containsExactly("notifications/progress", "notifications/message");
        Mcp2025Client.assertValid("ProgressNotification", before.get(0));
        assertThat(before.get(0).at("/params/progressToken")).isEqualTo(TextNode.valueOf("tok-S"));
        assertThat(before.get(0).at("/params/progress").asInt()).isEqualTo(2);
        assertThat(before.get(0).at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
        Mcp2025Client.assertValid("LoggingMessageNotification", before.get(1));
        assertThat(before.get(1).at("/params/data").asText()).isEqualTo("halfway");
        assertThat(before.get(1).at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
    }

    @Test
    void anOrdinaryCallAsksTheClientAndTheResponseReadFromStandardInputResumesIt() {
        connect(capabilities("elicitation"));
        long call = waitingCall();

        JsonNode asked = awaitClientRequest();
        Mcp2025Client.assertValid("JSONRPCRequest", asked);
        Mcp2025Client.assertValid("ElicitRequest", asked);
        assertThat(asked.path("id").asText()).startsWith("tgq1.");
        assertThat(asked.at("/params").has("_meta"))
                .as("not a task: no related-task meta")
                .isFalse();
        ObjectNode accept = json("{\"action\":\"accept\",\"content\":{\"confirm\":true}}");
        stdio.respond(asked.get("id"), "result", accept);

        await().atMost(PATIENCE).until(() -> !provides().isEmpty());
        assertThat(provides().get(0).executionId()).isEqualTo(id);
        assertThat(provides().get(0).responses()).containsEntry("confirm", accept);
        JsonNode answer = stdio.awaitResponse(call, PATIENCE);
        Mcp2025Client.assertValid("JSONRPCResultResponse", answer);
        Mcp2025Client.assertValid("CallToolResult", answer.get("result"));
        assertThat(answer.at("/result/content/0/text").asText()).isEqualTo("done");
    }

    @Test
    void tasksResultAsksTheTasksInputWithTheRelatedTaskMeta() {
        connect(capabilities("elicitation"));
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        answerInput();
        answerWaiting();

        long request = stdio.send("tasks/result", Mcp2025Client.task(taskId));
        JsonNode asked = awaitClientRequest();
        Mcp2025Client.assertValid("ElicitRequest", asked);
        assertThat(asked.at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
        ObjectNode decline = json("{\"action\":\"decline\"}");
        stdio.respond(asked.get("id"), "result", decline);

        await().atMost(PATIENCE).until(() -> !provides().isEmpty());
        assertThat(provides().get(0).responses()).containsEntry("confirm", decline);
        JsonNode answer = stdio.awaitResponse(request, PATIENCE);
        Mcp2025Client.assertValid("JSONRPCResultResponse", answer);
        assertThat(answer.at("/result/content/0/text").asText()).isEqualTo("done");
    }

    @Test
    void aClientWithoutTheCapabilityIsNotAskedAndTheCallAnswersTheHandleView() {
        connect(capabilities());
        long call = waitingCall();

        JsonNode answer = stdio.awaitResponse(call, PATIENCE);

        Mcp2025Client.assertValid("JSONRPCResultResponse", answer);
        Mcp2025Client.assertValid("CallToolResult", answer.get("result"));
        assertThat(answer.at("/result/structuredContent/state").asText()).isEqualTo("input_required");
        assertThat(answer.at("/result/structuredContent/next_action/tool").asText())
                .isEqualTo("execution_provide_input");
        assertThat(stdio.receivedDuring(call)).as("nothing asked").hasSize(1);
        assertThat(jobControl.received())
                .extracting(JobControlResponder.Received::command)
                .noneMatch(c -> c instanceof CancelExecution || c instanceof ProvideInput);
    }

    @Test
    void aResponseOfTheWrongShapeGetsAnIdlessErrorAndAForgedOneIsIgnored() {
        connect(capabilities("elicitation"));
        long call = waitingCall();
        JsonNode asked = awaitClientRequest();
        long ignoredBefore = responses.ignored();

        stdio.respond(TextNode.valueOf("tgq1.e30.AAAA"), "result", json("{\"action\":\"cancel\"}"));
        stdio.respond(asked.get("id"), "result", json("{\"action\":\"maybe\"}"));

        JsonNode refused = stdio.awaitMessage(m -> m.has("error") && !m.has("id"), PATIENCE);
        Mcp2025Client.assertError(refused, -32602);
        await().atMost(PATIENCE).until(() -> responses.ignored() - ignoredBefore == 1);
        assertThat(provides()).as("neither reached job-control").isEmpty();
        stdio.respond(asked.get("id"), "result", json("{\"action\":\"cancel\"}"));
        Mcp2025Client.assertValid("JSONRPCResultResponse", stdio.awaitResponse(call, PATIENCE));
        assertThat(provides()).hasSize(1);
    }

    @Test
    void notificationsCancelledEndsATasksResultWaitWithoutAnAnswerAndTheTaskGoesOn() {
        connect(capabilities());
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        long request = stdio.send("tasks/result", Mcp2025Client.task(taskId));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id));

        stdio.notify("notifications/cancelled", Mcp2025Client.params().put("requestId", request));

        await().atMost(PATIENCE).until(() -> !signals.isWatched(id));
        stdio.close();
        stdio.awaitEnd(PATIENCE); // the connection ended: everything it was going to write is written
        assertThat(stdio.received())
                .as("no answer to a cancelled request")
                .noneMatch(m -> m.path("id").asLong(-1) == request);
        assertThat(jobControl.received()).as("the task goes on").isEmpty();
    }

    @Test
    void aChangeOfTheToolsTheClientMayListIsToldOnTheConnection() {
        connect(capabilities());
        try {
            catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool("stdio-list-1", "up.echo", "acme/*"));
            JsonNode told = stdio.awaitMessage(
                    m -> ToolListChanges.METHOD.equals(m.path("method").asText()), PATIENCE);
            Mcp2025Client.assertValid("ToolListChangedNotification", told);
        } finally {
            catalog.replaceUpstreamTools(UpstreamTools.NONE);
        }
    }

    // --- helpers ---

    private void connect(ObjectNode capabilities) {
        stdio = InProcessStdio.connect(transport, Fixtures.aliceToken());
        ObjectNode params = Mcp2025Client.params().put("protocolVersion", Mcp2025Client.VERSION);
        params.set("capabilities", capabilities);
        params.putObject("clientInfo").put("name", "stdio-test").put("version", "1");
        JsonNode initialized = stdio.request("initialize", params);
        assertValidResult(initialized);
        Mcp2025Client.assertValid("InitializeResult", initialized.get("result"));
        stdio.notify("notifications/initialized", null);
    }

    // A synchronous call whose execution waits for one elicitation; ProvideInput completes it.
    private long waitingCall() {
        answerInput();
        answerWaiting();
        ObjectNode call = Mcp2025Client.params().put("name", "demo.echo");
        call.putObject("arguments").put("message", "hi");
        return stdio.send("tools/call", call);
    }

    // job-control takes each answer, and the execution completes
    private void answerInput() {
        jobControl.close();
        jobControl = JobControlResponder.answering(c -> {
            if (c instanceof SubmitExecution) {
                return Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2025);
            }
            if (c instanceof ProvideInput) {
                queries.answer(
                        "/internal/v1/executions/" + id + "/outcome",
                        200,
                        Wire.toBytes(new ExecutionOutcome(
                                Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                                DONE,
                                null)));
                return Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.echo", Surface.MCP_2025);
            }
            return null;
        });
    }

    private void answerWaiting() {
        ExecutionSnapshot waiting =
                Fixtures.waitingForInput(id, Surface.MCP_2025, Map.of("confirm", Fixtures.confirmRequest()));
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(waiting, null, null)));
        queries.answer("/internal/v1/executions/" + id, 200, Wire.toBytes(waiting));
    }

    private JsonNode awaitClientRequest() {
        return stdio.awaitMessage(m -> m.has("method") && m.has("id"), PATIENCE);
    }

    private List<ProvideInput> provides() {
        return jobControl.received().stream()
                .map(JobControlResponder.Received::command)
                .filter(ProvideInput.class::isInstance)
                .map(ProvideInput.class::cast)
                .toList();
    }

    private boolean isLog(JsonNode message) {
        return "notifications/message".equals(message.path("method").asText());
    }

    private ExecutionSnapshot working(JsonNode progressToken, Double progress) {
        return Fixtures.withProgress(
                Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2025),
                progressToken,
                progress);
    }

    private static void assertValidResult(JsonNode message) {
        Mcp2025Client.assertValid("JSONRPCResultResponse", message);
    }

    private static ObjectNode capabilities(String... names) {
        ObjectNode capabilities = Wire.mapper().createObjectNode();
        for (String name : names) {
            capabilities.putObject(name);
        }
        return capabilities;
    }

    private static ObjectNode json(String text) {
        try {
            return (ObjectNode) Wire.mapper().readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
