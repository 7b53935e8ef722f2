package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.frontend.support.WithProgressStreaming;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Log messages of a running operation in 2025-era sessions, against the real broker with the test playing
 * worker-pool's records and job-control: after {@code logging/setLevel} an ordinary {@code tools/call} streams the
 * operation's messages at or above that level as {@code notifications/message}, in order and before the result; a
 * session that set no level receives none for the same execution. Every message is checked against the 2025-11-25
 * schema.
 */
@QuarkusTest
@TestProfile(WithProgressStreaming.class)
class Mcp2025LogMessagesTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\"isError\":false}";

    @Override
    protected Surface surface() {
        return Surface.MCP_2025;
    }

    @Test
    void messagesAtOrAboveTheSessionsLevelGoOutInOrderBeforeTheResult() {
        Mcp2025Session client = session();
        assertAnswered(
                client.request(2, "logging/setLevel", Mcp2025Client.params().put("level", "warning")));

        try (McpStream stream = client.stream(3, "tools/call", sleepCall())) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            execution.log(LogLevel.DEBUG, "noise");
            execution.log(LogLevel.WARNING, "disk at 91%");
            execution.log(LogLevel.INFO, "more noise");
            execution.log(LogLevel.ERROR, "retrying the upload");
            await().atMost(Duration.ofSeconds(20)).until(() -> stream.messages().size() >= 2);
            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(stream::ended);

            List<JsonNode> messages = stream.messages();
            assertThat(messages).hasSize(3);
            for (JsonNode message : messages.subList(0, 2)) {
                Mcp2025Client.assertValid("LoggingMessageNotification", message);
                assertThat(message.at("/params/logger").asText()).isEqualTo("demo.sleep");
            }
            assertThat(messages.subList(0, 2))
                    .extracting(m -> m.at("/params/level").asText())
                    .containsExactly("warning", "error");
            assertThat(messages.subList(0, 2))
                    .extracting(m -> m.at("/params/data").asText())
                    .containsExactly("disk at 91%", "retrying the upload");
            Mcp2025Client.assertValid("JSONRPCResultResponse", messages.get(2));
            assertThat(stream.events().get(2)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":" + STORED + "}");
        }
    }

    @Test
    void aSessionThatSetNoLevelReceivesNoMessages() {
        Mcp2025Session silent = session();
        Mcp2025Session listening = session();
        assertAnswered(
                listening.request(2, "logging/setLevel", Mcp2025Client.params().put("level", "debug")));

        try (McpStream quiet = silent.stream(3, "tools/call", sleepCall())) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            try (McpStream loud = listening.stream(4, "tools/call", sleepCall())) {
                // both calls wait on the same execution; once the one that asked sees a message, so has the other
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> {
                            execution.log(LogLevel.EMERGENCY, "everything is on fire");
                            return !loud.messages().isEmpty();
                        });
                execution.complete(queries, STORED);
                await().atMost(Duration.ofSeconds(20)).until(() -> quiet.ended() && loud.ended());

                assertThat(quiet.header("Content-Type")).startsWith("application/json");
                assertThat(quiet.text()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":" + STORED + "}");
                Mcp2025Client.assertValid(
                        "LoggingMessageNotification", loud.messages().get(0));
            }
        }
    }

    private Mcp2025Session session() {
        return mcp2025().initialize("2025-11-25");
    }

    private static void assertAnswered(McpReply setLevel) {
        assertThat(setLevel.status()).as(setLevel.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", setLevel.json());
    }

    private static ObjectNode sleepCall() {
        ObjectNode params = Mcp2025Client.params().put("name", "demo.sleep");
        params.set("arguments", Wire.mapper().createObjectNode().put("seconds", 5));
        return params;
    }
}
