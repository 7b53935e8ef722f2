package dev.taskgate.frontend.mcp;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text the MCP edge accepts in {@code tools/call} arguments: an unpaired UTF-16 surrogate is {@code -32602} pointing
 * at it, before anything is published; a long unknown tool name is not echoed back whole.
 */
@QuarkusTest
class McpUnicodeArgumentsTest extends McpComponentTest {
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @Test
    void anUnpairedSurrogateInTheArgumentsIsInvalidParams() {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Mcp2026Request call = mcp().toolCall(3, "demo.echo", Map.of("text", "LONE"));
            McpReply response = call.postRaw(call.message().toString().replace("LONE", "ok\\ud800"));

            assertThat(response.status()).as(response.toString()).isEqualTo(200);
            JsonNode body = response.json();
            assertThat(body.path("error").path("code").asInt()).isEqualTo(-32602);
            assertThat(body.at("/error/data/errors/0/pointer").asText()).isEqualTo("/arguments/text");
            assertThat(body.at("/error/data/errors/0/message").asText()).contains("surrogate");
            McpSchemas.assertValidError(body);
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void aLongUnknownToolNameIsNotEchoedBack() {
        // the name travels in the Mcp-Name header too, so it stays below the header limit
        String name = "y".repeat(15_000);
        McpReply response = mcp().toolCall(4, name, Map.of()).post();

        JsonNode body = response.json();
        assertThat(body.path("error").path("code").asInt())
                .as(response.toString())
                .isEqualTo(-32602);
        assertThat(body.path("error").path("message").asText()).hasSizeLessThan(200);
        assertThat(body.toString().length()).isLessThan(2048);
    }
}
