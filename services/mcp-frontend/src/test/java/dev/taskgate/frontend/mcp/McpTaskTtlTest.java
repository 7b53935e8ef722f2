package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

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
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The task TTL over MCP, with the test playing job-control the way its visibility rules answer (the rules themselves
 * are proven in job-control's {@code McpTaskVisibilityTest}): a task asks for the configured TTL, reports
 * {@code ttlMs} = visibility end − creation, answers {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}
 * of an expired task exactly like an unknown one, and a {@code tools/call} with the same {@code requestKey} brings
 * back the same task with its renewed {@code ttlMs}.
 */
@QuarkusTest
class McpTaskTtlTest extends McpComponentTest {
    private static final String RESULT = "{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"isError\":false}";
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
    void anExpiredTaskLooksUnknownUntilASameKeyCallRenewsIt() {
        UUID id = UUID.randomUUID();
        AtomicReference<Instant> visibleUntil = new AtomicReference<>(Fixtures.CREATED.plus(Duration.ofMinutes(1)));
        AtomicInteger submissions = new AtomicInteger();
        jobControl = JobControlResponder.answering(command -> {
            if (command instanceof SubmitExecution) {
                boolean first = submissions.incrementAndGet() == 1;
                return new Accepted(
                        UUID.randomUUID(),
                        Instant.now(),
                        command.messageId(),
                        command.replyTo(),
                        id,
                        first,
                        completed(id, visibleUntil.get()));
            }
            // job-control answers every owner call on an expired task with its one not-found problem
            return new Rejected(
                    UUID.randomUUID(),
                    Instant.now(),
                    command.messageId(),
                    command.replyTo(),
                    Problem.of("not-found", "Not found", 404, "No such execution exists for this caller."));
        });

        JsonNode created = callWithKey(1).json();
        String taskId = created.at("/result/taskId").asText();
        assertThat(taskId).isEqualTo(handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice")));
        assertThat(created.at("/result/ttlMs").asLong())
                .as("visibility end − creation")
                .isEqualTo(60_000L);
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.taskTtlMs())
                .as("the configured task-ttl is what the server asks for")
                .isEqualTo(86_400_000L);
        McpSchemas.assertValidResult("JSONRPCResultResponse", "CreateTaskResult", created);

        // visibility ended: job-control answers every lookup of the execution with its uniform 404
        String unknownTaskId = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));
        String forgedTaskId = taskId.substring(0, taskId.length() - 2) + (taskId.endsWith("AA") ? "BB" : "AA");
        for (String method : new String[] {"tasks/get", "tasks/update", "tasks/cancel"}) {
            McpReply expired = taskCall(2, method, taskId);
            McpReply unknown = taskCall(2, method, unknownTaskId);
            McpReply forged = taskCall(2, method, forgedTaskId);
            assertThat(expired.status()).isEqualTo(unknown.status()).isEqualTo(forged.status());
            assertThat(expired.text()).as(method).isEqualTo(unknown.text()).isEqualTo(forged.text());
            assertThat(expired.json().at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(expired.json().at("/error/message").asText()).isEqualTo(McpErrors.TASK_NOT_FOUND);
        }
        assertThat(jobControl.received())
                .filteredOn(r -> r.command() instanceof CancelExecution c
                        && c.executionId().equals(id))
                .as("the cancel of the expired task reached job-control, which refused it")
                .hasSize(1);

        visibleUntil.set(Fixtures.CREATED.plus(Duration.ofHours(2)));
        JsonNode again = callWithKey(3).json();

        assertThat(again.at("/result/taskId").asText()).isEqualTo(taskId);
        assertThat(again.at("/result/status").asText()).isEqualTo("completed");
        assertThat(again.at("/result/ttlMs").asLong())
                .as("counted from the original creation")
                .isEqualTo(Duration.ofHours(2).toMillis());
        answerOutcome(id, visibleUntil.get());
        JsonNode got = taskCall(4, "tasks/get", taskId).json();
        assertThat(got.at("/result/status").asText()).isEqualTo("completed");
        assertThat(got.at("/result/ttlMs").asLong())
                .isEqualTo(Duration.ofHours(2).toMillis());
        assertThat(got.at("/result/result/content/0/text").asText()).isEqualTo("hi");
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", got);
    }

    @Test
    void aTaskFromAJobControlThatReportsNoVisibilityEndShowsTheConfiguredTtl() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.echo", ExecutionStatus.WORKING, Surface.MCP_2026), null, null)));

        JsonNode got = taskCall(5, "tasks/get", handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice")))
                .json();

        assertThat(got.at("/result/ttlMs").asLong()).isEqualTo(86_400_000L);
    }

    private McpReply callWithKey(int rpcId) {
        return mcp().toolCall(rpcId, "demo.echo", Map.of("message", "hi"))
                .withTasks()
                .meta("dev.taskgate/requestKey", "ttl-key-1")
                .post();
    }

    private McpReply taskCall(int rpcId, String method, String taskId) {
        Mcp2026Request call = mcp().task(rpcId, method, taskId);
        if (method.equals("tasks/update")) {
            call.param("inputResponses", Map.of());
        }
        return call.post();
    }

    private void answerOutcome(UUID id, Instant visibleUntil) {
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(completed(id, visibleUntil), RESULT, null)));
    }

    private static ExecutionSnapshot completed(UUID id, Instant visibleUntil) {
        return new ExecutionSnapshot(
                id,
                "demo.echo",
                "1",
                ExecutionStatus.COMPLETED,
                Surface.MCP_2026,
                Fixtures.CREATED,
                Fixtures.CREATED.plusSeconds(1),
                Fixtures.CREATED.plus(Duration.ofHours(24)),
                Fixtures.CREATED.plus(Duration.ofDays(7)),
                null,
                null,
                null,
                null,
                null,
                visibleUntil);
    }
}
