package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.command.CommandGateway;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.http.McpResource;
import dev.taskgate.frontend.support.ThreadsInside;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An ordinary {@code tools/call} of a 2025-11-25 session over Streamable HTTP holds no thread while it waits for
 * job-control's reply or for its execution's end; the end answers it with the exact stored result.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class Mcp2025SyncCallWaitTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"waited\"}],\"isError\":false}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    private Mcp2025Session client;

    @Override
    protected Surface surface() {
        return Surface.MCP_2025;
    }

    @BeforeEach
    void openSession() {
        client = mcp2025().initialize("2025-11-25");
    }

    @Test
    void aCallWaitingForItsExecutionHoldsNoThread() {
        CompletableFuture<McpReply> call =
                CompletableFuture.supplyAsync(() -> client.request(7, "tools/call", echoCall()));
        await().atMost(WAIT).until(() -> signals.isWatched(id));

        await().atMost(WAIT)
                .until(() -> ThreadsInside.any(
                                McpResource.class,
                                Mcp2025ToolCalls.class,
                                SyncCall.class,
                                ExecutionCommands.class,
                                CommandGateway.class)
                        .isEmpty());
        assertThat(call).isNotDone();

        execution.answerOutcome(queries, ExecutionStatus.COMPLETED, STORED);
        execution.changed(ExecutionStatus.COMPLETED);
        McpReply answer = call.join();

        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.text()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":" + STORED + "}");
        await().atMost(WAIT).until(() -> !signals.isWatched(id));
    }

    private static ObjectNode echoCall() {
        ObjectNode params = Mcp2025Client.params().put("name", "demo.echo");
        params.set("arguments", Wire.mapper().createObjectNode().put("message", "hi"));
        return params;
    }
}
