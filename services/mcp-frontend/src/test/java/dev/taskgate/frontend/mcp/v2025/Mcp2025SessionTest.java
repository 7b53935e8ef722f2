package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.support.FakeSessions;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 2025-era session lifecycle on {@code /mcp}: initialize negotiates and issues {@code Mcp-Session-Id},
 * notifications are 202, ping and tools/list answer in the session, unknown/ended/foreign sessions are 404, a
 * wrong {@code MCP-Protocol-Version} is 400, DELETE ends the session. Every message is checked against the
 * 2025-11-25 schema.
 */
@QuarkusTest
class Mcp2025SessionTest extends McpComponentTest {

    @Test
    void initializeNegotiatesTheVersionAndDeclaresTasks() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");
        JsonNode response = client.initialized().json();

        JsonNode result = response.get("result");
        assertThat(result.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(result.at("/capabilities/tasks/list").isObject()).isTrue();
        assertThat(result.at("/capabilities/tasks/cancel").isObject()).isTrue();
        assertThat(result.at("/capabilities/tasks/requests/tools/call").isObject())
                .isTrue();
        assertThat(result.has("resultType")).isFalse();
        assertThat(client.id()).hasSize(43).matches("[\\x21-\\x7E]+");
    }

    @Test
    void olderVersionsAreEchoedWithoutTasks() {
        Mcp2025Session client = mcp2025().initialize("2025-06-18");
        JsonNode response = client.initialized().json();

        assertThat(response.at("/result/protocolVersion").asText()).isEqualTo("2025-06-18");
        assertThat(response.at("/result/capabilities").has("tasks")).isFalse();
        McpReply tools = client.request(2, "tools/list", Mcp2025Client.params());
        assertThat(tools.json().at("/result/tools/0").has("execution")).isFalse();
    }

    @Test
    void initializedPingAndToolsListWorkInTheSession() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");

        McpReply initialized = client.notify("notifications/initialized", null);
        McpReply ping = client.request(2, "ping", null);
        McpReply tools = client.request(3, "tools/list", Mcp2025Client.params());

        assertThat(initialized.status()).isEqualTo(202);
        assertThat(initialized.bytes()).isEmpty();
        assertThat(ping.status()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", ping.json());
        assertThat(ping.json().get("result").size()).isZero();
        assertThat(tools.status()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", tools.json());
        Mcp2025Client.assertValid("ListToolsResult", tools.json().get("result"));
        JsonNode sleep = find(tools.json().at("/result/tools"), "demo.sleep");
        assertThat(sleep.at("/execution/taskSupport").asText()).isIn("optional", "required", "forbidden");
        assertThat(find(tools.json().at("/result/tools"), "demo.crash")
                        .at("/execution/taskSupport")
                        .asText())
                .isEqualTo("required");
    }

    @Test
    void unknownAndEndedSessionsAreNotFound() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");
        String id = client.id();

        McpReply unknown =
                client().v2025().session("x".repeat(43), Mcp2025Client.VERSION).request(2, "ping", null);
        McpReply deleted = delete(id, Mcp2025Fixtures.alice());
        McpReply afterDelete = client.request(3, "ping", null);
        McpReply deletedAgain = delete(id, Mcp2025Fixtures.alice());

        assertThat(unknown.status()).isEqualTo(404);
        Mcp2025Client.assertValid("JSONRPCErrorResponse", unknown.json());
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(afterDelete.status()).isEqualTo(404);
        assertThat(deletedAgain.status()).isEqualTo(404);
    }

    @Test
    void aSessionEndedThroughAnotherReplicaIsNotFoundOnceTheRecheckHasPassed() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");
        assertThat(client.request(2, "ping", null).status()).isEqualTo(200);

        FakeSessions.get().endElsewhere(Mcp2025Sessions.hash(client.id()));

        // session-recheck is 1 s by default: bounded, not timed
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> client.request(3, "ping", null).status() == 404);
    }

    @Test
    void anotherPrincipalCannotUseOrEndTheSession() {
        Mcp2025Session alice = mcp2025().initialize("2025-11-25");
        String bob = Fixtures.bobToken();

        McpReply used = client().bearer(bob)
                .v2025()
                .session(alice.id(), Mcp2025Client.VERSION)
                .request(2, "ping", null);
        McpReply ended = delete(alice.id(), bob);

        assertThat(used.status()).isEqualTo(404);
        assertThat(ended.status()).isEqualTo(404);
        assertThat(alice.request(3, "ping", null).status()).as("still alice's").isEqualTo(200);
    }

    @Test
    void aWrongProtocolVersionHeaderIsABadRequest() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");

        McpReply wrong = client().v2025()
                .post(
                        Mcp2025Client.message(2, "ping", null),
                        Map.of("Mcp-Session-Id", client.id(), "MCP-Protocol-Version", "2025-06-18"));
        McpReply absent =
                client().v2025().post(Mcp2025Client.message(3, "ping", null), Map.of("Mcp-Session-Id", client.id()));

        assertThat(wrong.status()).isEqualTo(400);
        Mcp2025Client.assertError(wrong.json(), -32600);
        assertThat(absent.status()).isEqualTo(200);
    }

    @Test
    void aBadInitializeCreatesNoSession() {
        int before = FakeSessions.get().size();
        ObjectNode params = Mcp2025Client.params().put("protocolVersion", "2025-11-25");
        params.putObject("clientInfo").put("name", "t").put("version", "1");

        McpReply response = mcp2025().post(Mcp2025Client.message(1, "initialize", params), Map.of());

        assertThat(response.status()).isEqualTo(200);
        Mcp2025Client.assertError(response.json(), -32602);
        assertThat(response.header("Mcp-Session-Id")).isNull();
        assertThat(FakeSessions.get().size()).isEqualTo(before);
    }

    @Test
    void unknownMethodsInASessionAreMethodNotFound() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");

        McpReply response = client.request(2, "resources/subscribe", null);

        Mcp2025Client.assertError(response.json(), -32601);
    }

    @Test
    void loggingSetLevelIsAcceptedForAKnownLevelOnly() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");

        McpReply ok =
                client.request(2, "logging/setLevel", Mcp2025Client.params().put("level", "warning"));
        McpReply bad =
                client.request(3, "logging/setLevel", Mcp2025Client.params().put("level", "loud"));

        Mcp2025Client.assertValid("JSONRPCResultResponse", ok.json());
        assertThat(ok.json().get("result").size()).isZero();
        Mcp2025Client.assertError(bad.json(), -32602);
    }

    private McpReply delete(String session, String token) {
        return McpTestClient.http(base).bearer(token).send("DELETE", Map.of("Mcp-Session-Id", session), (String) null);
    }

    private static JsonNode find(JsonNode tools, String name) {
        for (JsonNode tool : tools) {
            if (name.equals(tool.path("name").asText())) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + tools);
    }
}
