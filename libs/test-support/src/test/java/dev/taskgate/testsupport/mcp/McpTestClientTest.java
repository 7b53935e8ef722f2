package dev.taskgate.testsupport.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;

/** The client against a JDK HTTP server that records what it receives and answers what the test sets. */
class McpTestClientTest {
    private final List<HttpExchange> received = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private volatile String answerType = "application/json";
    private volatile String answer = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}";
    private HttpServer server;
    private URI base;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/mcp", this::handle);
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        received.add(exchange);
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        bodies.add(body);
        if (body.contains("\"notifications/")) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", answerType);
        exchange.getResponseHeaders().add("Mcp-Session-Id", "s-1");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Test
    void a2026RequestCarriesTheHeadersAndMetaOfAWellBehavedClient() {
        McpReply reply = McpTestClient.http(base)
                .bearer("t-1")
                .v2026()
                .task(7, "tasks/get", "tgx_1")
                .post();

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.sessionId()).isEqualTo("s-1");
        HttpExchange exchange = received.get(0);
        assertThat(exchange.getRequestURI().getPath()).isEqualTo("/mcp");
        assertThat(exchange.getRequestHeaders().getFirst("Authorization")).isEqualTo("Bearer t-1");
        assertThat(exchange.getRequestHeaders().getFirst("MCP-Protocol-Version"))
                .isEqualTo("2026-07-28");
        assertThat(exchange.getRequestHeaders().getFirst("Mcp-Method")).isEqualTo("tasks/get");
        assertThat(exchange.getRequestHeaders().getFirst("Mcp-Name")).isEqualTo("tgx_1");
        JsonNode sent = Wire.fromBytes(bodies.get(0).getBytes(StandardCharsets.UTF_8), JsonNode.class);
        assertThat(sent.path("id").asInt()).isEqualTo(7);
        assertThat(sent.at("/params/taskId").asText()).isEqualTo("tgx_1");
        assertThat(sent.at("/params/_meta/io.modelcontextprotocol~1protocolVersion")
                        .asText())
                .isEqualTo("2026-07-28");
        assertThat(sent.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities/extensions")
                        .has(Mcp2026Client.TASKS))
                .isTrue();
    }

    @Test
    void aNullHeaderOrTokenIsLeftOutAndARawBodyIsSentAsIs() {
        McpReply reply = McpTestClient.http(base + "/")
                .bearer("t-1")
                .v2026()
                .request(1, "server/discover")
                .header("Mcp-Method", null)
                .bearer(null)
                .postRaw("{");

        assertThat(reply.status()).isEqualTo(200);
        HttpExchange exchange = received.get(0);
        assertThat(exchange.getRequestHeaders().containsKey("Mcp-Method")).isFalse();
        assertThat(exchange.getRequestHeaders().containsKey("Authorization")).isFalse();
        assertThat(bodies.get(0)).isEqualTo("{");
    }

    @Test
    void theEscapeHatchSendsExactlyWhatItIsGivenAndHeadersReplaceCaseInsensitively() {
        Map<String, String> headers = new HashMap<>();
        headers.put("authorization", "Basic x");
        headers.put("X-Test", "1");
        McpTestClient.http(base).bearer("t-1").send("DELETE", headers, (String) null);

        HttpExchange exchange = received.get(0);
        assertThat(exchange.getRequestMethod()).isEqualTo("DELETE");
        assertThat(exchange.getRequestHeaders().get("Authorization")).containsExactly("Basic x");
        assertThat(exchange.getRequestHeaders().getFirst("X-Test")).isEqualTo("1");
    }

    @Test
    void anSseAnswerIsReadAsItsEventsAndItsLastMessageIsTheResponse() {
        answerType = "text/event-stream";
        answer = ": keep-alive\n\n"
                + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n"
                + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\n"
                + "data: \"result\":{\"n\":1}}\n\n";

        McpReply reply =
                McpTestClient.http(base).v2026().request(1, "tools/call").post();

        assertThat(reply.isStream()).isTrue();
        assertThat(reply.comments()).isEqualTo(1);
        assertThat(reply.events()).hasSize(2);
        assertThat(reply.messages()).hasSize(2);
        assertThat(reply.result().path("n").asInt()).isEqualTo(1);
    }

    @Test
    void aStreamWaitsForTheFinalResponse() {
        answerType = "text/event-stream";
        answer = "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n"
                + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\n\n";

        try (McpStream stream = McpTestClient.http(base).v2026().request(3, "tools/call").stream()) {
            JsonNode response = stream.awaitResponse(Duration.ofSeconds(10));

            assertThat(stream.status()).isEqualTo(200);
            assertThat(response.path("id").asInt()).isEqualTo(3);
            assertThat(stream.messages()).hasSize(2);
        }
    }

    @Test
    void a2025SessionSendsItsHeadersOnEveryMessage() {
        answer = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"serverInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

        Mcp2025Session session = McpTestClient.http(base).bearer("t-1").v2025().initialize();
        session.request("ping", null);

        assertThat(session.id()).isEqualTo("s-1");
        assertThat(session.protocolVersion()).isEqualTo("2025-11-25");
        assertThat(received).hasSize(3); // initialize, notifications/initialized, ping
        assertThat(received.get(0).getRequestHeaders().containsKey("Mcp-Session-Id"))
                .isFalse();
        for (HttpExchange exchange : received.subList(1, 3)) {
            assertThat(exchange.getRequestHeaders().getFirst("Mcp-Session-Id")).isEqualTo("s-1");
            assertThat(exchange.getRequestHeaders().getFirst("MCP-Protocol-Version"))
                    .isEqualTo("2025-11-25");
        }
        assertThat(bodies.get(1)).contains("notifications/initialized");
    }
}
