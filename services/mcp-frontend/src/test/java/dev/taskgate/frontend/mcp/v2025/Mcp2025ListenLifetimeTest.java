package dev.taskgate.frontend.mcp.v2025;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.frontend.mcp.http.ListenStreams;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.Mcp2025;
import dev.taskgate.frontend.support.SseClient;
import dev.taskgate.frontend.support.WithListenStreams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The server ends a listen stream after {@code taskgate.frontend.listen.max-open} (here 2 s); the client reconnects. */
@QuarkusTest
@TestProfile(WithListenStreams.ShortLived.class)
class Mcp2025ListenLifetimeTest {
    @TestHTTPResource("/")
    URI base;

    @Inject
    ListenStreams streams;

    @Test
    void theServerEndsAStreamAfterItsMaximumOpenTimeAndTheClientCanReconnect() {
        Mcp2025 client = Mcp2025.at(base);
        client.initialize("2025-11-25");
        Map<String, String> headers = new LinkedHashMap<>(client.sessionHeaders());
        headers.put("Accept", "text/event-stream");

        try (SseClient first = SseClient.get(base, headers, Fixtures.aliceToken())) {
            assertThat(first.status()).isEqualTo(200);

            await().atMost(Duration.ofSeconds(40)).until(first::ended);

            assertThat(first.comments()).as("keep-alives while open").isGreaterThanOrEqualTo(2);
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> streams.openFor(Mcp2025Sessions.hash(client.sessionId())) == 0);
        }
        try (SseClient again = SseClient.get(base, headers, Fixtures.aliceToken())) {
            assertThat(again.status()).as("reconnect in the same session").isEqualTo(200);
        }
    }
}
