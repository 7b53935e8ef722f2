package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.command.CommandGateway;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;
import dev.taskgate.frontend.mcp.http.McpResource;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.ThreadsInside;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A synchronous {@code tools/call} over Streamable HTTP holds no thread while it waits for job-control's reply or
 * for its execution's end: the lifecycle record of the end answers it, as plain JSON when nothing was streamed. Nor
 * does an {@code execution_get} that waits, which takes one of the instance's places for waiting reads (one here).
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class SyncCallWaitTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"waited\"}],\"isError\":false}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    ExecutionHandles handles;

    @Override
    protected Surface surface() {
        return Surface.MCP_2026;
    }

    @Test
    void aCallWaitingForItsExecutionHoldsNoThread() {
        CompletableFuture<McpReply> call = CompletableFuture.supplyAsync(() ->
                mcp().toolCall("call-1", "demo.echo", Map.of("message", "hi")).post());
        await().atMost(WAIT).until(() -> signals.isWatched(id));

        await().atMost(WAIT)
                .until(() -> ThreadsInside.any(
                                McpResource.class,
                                ToolCalls.class,
                                SyncCall.class,
                                ExecutionCommands.class,
                                CommandGateway.class)
                        .isEmpty());
        assertThat(call).isNotDone();

        execution.endCarrying(ExecutionStatus.COMPLETED, STORED, Fixtures.caller("alice"));
        McpReply answer = call.join();

        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.header("Content-Type")).startsWith("application/json");
        assertThat(answer.body().at("/result/content/0/text").asText()).isEqualTo("waited");
        await().atMost(WAIT).until(() -> !signals.isWatched(id));
    }

    @Test
    void aCallWhoseExecutionFailsWhileItWaitsIsAnsweredTheFailure() {
        CompletableFuture<McpReply> call = CompletableFuture.supplyAsync(() ->
                mcp().toolCall("call-2", "demo.echo", Map.of("message", "hi")).post());
        await().atMost(WAIT).until(() -> signals.isWatched(id));

        execution.answerOutcome(queries, ExecutionStatus.CANCELLED, null);
        execution.changed(ExecutionStatus.CANCELLED);
        McpReply answer = call.join();

        assertThat(answer.body().at("/error/code").asInt()).as(answer.text()).isEqualTo(McpErrors.INTERNAL_ERROR);
        assertThat(answer.body().at("/error/message").asText()).contains("cancelled");
        await().atMost(WAIT).until(() -> !signals.isWatched(id));
    }

    @Test
    void aWaitingExecutionGetHoldsNoThreadAndTakesTheOnlyPlace() {
        CompletableFuture<McpReply> get = CompletableFuture.supplyAsync(() -> executionGet("get-1"));
        await().atMost(WAIT).until(() -> signals.isWatched(id));
        await().atMost(WAIT)
                .until(() -> ThreadsInside.any(McpResource.class, ToolCalls.class, CompatibilityTools.class)
                        .isEmpty());

        McpReply refused = executionGet("get-2");

        assertThat(refused.status()).as(refused.text()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isNotBlank();
        assertThat(refused.body().at("/error/code").asInt()).isEqualTo(McpErrors.INTERNAL_ERROR);
        assertThat(get).isNotDone();

        execution.endCarrying(ExecutionStatus.COMPLETED, STORED, Fixtures.caller("alice"));
        McpReply answer = get.join();

        assertThat(answer.body().at("/result/content/0/text").asText())
                .as(answer.text())
                .isEqualTo("waited");
        await().atMost(WAIT).until(() -> !signals.isWatched(id));
    }

    private McpReply executionGet(String requestId) {
        String handle = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
        return mcp().toolCall(requestId, "execution_get", Map.of("execution_id", handle, "wait_ms", 30_000))
                .post();
    }
}
