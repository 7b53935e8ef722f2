package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithHandoffAfterOneSecond;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The compatibility tools and the handoff over MCP 2026-07-28, with the test playing job-control: every state of
 * {@code execution_get}, the exact original result, a bounded wait, argument validation before any lookup,
 * handles of another generation, cancel outcomes, the owner list, never a task, and a handoff that leaves the
 * execution running.
 */
@QuarkusTest
@TestProfile(WithHandoffAfterOneSecond.class)
class McpCompatibilityToolsTest extends McpComponentTest {
    private static final String STORED =
            "{\"content\":[{\"type\":\"text\",\"text\":\"slept 2 s\"}],  \"isError\":false}";

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @Inject
    ExecutionHandles handles;

    @Inject
    ExecutionSignals signals;

    @BeforeEach
    void reset() {
        queries.reset();
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void getOfARunningExecutionAnswersItsStateWithANextAction() {
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.QUEUED, null, null);

        JsonNode result = call("execution_get", Map.of("execution_id", handle, "wait_ms", 0));

        assertThat(result.path("isError").asBoolean()).isFalse();
        JsonNode s = result.path("structuredContent");
        assertThat(s.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(s.path("execution_id").asText()).isEqualTo(handle);
        assertThat(s.path("state").asText()).isEqualTo("working");
        assertThat(s.path("tool_name").asText()).isEqualTo("demo.sleep");
        assertThat(s.at("/next_action/tool").asText()).isEqualTo("execution_get");
        assertThat(s.at("/next_action/arguments/execution_id").asText()).isEqualTo(handle);
        assertThat(s.at("/next_action/arguments/wait_ms").asInt()).isBetween(1, 45_000);
        assertThat(result.at("/content/0/text").asText()).contains(handle);
    }

    @Test
    void getOfACompletedExecutionReturnsTheOriginalResultByteForByte() {
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.COMPLETED, STORED, null);

        McpReply response =
                mcp().toolCall(1, "job_inspect", Map.of("execution_id", handle)).post();

        String text = new String(response.bytes(), StandardCharsets.UTF_8);
        assertThat(text).contains("\"result\":{\"resultType\":\"complete\"," + STORED.substring(1) + "}");
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
    }

    @Test
    void getOfAFailedExecutionIsAToolErrorWithTheReason() {
        UUID id = UUID.randomUUID();
        String handle = outcome(
                id,
                ExecutionStatus.FAILED,
                null,
                new ExecutionOutcome.ExecutionError("owner-lost", "owner lost; not re-run"));

        JsonNode result = call("execution_get", Map.of("execution_id", handle));

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/structuredContent/state").asText()).isEqualTo("failed");
        assertThat(result.at("/structuredContent/error/code").asText()).isEqualTo("owner-lost");
        assertThat(result.at("/structuredContent/next_action").isMissingNode()).isTrue();
    }

    @Test
    void getWaitsForTheTerminalStateAndReturnsTheResult() {
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.WORKING, null, null);

        CompletableFuture<McpReply> pending = CompletableFuture.supplyAsync(
                () -> mcp().toolCall(1, "execution_get", Map.of("execution_id", handle, "wait_ms", 45_000))
                        .post());
        await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
        outcome(id, ExecutionStatus.COMPLETED, STORED, null);

        McpReply response = pending.join();
        assertThat(new String(response.bytes(), StandardCharsets.UTF_8)).contains(STORED.substring(1));
        await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id));
    }

    @Test
    void isNeverATaskNorAnExecutionEvenWithTheTasksExtension() {
        jobControl = JobControlResponder.answering(c ->
                Fixtures.accepted(c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.WORKING, null, null);

        McpReply response = mcp().toolCall(1, "execution_get", Map.of("execution_id", handle))
                .withTasks()
                .post();

        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(response.json().at("/result/taskId").isMissingNode()).isTrue();
        assertThat(response.json().at("/result/structuredContent/state").asText())
                .isEqualTo("working");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void invalidArgumentsAreRejectedBeforeAnyLookup() {
        McpReply response = mcp().toolCall(1, "execution_get", Map.of("wait_ms", 45_001, "extra", true))
                .post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().at("/error/data/errors"))
                .extracting(e -> e.path("pointer").asText())
                .containsExactlyInAnyOrder("/arguments/extra", "/arguments/execution_id", "/arguments/wait_ms");
        McpSchemas.assertValidError(response.json());
        assertThat(queries.requests()).isEmpty();
    }

    @Test
    void handlesOfAnotherGenerationAreRejectedClearlyAndForeignOnesAsNotFound() {
        UUID id = UUID.randomUUID();
        outcome(id, ExecutionStatus.WORKING, null, null);
        String task2025 = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        String bobs = handles.mint(id, Surface.MCP_2026, Fixtures.caller("bob"));

        JsonNode otherGeneration = mcp().toolCall(1, "execution_get", Map.of("execution_id", task2025))
                .post()
                .json();
        JsonNode foreign = mcp().toolCall(2, "execution_get", Map.of("execution_id", bobs))
                .post()
                .json();
        JsonNode garbage = mcp().toolCall(3, "execution_cancel", Map.of("execution_id", "tgx_nope"))
                .post()
                .json();

        assertThat(otherGeneration.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(otherGeneration.at("/error/message").asText()).contains("another API generation", "mcp-2025");
        assertThat(foreign.path("error")).isEqualTo(garbage.path("error"));
        assertThat(foreign.at("/error/message").asText()).contains("not found");
        assertThat(queries.requests()).isEmpty();
    }

    @Test
    void aRestExecutionIdIsServedForItsOwner() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST), null, null)));
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST)));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.sleep", Surface.REST));
        String rest = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        JsonNode got = call("execution_get", Map.of("execution_id", rest));
        JsonNode cancelled = call("execution_cancel", Map.of("execution_id", rest));

        assertThat(got.at("/structuredContent/execution_id").asText()).isEqualTo(rest);
        assertThat(got.at("/structuredContent/state").asText()).isEqualTo("working");
        assertThat(got.at("/structuredContent/next_action/arguments/execution_id")
                        .asText())
                .isEqualTo(rest);
        // a reply that says nothing about the stop's delivery (job-control of an earlier version)
        assertThat(cancelled.at("/structuredContent/outcome").asText()).isEqualTo("stop_delivery_unknown");
        assertThat(((CancelExecution) jobControl.received().get(0).command()).executionId())
                .isEqualTo(id);
    }

    @Test
    void anotherPrincipalsRestExecutionIdIsNotFoundLikeAForgedOne() {
        UUID id = UUID.randomUUID();
        outcome(id, ExecutionStatus.WORKING, null, null);
        String bobsRest = handles.mint(id, Surface.REST, Fixtures.caller("bob"));

        JsonNode bobs = mcp().toolCall(1, "execution_get", Map.of("execution_id", bobsRest))
                .post()
                .json();
        JsonNode forged = mcp().toolCall(2, "execution_get", Map.of("execution_id", "tgx_" + "A".repeat(44)))
                .post()
                .json();

        assertThat(bobs.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(bobs.path("error")).isEqualTo(forged.path("error"));
        assertThat(queries.requests()).isEmpty();
    }

    @Test
    void cancelOfARunningExecutionRequestsAStopAndSaysItWasDelivered() {
        UUID id = UUID.randomUUID();
        String handle = snapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2026));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.sleep", Surface.MCP_2026)
                        .withStopDelivered(true));

        JsonNode result = call("execution_cancel", Map.of("execution_id", handle));

        assertThat(result.at("/structuredContent/type").asText()).isEqualTo("taskgate.execution-cancel/v1");
        assertThat(result.at("/structuredContent/outcome").asText()).isEqualTo("stop_delivered");
        assertThat(((CancelExecution) jobControl.received().get(0).command()).executionId())
                .isEqualTo(id);
    }

    @Test
    void aStopRecordedButNotSeenDeliveredIsStopDeliveryUnknown() {
        UUID id = UUID.randomUUID();
        String handle = snapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2026));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.sleep", Surface.MCP_2026)
                        .withStopDelivered(false));

        JsonNode result = call("execution_cancel", Map.of("execution_id", handle));

        assertThat(result.at("/structuredContent/outcome").asText()).isEqualTo("stop_delivery_unknown");
        assertThat(result.at("/content/0/text").asText()).contains("recorded");
    }

    @Test
    void cancelOfATerminalExecutionChangesNothing() {
        UUID id = UUID.randomUUID();
        String handle = snapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.COMPLETED, Surface.MCP_2026));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.COMPLETED, "demo.sleep", Surface.MCP_2026));

        JsonNode result = call("job_cancel", Map.of("execution_id", handle));

        assertThat(result.at("/structuredContent/outcome").asText()).isEqualTo("already_terminal");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void provideInputDeliversOnlyAnOutstandingKey() {
        UUID id = UUID.randomUUID();
        String handle =
                snapshot(Fixtures.waitingForInput(id, Surface.MCP_2026, Map.of("ir_1", Fixtures.confirmRequest())));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.confirm", Surface.MCP_2026));

        JsonNode stale = call(
                "execution_provide_input",
                Map.of("execution_id", handle, "request_key", "ir_old", "response", Map.of("action", "decline")));
        JsonNode delivered = call(
                "execution_provide_input",
                Map.of(
                        "execution_id",
                        handle,
                        "request_key",
                        "ir_1",
                        "response",
                        Map.of("action", "accept", "content", Map.of("confirm", true))));

        assertThat(stale.at("/structuredContent/delivered").asBoolean()).isFalse();
        assertThat(delivered.at("/structuredContent/delivered").asBoolean()).isTrue();
        List<JobControlResponder.Received> received = jobControl.received();
        assertThat(received).hasSize(1);
        assertThat(((ProvideInput) received.get(0).command()).responses()).containsOnlyKeys("ir_1");
    }

    @Test
    void provideInputRejectsAResponseThatIsNotAnElicitResult() {
        McpReply response = mcp().toolCall(
                        1,
                        "execution_provide_input",
                        Map.of("execution_id", "tgx_x", "request_key", "ir_1", "response", Map.of("action", "maybe")))
                .post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().at("/error/data/errors/0/pointer").asText()).isEqualTo("/arguments/response/action");
    }

    @Test
    void listShowsTheCallersExecutionsOfThisGenerationUnderTheirHandles() {
        UUID id = UUID.randomUUID();
        ExecutionPage page = new ExecutionPage(
                List.of(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2026)), "next-page");
        queries.answer("/internal/v1/executions", 200, Wire.toBytes(page));

        JsonNode result = call("execution_list", Map.of("limit", 5));

        JsonNode s = result.path("structuredContent");
        assertThat(s.path("type").asText()).isEqualTo("taskgate.execution-list/v1");
        assertThat(s.path("next_cursor").asText()).isEqualTo("next-page");
        assertThat(handles.verify(
                        s.at("/executions/0/execution_id").asText(), Surface.MCP_2026, Fixtures.caller("alice")))
                .contains(id);
        FakeJobControlQueries.Request request = queries.requests().get(0);
        assertThat(request.query()).contains("surface=mcp-2026", "limit=5");
        assertThat(request.principal()).isEqualTo(Fixtures.caller("alice").principal());
    }

    @Test
    void listRejectsACursorJobControlDoesNotKnow() {
        queries.answer("/internal/v1/executions", 400, "{}".getBytes(StandardCharsets.UTF_8));

        McpReply response =
                mcp().toolCall(1, "execution_list", Map.of("cursor", "bogus")).post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().at("/error/message").asText()).contains("cursor");
    }

    @Test
    void aCallStillRunningAfterItsHandoffPolicyAnswersWithTheHandleAndKeepsRunning() {
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.WORKING, null, null);
        snapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2026));
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, id, c instanceof SubmitExecution, ExecutionStatus.QUEUED, "demo.sleep", Surface.MCP_2026));

        McpReply response =
                mcp().toolCall(1, "demo.sleep", Map.of("seconds", 30)).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("isError").asBoolean()).isFalse();
        JsonNode s = result.path("structuredContent");
        assertThat(s.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(s.path("execution_id").asText()).isEqualTo(handle);
        assertThat(s.path("state").asText()).isEqualTo("working");
        assertThat(s.at("/next_action/tool").asText()).isEqualTo("execution_get");
        assertThat(s.at("/next_action/arguments/execution_id").asText()).isEqualTo(handle);
        assertThat(result.at("/content/0/type").asText()).isEqualTo("text");
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
        // handed off, not abandoned: only the submission reached job-control
        assertThat(jobControl.received())
                .extracting(r -> r.command().getClass().getSimpleName())
                .containsExactly("SubmitExecution");
        await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id));
    }

    @Test
    void aCallThatFinishesBeforeItsHandoffAnswersTheResult() {
        UUID id = UUID.randomUUID();
        outcome(id, ExecutionStatus.COMPLETED, STORED, null);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.sleep", Surface.MCP_2026));

        McpReply response =
                mcp().toolCall(1, "demo.sleep", Map.of("seconds", 0)).post();

        assertThat(new String(response.bytes(), StandardCharsets.UTF_8)).contains(STORED.substring(1));
    }

    private JsonNode call(String tool, Map<String, ?> arguments) {
        McpReply response = mcp().toolCall(1, tool, arguments).post();
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().has("error")).as(response.toString()).isFalse();
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
        return response.json().path("result");
    }

    private String outcome(UUID id, ExecutionStatus status, String result, ExecutionOutcome.ExecutionError error) {
        ExecutionOutcome outcome =
                new ExecutionOutcome(Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2026), result, error);
        queries.answer("/internal/v1/executions/" + id + "/outcome", 200, Wire.toBytes(outcome));
        return handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
    }

    private String snapshot(ExecutionSnapshot snapshot) {
        queries.answer("/internal/v1/executions/" + snapshot.executionId(), 200, Wire.toBytes(snapshot));
        return handles.mint(snapshot.executionId(), Surface.MCP_2026, Fixtures.caller("alice"));
    }
}
