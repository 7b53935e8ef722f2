package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.frontend.mcp.http.ListenStreams;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithListenStreams;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The server ends a listen stream after {@code taskgate.frontend.listen.max-open} (here 2 s); the client reconnects. */
@QuarkusTest
@TestProfile(WithListenStreams.ShortLived.class)
class Mcp2025ListenLifetimeTest extends McpComponentTest {

    @Inject
    ListenStreams streams;

    @Test
    void theServerEndsAStreamAfterItsMaximumOpenTimeAndTheClientCanReconnect() {
        Mcp2025Session client = mcp2025().initialize("2025-11-25");

        try (McpStream first = client.listen()) {
            assertThat(first.status()).isEqualTo(200);

            await().atMost(Duration.ofSeconds(40)).until(first::ended);

            assertThat(first.comments()).as("keep-alives while open").isGreaterThanOrEqualTo(2);
            await().atMost(Duration.ofSeconds(40)).until(() -> streams.openFor(Mcp2025Sessions.hash(client.id())) == 0);
        }
        try (McpStream again = client.listen()) {
            assertThat(again.status()).as("reconnect in the same session").isEqualTo(200);
        }
    }
}
