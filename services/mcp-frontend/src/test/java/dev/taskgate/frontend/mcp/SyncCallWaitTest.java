package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.frontend.command.CommandGateway;
import dev.taskgate.frontend.execution.ExecutionCommands;
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
 * for its execution's end: the lifecycle record of the end answers it, as plain JSON when nothing was streamed.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class SyncCallWaitTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"waited\"}],\"isError\":false}";
    private static final Duration WAIT = Duration.ofSeconds(30);

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
}
