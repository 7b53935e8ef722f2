package dev.taskgate.e2e;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP receipts through the packaged services: a {@code tools/call} retried with the same
 * {@code _meta["dev.taskgate/requestKey"]} and request returns the same task, with other arguments it is a JSON-RPC
 * error naming the key, and the key is private to its principal.
 */
@ExtendWith(LocalStack.class)
class McpRequestKeyE2E {
    private static String alice;
    private static String bob;

    @BeforeAll
    static void setUp() {
        alice = Tokens.forSubject("alice-" + UUID.randomUUID())
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        bob = Tokens.forSubject("bob-" + UUID.randomUUID())
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void theSameKeyAndRequestReturnTheSameTask() throws Exception {
        JsonNode first = call(alice, "k-1", Map.of("seconds", 1));
        JsonNode again = call(alice, "k-1", Map.of("seconds", 1));

        assertThat(first.at("/result/resultType").asText()).as(first.toString()).isEqualTo("task");
        assertThat(again.at("/result/taskId").asText())
                .isEqualTo(first.at("/result/taskId").asText());
        assertThat(call(bob, "k-1", Map.of("seconds", 1)).at("/result/taskId").asText())
                .as("another principal's key space")
                .isNotEqualTo(first.at("/result/taskId").asText());
    }

    @Test
    void theSameKeyWithOtherArgumentsIsAnErrorNamingTheKey() throws Exception {
        call(alice, "k-2", Map.of("seconds", 1));

        JsonNode conflict = call(alice, "k-2", Map.of("seconds", 2));

        assertThat(conflict.at("/error/code").asInt()).as(conflict.toString()).isEqualTo(-32602);
        assertThat(conflict.at("/error/data/requestKey").asText()).isEqualTo("k-2");
        assertThat(conflict.at("/error/message").asText()).contains("'k-2'");
    }

    private static JsonNode call(String token, String requestKey, Map<String, ?> arguments) {
        McpReply reply = LocalStack.get()
                .mcp(token)
                .v2026()
                .toolCall("demo.sleep", arguments)
                .meta("dev.taskgate/requestKey", requestKey)
                .withTasks()
                .post();
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return reply.json();
    }
}
