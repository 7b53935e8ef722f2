package dev.taskgate.jobctl.upstream;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.testsupport.PeerAnswers;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Discovery against a peer on loopback HTTP that answers {@code initialize} on an event stream: a stream the upstream
 * ends after its answer is read to its end, so the session's next requests go on the same connection (closing it as
 * its end arrived could leave a closed connection in the client's pool, and the next request failed with "EOF reached
 * while reading"); a stream the upstream leaves open is cut after {@link HttpDiscoveryTransport#END_GRACE} and
 * discovery goes on, on a new connection.
 */
class HttpDiscoveryStreamEndTest {
    private final List<Integer> clientPorts = new CopyOnWriteArrayList<>();
    private final CountDownLatch testOver = new CountDownLatch(1);
    private final HttpClient http = HttpClient.newHttpClient();
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private HttpServer server;

    @AfterEach
    void stop() {
        testOver.countDown();
        if (server != null) {
            server.stop(0);
        }
        handlers.shutdownNow();
    }

    @Test
    void aStreamTheUpstreamEndsAfterItsAnswerLeavesItsConnectionToTheSessionsNextRequests() throws Exception {
        // the stream's end follows the answer 50 ms later, as if still on its way when the answer is read
        UpstreamDefinition upstream = serve(() -> PeerAnswers.pause(Duration.ofMillis(50)));

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            JsonNode listed = session.request("tools/list", Wire.mapper().createObjectNode());
            assertThat(listed.path("tools").get(0).path("name").asText()).isEqualTo("echo");
        }

        assertThat(clientPorts).hasSizeGreaterThanOrEqualTo(3).allMatch(clientPorts.get(0)::equals);
    }

    @Test
    void aStreamTheUpstreamLeavesOpenIsCutAndDiscoveryGoesOn() throws Exception {
        UpstreamDefinition upstream = serve(() -> PeerAnswers.holdUntil(testOver, Duration.ofSeconds(60)));

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            JsonNode listed = session.request("tools/list", Wire.mapper().createObjectNode());
            assertThat(listed.path("tools").get(0).path("name").asText()).isEqualTo("echo");
        }

        assertThat(clientPorts).hasSizeGreaterThanOrEqualTo(3);
        assertThat(clientPorts.get(1)).as("the request after the open stream").isNotEqualTo(clientPorts.get(0));
    }

    // initialize is answered on an event stream, and beforeTheEnd runs between its answer and its end; tools/list
    // with JSON, notifications with 202, the session's end with 204
    private UpstreamDefinition serve(Runnable beforeTheEnd) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(handlers);
        server.createContext("/mcp", exchange -> answer(exchange, beforeTheEnd));
        server.start();
        return new UpstreamDefinition(
                "u",
                URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp"),
                UpstreamProtocol.MCP_2025_11_25,
                "u",
                Optional.empty(),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(2),
                Duration.ofSeconds(5),
                1,
                Duration.ofMinutes(1));
    }

    private void answer(HttpExchange exchange, Runnable beforeTheEnd) throws IOException {
        byte[] request = exchange.getRequestBody().readAllBytes();
        clientPorts.add(exchange.getRemoteAddress().getPort());
        exchange.getResponseHeaders().add("Mcp-Session-Id", "session-1");
        if ("DELETE".equals(exchange.getRequestMethod())) {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            return;
        }
        JsonNode message = Wire.mapper().readTree(request);
        String method = message.path("method").asText();
        if (!message.has("id")) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        if ("tools/list".equals(method)) {
            PeerAnswers.json(
                    exchange,
                    result(message, "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}]}"));
            return;
        }
        PeerAnswers.eventThenEnd(
                exchange,
                result(message, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}}}"),
                beforeTheEnd);
    }

    private static String result(JsonNode message, String result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + message.path("id") + ",\"result\":" + result + "}";
    }
}
