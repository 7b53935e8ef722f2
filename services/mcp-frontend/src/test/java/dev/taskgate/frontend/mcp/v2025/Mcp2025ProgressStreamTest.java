package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.frontend.support.WithProgressStreaming;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The synchronous contract of an ordinary {@code tools/call} in a 2025-11-25 session (issue 4 item 6), against the
 * real broker with the test playing worker-pool's progress records and job-control: progress notifications for the
 * request's {@code progressToken} strictly increasing, keep-alive heartbeats while the operation is silent, the exact
 * stored result last, and the call's watch on the execution released when it completes. Every message is checked
 * against the 2025-11-25 schema.
 */
@QuarkusTest
@TestProfile(WithProgressStreaming.class)
class Mcp2025ProgressStreamTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\"isError\":false}";

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
    void streamsStrictlyIncreasingProgressHeartbeatsAndThenTheExactResult() {
        try (McpStream stream = client.stream(3, "tools/call", sleepCall("tok-1"))) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            for (double p : new double[] {1, 2, 2, 1.5, 3}) {
                execution.progress(p, 10.0, "step " + p);
            }
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> stream.messages().stream()
                            .anyMatch(m -> m.at("/params/progress").asDouble() == 3.0));
            // silent now: the heartbeat interval is 200 ms
            await().atMost(Duration.ofSeconds(20)).until(() -> stream.comments() >= 2);

            execution.answerOutcome(queries, ExecutionStatus.COMPLETED, STORED);
            execution.changed(ExecutionStatus.COMPLETED);
            await().atMost(Duration.ofSeconds(20)).until(stream::ended);

            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
            List<JsonNode> messages = stream.messages();
            List<JsonNode> progress = messages.subList(0, messages.size() - 1);
            progress.forEach(m -> {
                Mcp2025Client.assertValid("ProgressNotification", m);
                assertThat(m.at("/params/progressToken").asText()).isEqualTo("tok-1");
            });
            List<Double> values = progress.stream()
                    .map(m -> m.at("/params/progress").asDouble())
                    .toList();
            for (int i = 1; i < values.size(); i++) {
                assertThat(values.get(i)).as("strictly increasing: " + values).isGreaterThan(values.get(i - 1));
            }
            assertThat(values).first().isEqualTo(1.0);
            assertThat(values).last().isEqualTo(3.0);
            assertThat(stream.lines())
                    .filteredOn(l -> l.startsWith(":"))
                    .allSatisfy(l -> assertThat(l).isEqualTo(": keep-alive"));

            JsonNode last = messages.get(messages.size() - 1);
            Mcp2025Client.assertValid("JSONRPCResultResponse", last);
            Mcp2025Client.assertValid("CallToolResult", last.get("result"));
            assertThat(stream.events().get(messages.size() - 1))
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":" + STORED + "}");
            await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id));
        }
    }

    private static ObjectNode sleepCall(String progressToken) {
        ObjectNode params = Mcp2025Client.params().put("name", "demo.sleep");
        params.set("arguments", Wire.mapper().createObjectNode().put("seconds", 5));
        params.set("_meta", Wire.mapper().createObjectNode().put("progressToken", progressToken));
        return params;
    }
}
