package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.frontend.mcp.http.ListenStreams;
import dev.taskgate.frontend.mcp.subscriptions.Subscriptions;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Sessions;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.RawHttp;
import dev.taskgate.frontend.support.UpstreamToolFixtures;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.Mcp2026Request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A client that drops its connection while its MCP stream is being written frees the stream's place and worker
 * thread within about a second, although the keep-alive (and the 2025-era session check) is 10 min here: once the
 * body is written the close handler the request set is Quarkus's output stream's, so the stream itself has to
 * notice ({@code ClientDeparture}). The 2025-era listen stream ({@code GET /mcp} in a session) and a 2026-07-28
 * {@code subscriptions/listen}.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class McpStreamDepartureTest extends McpComponentTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Inject
    ListenStreams listenStreams;

    @Inject
    Subscriptions subscriptions;

    @Inject
    OperationCatalog catalog;

    @Test
    void aListenStreamWhoseClientDropsTheConnectionFreesItsPlaceWithoutAKeepAlive() {
        Mcp2025Session session = mcp2025().initialize("2025-11-25");
        String hash = Mcp2025Sessions.hash(session.id());
        Map<String, String> headers = new LinkedHashMap<>(session.headers());
        headers.put("Accept", "text/event-stream");
        headers.put("Host", "127.0.0.1:" + base.getPort());
        headers.put("Authorization", "Bearer " + Fixtures.aliceToken());

        try (RawHttp stream = RawHttp.get(base, headers)) {
            assertThat(stream.readUntil(": stream open")).startsWith("HTTP/1.1 200");
            assertThat(listenStreams.openFor(hash)).isEqualTo(1);
            waitingAfterAToolListChange(stream, "listen-gone");

            stream.drop();
            await().atMost(PATIENCE).until(() -> listenStreams.openFor(hash) == 0);
        } finally {
            catalog.replaceUpstreamTools(UpstreamTools.NONE);
        }
    }

    @Test
    void aSubscriptionWhoseClientDropsTheConnectionEndsWithoutAKeepAlive() {
        Mcp2026Request listen = mcp().request("sub-gone", "subscriptions/listen")
                .param("notifications", Map.of("toolsListChanged", true));
        Map<String, String> headers = new LinkedHashMap<>(listen.headers());
        headers.put("Host", "127.0.0.1:" + base.getPort());
        headers.put("Authorization", "Bearer " + Fixtures.aliceToken());
        int before = subscriptions.size();

        try (RawHttp stream =
                RawHttp.post(base, "HTTP/1.1", headers, listen.message().toString())) {
            assertThat(stream.readUntil("notifications/subscriptions/acknowledged"))
                    .startsWith("HTTP/1.1 200");
            assertThat(subscriptions.size()).isEqualTo(before + 1);
            waitingAfterAToolListChange(stream, "subscription-gone");

            stream.drop();
            await().atMost(PATIENCE).until(() -> subscriptions.size() == before);
        } finally {
            catalog.replaceUpstreamTools(UpstreamTools.NONE);
        }
    }

    // Once the stream has told a change of Alice's tool list, it is in its loop (it told it from there) and waits for
    // what comes next: the departure that follows is what it has to notice.
    private void waitingAfterAToolListChange(RawHttp stream, String revision) {
        catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool(revision, "up.echo", "acme/*"));
        stream.readUntil(ToolListChanges.METHOD);
    }
}
