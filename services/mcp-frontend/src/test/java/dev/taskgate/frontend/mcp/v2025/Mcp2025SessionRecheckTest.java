package dev.taskgate.frontend.mcp.v2025;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.frontend.support.FakeSessions;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 2025-era session found live is trusted for {@code session-recheck} (10 min here, so that nothing in a test
 * elapses): one lookup in job-control for many requests, never for another caller, and forgotten at once when this
 * instance ends it or sets its log level. The lookups are counted by the fake job-control's session table.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class Mcp2025SessionRecheckTest extends McpComponentTest {
    private final FakeSessions table = FakeSessions.get();

    @Test
    void requestsWithinTheRecheckLookTheSessionUpOnce() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25"); // then notifications/initialized: the lookup
        String hash = Mcp2025Sessions.hash(client.id());
        assertThat(table.uses(hash)).isEqualTo(1);

        for (int i = 2; i <= 6; i++) {
            assertThat(client.request(i, "ping", null).status()).isEqualTo(200);
        }
        assertThat(client.request(7, "tools/list", Mcp2025Client.params()).status())
                .isEqualTo(200);

        assertThat(table.uses(hash)).isEqualTo(1);
    }

    @Test
    void anotherCallerIsNotServedFromWhatTheOwnerFound() {
        Mcp2025Session alice = mcp2025().initialize("2025-11-25");
        assertThat(alice.request(2, "ping", null).status()).isEqualTo(200);
        String bob = Fixtures.bobToken();

        McpReply used = client().bearer(bob)
                .v2025()
                .session(alice.id(), Mcp2025Client.VERSION)
                .request(3, "ping", null);

        assertThat(used.status()).isEqualTo(404);
        assertThat(table.uses(Mcp2025Sessions.hash(alice.id())))
                .as("bob's request asked")
                .isEqualTo(2);
    }

    @Test
    void aDeleteThroughThisInstanceEndsTheSessionAtOnce() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");
        assertThat(client.request(2, "ping", null).status()).isEqualTo(200);

        McpReply deleted = McpTestClient.http(base)
                .bearer(Mcp2025Fixtures.alice())
                .send("DELETE", Map.of("Mcp-Session-Id", client.id()), (String) null);
        McpReply after = client.request(3, "ping", null);

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(after.status()).isEqualTo(404);
        Mcp2025Client.assertValid("JSONRPCErrorResponse", after.json());
    }

    @Test
    void aLevelSetThroughThisInstanceIsLookedUpAgain() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");
        String hash = Mcp2025Sessions.hash(client.id());
        assertThat(client.request(2, "ping", null).status()).isEqualTo(200);

        McpReply set =
                client.request(3, "logging/setLevel", Mcp2025Client.params().put("level", "warning"));
        assertThat(client.request(4, "ping", null).status()).isEqualTo(200);

        Mcp2025Client.assertValid("JSONRPCResultResponse", set.json());
        // notifications/initialized looked up; ping and setLevel are served from it, setLevel then forgets it
        assertThat(table.uses(hash)).isEqualTo(2);
    }

    @Test
    void aSessionEndedThroughAnotherReplicaIsServedHereUntilTheRecheck() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");
        String hash = Mcp2025Sessions.hash(client.id());
        assertThat(client.request(2, "ping", null).status()).isEqualTo(200);

        table.endElsewhere(hash);

        assertThat(client.request(3, "ping", null).status())
                .as("the documented window (docs/mcp-frontend.md \"Sessions\")")
                .isEqualTo(200);
        assertThat(table.uses(hash)).isEqualTo(1);
    }
}
