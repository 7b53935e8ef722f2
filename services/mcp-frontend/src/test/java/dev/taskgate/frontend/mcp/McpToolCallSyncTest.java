package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpKafkaComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Synchronous {@code tools/call} (no tasks extension) through the durable path, with the test playing job-control:
 * commands on the real broker, outcomes from a JDK HTTP server. The answer is the stored {@code CallToolResult}
 * byte for byte with {@code resultType} added; failures are JSON-RPC errors; a call still running at
 * {@code sync-call-timeout} (2 s in tests) answers the execution's handle and is not cancelled.
 */
@QuarkusTest
class McpToolCallSyncTest extends McpKafkaComponentTest {
    // The tool's exact bytes: odd spacing, an escape, a non-ASCII character and a decimal with a trailing zero.
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"h\\u00e9llo \u2603\"}],"
            + "   \"isError\" : false,\n \"structuredContent\":{\"n\":1.50}}";

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @Inject
    ExecutionHandles handles;

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
    void answersTheExactStoredResultWithResultTypeAdded() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.COMPLETED, STORED, null);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));

        McpReply response =
                mcp().toolCall("call-1", "demo.echo", Map.of("n", 1)).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        String expected = "{\"jsonrpc\":\"2.0\",\"id\":\"call-1\",\"result\":{\"resultType\":\"complete\","
                + STORED.substring(1) + "}";
        assertThat(response.text()).isEqualTo(expected);
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.surface()).isEqualTo(Surface.MCP_2026);
        assertThat(submit.toolName()).isEqualTo("demo.echo");
        assertThat(submit.caller()).isEqualTo(Fixtures.caller("alice"));
        assertThat(submit.receiptKey()).startsWith("mcp-2026:");
        assertThat(queries.requests())
                .allSatisfy(r -> assertThat(r.principal())
                        .isEqualTo(Fixtures.caller("alice").principal()));
    }

    @Test
    void everyRequestGetsItsOwnReceiptEvenWithTheSameId() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.COMPLETED, "{\"content\":[]}", null);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));

        McpReply first = mcp().toolCall(7, "demo.echo", Map.of()).post();
        McpReply second = mcp().toolCall(7, "demo.echo", Map.of()).post();

        assertThat(first.status()).isEqualTo(200);
        assertThat(second.text())
                .isEqualTo(first.text())
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"resultType\":\"complete\",\"content\":[]}}");
        assertThat(jobControl.received()).hasSize(2);
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).receiptKey())
                .isNotEqualTo(((SubmitExecution) jobControl.received().get(1).command()).receiptKey());
    }

    @Test
    void acceptsTheBase64FormOfMcpNameAndTrimmedHeaderValues() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.COMPLETED, "{\"content\":[]}", null);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));
        String encoded =
                "=?base64?" + Base64.getEncoder().encodeToString("demo.echo".getBytes(StandardCharsets.UTF_8)) + "?=";

        McpReply response = mcp().toolCall(1, "demo.echo", Map.of())
                .header("Mcp-Name", encoded)
                .header("Mcp-Method", " tools/call\t")
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
    }

    @Test
    void aToolWhosePolicyForbidsTasksAnswersSynchronouslyEvenWithTheExtension() {
        UUID id = UUID.randomUUID();
        String stored = "{\"content\":[{\"type\":\"text\",\"text\":\"boom\"}],\"isError\":true}";
        answerOutcome(id, ExecutionStatus.COMPLETED, stored, null);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.fail", Surface.MCP_2026));

        McpReply response = mcp().toolCall(1, "demo.fail", Map.of("message", "boom"))
                .withTasks()
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(response.json().at("/result/isError").asBoolean()).isTrue();
        assertThat(response.json().at("/result/taskId").isMissingNode()).isTrue();
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
    }

    @Test
    void aFailedExecutionIsAJsonRpcErrorWithItsMessage() {
        UUID id = UUID.randomUUID();
        answerOutcome(
                id,
                ExecutionStatus.FAILED,
                null,
                new ExecutionOutcome.ExecutionError(
                        "child-died",
                        "the worker's child process exited abruptly (exit code 137); the operation was not re-run"));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));

        McpReply response = mcp().toolCall(2, "demo.echo", Map.of()).post();

        assertThat(response.status()).isEqualTo(200);
        JsonNode error = response.json().path("error");
        assertThat(error.path("code").asInt()).isEqualTo(-32603);
        assertThat(error.path("message").asText()).contains("exited abruptly");
        assertThat(error.at("/data/reason").asText()).isEqualTo("child-died");
        McpSchemas.assertValidError(response.json());
    }

    @Test
    void aCancelledExecutionIsAJsonRpcError() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.CANCELLED, null, null);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));

        McpReply response = mcp().toolCall(3, "demo.echo", Map.of()).post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(response.json().at("/error/message").asText()).contains("cancelled");
        McpSchemas.assertValidError(response.json());
    }

    @Test
    void aCallStillRunningAtTheSyncTimeoutAnswersTheHandleAndIsNotCancelled() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.WORKING, null, null);
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.WORKING, Surface.MCP_2026)));
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c,
                id,
                c instanceof SubmitExecution,
                c instanceof SubmitExecution ? ExecutionStatus.QUEUED : ExecutionStatus.WORKING,
                "demo.echo",
                Surface.MCP_2026));

        long start = System.nanoTime();
        McpReply response = mcp().toolCall(4, "demo.echo", Map.of("a", 1)).post();
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
        JsonNode result = response.json().path("result");
        assertThat(result.path("isError").asBoolean()).isFalse();
        JsonNode handle = result.path("structuredContent");
        assertThat(handle.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(handle.path("execution_id").asText())
                .isEqualTo(handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice")));
        assertThat(handle.at("/next_action/tool").asText()).isEqualTo("execution_get");
        assertThat(result.at("/content/0/text").asText()).contains("after 2000 ms");
        assertThat(took).isBetween(Duration.ofMillis(1500), Duration.ofSeconds(10));
        assertThat(jobControl.received())
                .extracting(r -> r.command().getClass().getSimpleName())
                .as("handed off, not cancelled")
                .containsExactly("SubmitExecution");
    }

    /** What job-control answers for the execution; an end is also published, as job-control does. */
    private void answerOutcome(UUID id, ExecutionStatus status, String result, ExecutionOutcome.ExecutionError error) {
        ExecutionOutcome outcome =
                new ExecutionOutcome(Fixtures.snapshot(id, "demo.echo", status, Surface.MCP_2026), result, error);
        queries.answer("/internal/v1/executions/" + id + "/outcome", 200, Wire.toBytes(outcome));
        if (status.isTerminal()) {
            played(id, "demo.echo", Surface.MCP_2026).changed(status);
        }
    }
}
