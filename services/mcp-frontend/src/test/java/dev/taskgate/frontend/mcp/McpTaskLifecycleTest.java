package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tasks of the {@code io.modelcontextprotocol/tasks} extension over the durable path, with the test playing
 * job-control: {@code tools/call} with the extension answers {@code CreateTaskResult} after job-control accepted,
 * {@code tasks/get} maps every status, {@code tasks/cancel} publishes a cancellation and acknowledges,
 * {@code tasks/update} acknowledges; every result validated against the base and ext-tasks schemas.
 */
@QuarkusTest
class McpTaskLifecycleTest extends McpComponentTest {
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
    void toolsCallWithTheExtensionCreatesATaskOnceJobControlAccepted() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.sleep", Surface.MCP_2026));

        McpReply response = mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                .withTasks()
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("resultType").asText()).isEqualTo("task");
        assertThat(result.path("taskId").asText())
                .isEqualTo(handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice")));
        assertThat(result.path("status").asText()).isEqualTo("working");
        assertThat(result.path("statusMessage").asText()).isEqualTo("Queued");
        assertThat(Instant.parse(result.path("createdAt").asText())).isEqualTo(Fixtures.CREATED);
        assertThat(Instant.parse(result.path("lastUpdatedAt").asText())).isEqualTo(Fixtures.CREATED.plusSeconds(2));
        assertThat(result.path("ttlMs").asLong()).isEqualTo(86_400_000L);
        assertThat(result.path("pollIntervalMs").asLong()).isEqualTo(1000L);
        assertThat(result.has("task")).isFalse();
        assertThat(result.has("ttl")).isFalse();
        assertThat(result.has("pollInterval")).isFalse();
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .isEqualTo("taskgate");
        assertThat(Instant.parse(
                        result.at("/_meta/dev.taskgate~1retentionExpiresAt").asText()))
                .isEqualTo(Fixtures.CREATED.plusSeconds(8 * 86_400));
        assertThat(result.has("retentionExpiresAt"))
                .as("not a member of the 2026-07-28 Task")
                .isFalse();
        McpSchemas.assertValidResult("JSONRPCResultResponse", "CreateTaskResult", response.json());
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.surface()).isEqualTo(Surface.MCP_2026);
        assertThat(submit.input().path("seconds").asInt()).isEqualTo(5);
    }

    @Test
    void aRequiredToolBecomesATaskWithTheExtension() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.crash", Surface.MCP_2026));

        McpReply response =
                mcp().toolCall(1, "demo.crash", Map.of()).withTasks().post();

        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("task");
    }

    @Test
    void rejectedSubmissionCreatesNoTask() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of("unknown-tool", "Unknown tool", 422, "No tool named 'demo.sleep'.")));

        McpReply response = mcp().toolCall(1, "demo.sleep", Map.of("seconds", 1))
                .withTasks()
                .post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().has("result")).isFalse();
        McpSchemas.assertValidError(response.json());
    }

    @Test
    void tasksGetShowsQueuedAsWorking() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(id, ExecutionStatus.QUEUED, null, null);

        McpReply response = mcp().task(2, "tasks/get", taskId).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/status").asText()).isEqualTo("working");
        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(response.json().at("/result/taskId").asText()).isEqualTo(taskId);
        assertThat(Instant.parse(response.json()
                        .at("/result/_meta/dev.taskgate~1retentionExpiresAt")
                        .asText()))
                .isEqualTo(Fixtures.CREATED.plusSeconds(8 * 86_400));
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", response.json());
        assertThat(queries.requests())
                .extracting(FakeJobControlQueries.Request::path)
                .containsExactly("/internal/v1/executions/" + id + "/outcome");
    }

    @Test
    void tasksGetOfACompletedTaskCarriesTheExactResult() {
        UUID id = UUID.randomUUID();
        String stored = "{ \"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"structuredContent\":{\"x\":0.10}}";
        String taskId = outcome(id, ExecutionStatus.COMPLETED, stored, null);

        McpReply response = mcp().task(3, "tasks/get", taskId).post();

        assertThat(response.json().at("/result/status").asText()).isEqualTo("completed");
        assertThat(response.text())
                .contains("\"result\":{\"resultType\":\"complete\", \"content\":[{\"type\":"
                        + "\"text\",\"text\":\"done\"}],\"structuredContent\":{\"x\":0.10}}");
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", response.json());
        assertThat(McpSchemas.errors(
                        McpSchemas.BASE, "CallToolResult", response.json().at("/result/result")))
                .isEmpty();
    }

    @Test
    void tasksGetOfAFailedTaskCarriesTheJsonRpcError() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(
                id,
                ExecutionStatus.FAILED,
                null,
                new ExecutionOutcome.ExecutionError("deadline", "the execution passed its deadline"));

        McpReply response = mcp().task(4, "tasks/get", taskId).post();

        JsonNode result = response.json().path("result");
        assertThat(result.path("status").asText()).isEqualTo("failed");
        assertThat(result.at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(result.at("/error/message").asText()).isEqualTo("the execution passed its deadline");
        assertThat(result.path("statusMessage").asText()).isNotBlank();
        assertThat(result.has("result")).isFalse();
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", response.json());
    }

    @Test
    void tasksGetOfACancelledTaskHasNeitherResultNorError() {
        UUID id = UUID.randomUUID();
        String taskId = outcome(id, ExecutionStatus.CANCELLED, null, null);

        McpReply response = mcp().task(
                        5,
                        "tasks/get",
                        "=?base64?" + Base64.getEncoder().encodeToString(taskId.getBytes(StandardCharsets.UTF_8))
                                + "?=")
                .param("taskId", taskId)
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("status").asText()).isEqualTo("cancelled");
        assertThat(result.has("result")).isFalse();
        assertThat(result.has("error")).isFalse();
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", response.json());
    }

    @Test
    void aTaskHandleForAnExecutionCreatedElsewhereIsUnknown() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.echo", ExecutionStatus.WORKING, Surface.REST), null, null)));
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply response = mcp().task(6, "tasks/get", taskId).post();

        assertThat(response.json().at("/error/message").asText()).isEqualTo(McpErrors.TASK_NOT_FOUND);
    }

    @Test
    void unknownTaskIdsNeverReachJobControlAndJobControls404LooksTheSame() {
        UUID id = UUID.randomUUID();
        String unknownToJobControl = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
        String bobs = handles.mint(id, Surface.MCP_2026, Fixtures.caller("bob"));
        String rest = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        JsonNode unknown =
                mcp().task(7, "tasks/get", unknownToJobControl).post().json();
        JsonNode other = mcp().task(7, "tasks/get", bobs).post().json();
        JsonNode restMinted = mcp().task(7, "tasks/get", rest).post().json();

        assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(other).isEqualTo(unknown);
        assertThat(restMinted).isEqualTo(unknown);
        assertThat(queries.requests()).hasSize(1);
        McpSchemas.assertValidError(unknown);
    }

    @Test
    void tasksCancelRequestsCancellationAndAcknowledges() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.sleep", Surface.MCP_2026)
                        .withStopDelivered(true));
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply response = mcp().task(8, "tasks/cancel", taskId).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(response.json()
                        .at("/result/_meta/dev.taskgate~1stopDelivery")
                        .asText())
                .isEqualTo("stop_delivered");
        McpSchemas.assertValidResult("JSONRPCResultResponse", "CancelTaskResult", response.json());
        JobControlResponder.Received record = jobControl.received().get(0);
        CancelExecution cancel = (CancelExecution) record.command();
        assertThat(record.key()).isEqualTo(id.toString());
        assertThat(cancel.executionId()).isEqualTo(id);
        assertThat(cancel.caller()).isEqualTo(Fixtures.caller("alice"));
    }

    @Test
    void tasksCancelOfAStopNotSeenDeliveredSaysSo() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.INPUT_REQUIRED, "demo.sleep", Surface.MCP_2026)
                        .withStopDelivered(false));
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply response = mcp().task(8, "tasks/cancel", taskId).post();

        assertThat(response.json()
                        .at("/result/_meta/dev.taskgate~1stopDelivery")
                        .asText())
                .isEqualTo("stop_delivery_unknown");
        McpSchemas.assertValidResult("JSONRPCResultResponse", "CancelTaskResult", response.json());
    }

    @Test
    void tasksCancelOfATerminalTaskIsAcknowledgedAgain() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.COMPLETED, "demo.sleep", Surface.MCP_2026));
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply first = mcp().task(9, "tasks/cancel", taskId).post();
        McpReply second = mcp().task(9, "tasks/cancel", taskId).post();

        assertThat(first.json().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(first.json().at("/result/_meta").has("dev.taskgate/stopDelivery"))
                .as("no stop was asked for")
                .isFalse();
        assertThat(second.text()).isEqualTo(first.text());
    }

    @Test
    void tasksCancelThatJobControlDoesNotKnowIsTheUnknownTaskError() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of("not-found", "Not found", 404, "execution 42 is not yours")));
        String taskId = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply response = mcp().task(10, "tasks/cancel", taskId).post();

        assertThat(response.json().at("/error/message").asText()).isEqualTo(McpErrors.TASK_NOT_FOUND);
        assertThat(response.text()).doesNotContain("42");
    }

    @Test
    void tasksUpdateAcknowledgesAndIgnoresStaleKeysWithoutPublishing() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2026)));
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            McpReply response = mcp().task(11, "tasks/update", taskId)
                    .param("inputResponses", Map.of("never-issued", Map.of("action", "accept")))
                    .post();

            assertThat(response.status()).as(response.toString()).isEqualTo(200);
            McpSchemas.assertValidResult("JSONRPCResultResponse", "UpdateTaskResult", response.json());
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void tasksUpdateRejectsMalformedResponsesAndUnknownTasks() {
        String unknown = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply malformed = mcp().task(12, "tasks/update", unknown)
                .param("inputResponses", Map.of("k", 1))
                .post();
        McpReply notAnObject = mcp().task(13, "tasks/update", unknown)
                .param("inputResponses", "yes")
                .post();
        McpReply missing = mcp().task(14, "tasks/update", unknown)
                .param("inputResponses", Map.of())
                .post();

        assertThat(malformed.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(notAnObject.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(missing.json().at("/error/message").asText()).isEqualTo(McpErrors.TASK_NOT_FOUND);
        McpSchemas.assertValidError(malformed.json());
    }

    private String outcome(UUID id, ExecutionStatus status, String result, ExecutionOutcome.ExecutionError error) {
        ExecutionSnapshot snapshot = Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2026);
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(snapshot, result, error)));
        return handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
    }
}
