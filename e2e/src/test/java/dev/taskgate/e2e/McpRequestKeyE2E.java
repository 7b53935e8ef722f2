package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP receipts through the packaged services: a {@code tools/call} retried with the same
 * {@code _meta["dev.taskgate/requestKey"]} and request returns the same task, with other arguments it is a JSON-RPC
 * error naming the key, and the key is private to its principal.
 */
@ExtendWith(LocalStack.class)
class McpRequestKeyE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final AtomicLong IDS = new AtomicLong();

    private static URI endpoint;
    private static String alice;
    private static String bob;

    @BeforeAll
    static void setUp() {
        endpoint = URI.create(LocalStack.get().frontendUrl() + "/mcp");
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

    private static JsonNode call(String token, String requestKey, Map<String, ?> arguments) throws Exception {
        ObjectNode message = JSON.createObjectNode()
                .put("jsonrpc", "2.0")
                .put("id", IDS.incrementAndGet())
                .put("method", "tools/call");
        ObjectNode params = message.putObject("params").put("name", "demo.sleep");
        params.set("arguments", JSON.valueToTree(arguments));
        ObjectNode meta = params.putObject("_meta")
                .put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
                .put("dev.taskgate/requestKey", requestKey);
        meta.putObject("io.modelcontextprotocol/clientCapabilities")
                .putObject("extensions")
                .putObject("io.modelcontextprotocol/tasks");
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "demo.sleep")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }
}
