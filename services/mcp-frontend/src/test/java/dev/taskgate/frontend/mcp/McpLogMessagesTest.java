package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.frontend.support.WithProgressStreaming;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Log messages on MCP 2026-07-28 (§3, deprecated but honoured): a synchronous {@code tools/call} with
 * {@code _meta["io.modelcontextprotocol/logLevel"]} streams its operation's messages at or above that level before
 * the result; a request without it receives none (MUST NOT); a level that is not a {@code LoggingLevel} is -32602 and
 * nothing is submitted. Against the real broker, with the test playing worker-pool and job-control.
 */
@QuarkusTest
@TestProfile(WithProgressStreaming.class)
class McpLogMessagesTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\"isError\":false}";

    @Override
    protected Surface surface() {
        return Surface.MCP_2026;
    }

    @Test
    void aRequestWithALogLevelReceivesTheMessagesAtOrAboveItAndOnlyItDoes() {
        try (McpStream quiet = sleepCall("quiet").stream()) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            Mcp2026Request asking = sleepCall("asking").meta(RequestMeta.LOG_LEVEL_KEY, "notice");
            try (McpStream loud = asking.stream()) {
                // both calls wait on the same execution; once the one that asked sees a message, so has the other
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> {
                            execution.log(LogLevel.INFO, "below the level");
                            execution.log(LogLevel.CRITICAL, "the replica is gone");
                            return !loud.messages().isEmpty();
                        });
                execution.complete(queries, STORED);
                await().atMost(Duration.ofSeconds(20)).until(() -> quiet.ended() && loud.ended());

                assertThat(quiet.header("Content-Type")).startsWith("application/json");
                assertThat(quiet.text()).doesNotContain("notifications/message");
                List<JsonNode> messages = loud.messages();
                JsonNode result = messages.get(messages.size() - 1);
                McpSchemas.assertValidResult("CallToolResultResponse", null, result);
                for (JsonNode message : messages.subList(0, messages.size() - 1)) {
                    assertThat(McpSchemas.errors(McpSchemas.BASE, "LoggingMessageNotification", message))
                            .as(message.toString())
                            .isEmpty();
                    assertThat(message.at("/params/level").asText()).isEqualTo("critical");
                    assertThat(message.at("/params/data").asText()).isEqualTo("the replica is gone");
                }
            }
        }
    }

    @Test
    void aLogLevelThatIsNotALoggingLevelIsRefusedBeforeAnythingIsSubmitted() {
        McpReply refused =
                sleepCall("bad").meta(RequestMeta.LOG_LEVEL_KEY, "verbose").post();

        assertThat(refused.status()).isEqualTo(400);
        McpSchemas.assertValidError(refused.json());
        assertThat(refused.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(refused.json().at("/error/message").asText()).contains("logLevel");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void discoveryDeclaresTheLoggingCapability() {
        McpReply discovered = mcp().request(1, "server/discover").post();

        assertThat(discovered.json().at("/result/capabilities/logging").isObject())
                .as(discovered.toString())
                .isTrue();
    }

    private Mcp2026Request sleepCall(Object id) {
        return mcp().toolCall(id, "demo.sleep", Map.of("seconds", 5));
    }
}
