package dev.taskgate.frontend.mcp;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.RawHttp;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code Host} half of the DNS-rebinding guard on {@code POST /mcp}, over raw sockets (the JDK client cannot
 * forge {@code Host}): loopback names, the configured public host ({@code mcp.example.test} in tests) and extra
 * hosts ({@code alias.example.test}) are served; any other name is 403 and a request without {@code Host} is 400,
 * both before authentication and with nothing published.
 */
@QuarkusTest
class McpHostCheckTest extends McpComponentTest {
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "mcp.example.test", "MCP.example.test.", "alias.example.test"})
    void servesTheNamesThisServerIsKnownBy(String name) {
        String response = post("HTTP/1.1", name + ":" + base.getPort(), mcp().request(1, "server/discover"));

        assertThat(RawHttp.status(response)).as(response).isEqualTo(200);
        assertThat(json(response).at("/result/resultType").asText()).isEqualTo("complete");
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "example.test"})
    void refusesAForeignHostWith403AndPublishesNothing(String name) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            String response =
                    post("HTTP/1.1", name + ":" + base.getPort(), mcp().toolCall(2, "demo.echo", Map.of("n", 1)));

            assertThat(RawHttp.status(response)).as(response).isEqualTo(403);
            JsonNode body = json(response);
            assertThat(body.has("id")).isFalse();
            assertThat(body.at("/error/message").asText()).contains("Host");
            McpSchemas.assertValidError(body);
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void refusesARequestWithoutHostWith400() {
        String response = post("HTTP/1.0", null, mcp().request(3, "server/discover"));

        assertThat(RawHttp.status(response)).as(response).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(body.at("/error/message").asText()).contains("Host");
        McpSchemas.assertValidError(body);
    }

    @Test
    void checksHostBeforeAuthentication() {
        Map<String, String> headers = headers(mcp().request(4, "server/discover"), "evil.example");
        headers.remove("Authorization");
        try (RawHttp http = RawHttp.post(
                base,
                "HTTP/1.1",
                headers,
                mcp().request(4, "server/discover").message().toString())) {
            String response = http.readAll();
            assertThat(RawHttp.status(response)).as(response).isEqualTo(403);
            assertThat(response).doesNotContainIgnoringCase("WWW-Authenticate");
        }
    }

    private String post(String version, String host, Mcp2026Request call) {
        try (RawHttp http =
                RawHttp.post(base, version, headers(call, host), call.message().toString())) {
            return http.readAll();
        }
    }

    private static Map<String, String> headers(Mcp2026Request call, String host) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (host != null) {
            headers.put("Host", host);
        }
        call.headers().forEach((k, v) -> {
            if (v != null) {
                headers.put(k, v);
            }
        });
        headers.put("Authorization", "Bearer " + Fixtures.aliceToken());
        return headers;
    }

    private static JsonNode json(String response) {
        try {
            return Wire.mapper().readTree(RawHttp.body(response));
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + response, e);
        }
    }
}
