package dev.taskgate.jobctl.upstream;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One listener against a stand-in on loopback HTTP whose {@code GET} stream carries what an upstream may send there:
 * the announcement (a listing), a {@code ping} (answered), a request it cannot serve (answered -32601); a session that
 * no longer announces changes ends the listening without a stream; stopping ends it and closes the session.
 */
class ToolListListenerTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String SECRET = "Bearer s3cret-listener";

    private HttpServer server;
    private Thread running;
    private volatile boolean announces = true;
    private final AtomicInteger streams = new AtomicInteger();
    private final AtomicInteger deletes = new AtomicInteger();
    private final List<JsonNode> answers = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final AtomicInteger listings = new AtomicInteger();
    private final List<HttpExchange> openStreams = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        openStreams.forEach(HttpExchange::close);
        server.stop(0);
        if (running != null) {
            running.join(WAIT.toMillis());
        }
    }

    @Test
    void listsOnOpeningAndOnEachAnnouncementAndAnswersTheUpstreamsRequests() throws Exception {
        ToolListListener listener = start();

        await().atMost(WAIT).until(() -> answers.size() == 2);
        assertThat(listings.get())
                .as("once as the stream opened, once announced")
                .isEqualTo(2);
        assertThat(answers.get(0).toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}");
        assertThat(answers.get(1).path("id").asInt()).isEqualTo(6);
        assertThat(answers.get(1).path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(authorizations).isNotEmpty().allMatch(SECRET::equals);

        listener.stop();
        running.join(WAIT.toMillis());
        assertThat(running.isAlive()).isFalse();
        assertThat(deletes.get()).as("the session is closed").isEqualTo(1);
    }

    @Test
    void aSessionThatNoLongerAnnouncesChangesEndsTheListeningWithoutAStream() throws Exception {
        announces = false;
        start();

        running.join(WAIT.toMillis());

        assertThat(running.isAlive()).isFalse();
        assertThat(streams.get()).isZero();
        assertThat(listings.get()).isZero();
    }

    private ToolListListener start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/mcp", this::answer);
        server.start();
        UpstreamDefinition upstream = new UpstreamDefinition(
                "u",
                URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp"),
                UpstreamProtocol.MCP_2025_11_25,
                "u",
                Optional.of(new UpstreamCredential("Authorization", SECRET)),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(2),
                Duration.ofSeconds(5),
                1,
                Duration.ofHours(1));
        ToolListListener listener = new ToolListListener(
                upstream,
                u -> DiscoverySession.open(u, HttpClient.newHttpClient()),
                listings::incrementAndGet,
                new StreamBackoff(Duration.ofMillis(100), Duration.ofMillis(200)));
        running = new Thread(listener, "tool-list-listener-test");
        running.setDaemon(true);
        running.start();
        return listener;
    }

    private void answer(HttpExchange exchange) throws IOException {
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        switch (exchange.getRequestMethod()) {
            case "GET" -> stream(exchange);
            case "DELETE" -> {
                deletes.incrementAndGet();
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            }
            default -> post(exchange);
        }
    }

    // the announcement, a ping and a request nobody serves; the stream stays open until the client leaves or the test
    // ends
    private void stream(HttpExchange exchange) throws IOException {
        streams.incrementAndGet();
        openStreams.add(exchange);
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        out.write(("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n"
                        + "data: {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}\n\n"
                        + "data: {\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"roots/list\"}\n\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void post(HttpExchange exchange) throws IOException {
        JsonNode message = Wire.mapper().readTree(exchange.getRequestBody().readAllBytes());
        String method = message.path("method").asText("");
        if (!message.has("method")) {
            answers.add(message);
            reply(exchange, 202, "");
        } else if (method.equals("initialize")) {
            String capabilities = announces ? "{\"tools\":{\"listChanged\":true}}" : "{\"tools\":{}}";
            reply(
                    exchange,
                    200,
                    "{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":{\"protocolVersion\":"
                            + "\"2025-11-25\",\"capabilities\":" + capabilities + "}}");
        } else {
            reply(exchange, 202, "");
        }
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0) {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
        }
        exchange.getResponseHeaders().add("Mcp-Session-Id", "session-1");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
