package dev.taskgate.e2e;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP receipts through the packaged services: a {@code tools/call} retried with the same
 * {@code _meta["dev.taskgate/requestKey"]} and request returns the same task, with other arguments it is a JSON-RPC
 * error naming the key, and the key is private to its principal; the same on the 2025-era adapter, where a task of a
 * mutating tool needs a key.
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

    @Test
    void aRetried2025TaskAugmentedCallFindsItsTaskAndAMutatingOneNeedsAKey() throws Exception {
        String writer = Tokens.forSubject("writer-" + UUID.randomUUID())
                .org("acme")
                .project("demo")
                .scopes("tools:call tools:write")
                .sign();
        Mcp2025Session session = LocalStack.get().mcp(writer).v2025().initialize("2025-11-25");
        String key = "k25-" + UUID.randomUUID();

        JsonNode first = session.request("tools/call", task2025("demo.sleep", Map.of("seconds", 1), key))
                .json();
        JsonNode again = session.request("tools/call", task2025("demo.sleep", Map.of("seconds", 1), key))
                .json();
        JsonNode conflict = session.request("tools/call", task2025("demo.sleep", Map.of("seconds", 2), key))
                .json();
        JsonNode unkeyedRewrite = session.request(
                        "tools/call",
                        task2025(
                                "demo.rewrite", Map.of("files", List.of("a.txt"), "search", "x", "replace", "y"), null))
                .json();

        assertThat(first.at("/result/task/taskId").asText())
                .as(first.toString())
                .isNotEmpty();
        assertThat(again.at("/result/task/taskId").asText())
                .isEqualTo(first.at("/result/task/taskId").asText());
        assertThat(conflict.at("/error/code").asInt()).as(conflict.toString()).isEqualTo(-32602);
        assertThat(conflict.at("/error/data/requestKey").asText()).isEqualTo(key);
        assertThat(unkeyedRewrite.at("/error/code").asInt())
                .as(unkeyedRewrite.toString())
                .isEqualTo(-32602);
        assertThat(unkeyedRewrite.at("/error/data/field").asText()).contains("dev.taskgate/requestKey");
    }

    private static ObjectNode task2025(String tool, Map<String, ?> arguments, String requestKey) {
        ObjectNode params = Mcp2025Client.params().put("name", tool);
        params.set("arguments", Wire.mapper().valueToTree(arguments));
        params.putObject("task").put("ttl", 60_000);
        if (requestKey != null) {
            params.putObject("_meta").put("dev.taskgate/requestKey", requestKey);
        }
        return params;
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
