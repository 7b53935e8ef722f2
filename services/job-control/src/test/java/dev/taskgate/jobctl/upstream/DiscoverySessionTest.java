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
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamCommand;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The discovery client against a peer on loopback HTTP that answers what an upstream might: JSON or an event stream,
 * and every way of getting it wrong. Each failure is an {@link UpstreamException} naming the upstream, never the
 * credential.
 */
class DiscoverySessionTest {
    private static final String SECRET = "Bearer s3cret-credential";

    private HttpServer server;
    private UpstreamProtocol protocol = UpstreamProtocol.MCP_2025_11_25;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final List<String> streamSessions = new CopyOnWriteArrayList<>();
    private volatile Answer streamAnswer = new Answer(405, "", "");
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aStdioSessionOffersNoServerStreamWhateverItsInitializeDeclares() throws Exception {
        // stdio has no GET stream: the kept process's own output carries announcements (StdioUpstreamProcesses)
        String initialized = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{\"tools\":{\"listChanged\":true}},"
                + "\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}";
        UpstreamCommand command = new UpstreamCommand(
                List.of("sh", "-c", "read line; printf '%s\\n' '" + initialized + "'; cat > /dev/null"),
                Optional.empty(),
                Map.of());
        UpstreamDefinition upstream = new UpstreamDefinition(
                "u",
                null,
                UpstreamProtocol.MCP_2025_11_25,
                "u",
                Optional.empty(),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(2),
                Duration.ofSeconds(5),
                1,
                Duration.ofMinutes(1),
                Optional.of(command));

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.offersToolListChanged()).isFalse();
            assertThat(session.openServerStream().kind()).isEqualTo(ServerStream.Kind.NOT_OFFERED);
        }
    }

    @Test
    void initializesAndListsOverJsonAndOverAnEventStreamWithTheCredential() throws Exception {
        UpstreamDefinition upstream = serve(message -> switch (method(message)) {
            case "initialize" -> json(result(message, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}"));
            case "tools/list" -> sse(result(message, "{\"tools\":[{\"name\":\"echo\"}]}"));
            default -> new Answer(202, "", "");
        });

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            JsonNode listed = session.request("tools/list", Wire.mapper().createObjectNode());
            assertThat(listed.path("tools").get(0).path("name").asText()).isEqualTo("echo");
        }
        assertThat(authorizations).isNotEmpty().allMatch(SECRET::equals);
    }

    @Test
    void speaksTheStatelessGenerationWithoutASessionEveryRequestDescribingItself() throws Exception {
        protocol = UpstreamProtocol.MCP_2026_07_28;
        UpstreamDefinition upstream = serve(message -> switch (method(message)) {
            case "server/discover" ->
                json(
                        result(
                                message,
                                "{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],"
                                        + "\"capabilities\":{\"tools\":{},\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}"));
            case "tools/list" -> sse(result(message, "{\"resultType\":\"complete\",\"tools\":[{\"name\":\"echo\"}]}"));
            case "prompts/get" -> json(result(message, "{\"resultType\":\"complete\",\"messages\":[]}"));
            default -> new Answer(400, "", "");
        });

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.implicitTaskSupport()).isEqualTo("optional");
            JsonNode listed = session.request("tools/list", Wire.mapper().createObjectNode());
            assertThat(listed.path("tools").get(0).path("name").asText()).isEqualTo("echo");
            session.request("prompts/get", Wire.mapper().createObjectNode().put("name", "grüße"));
        }

        assertThat(received)
                .extracting(DiscoverySessionTest::method)
                .containsExactly("server/discover", "tools/list", "prompts/get");
        assertThat(received).allSatisfy(message -> {
            assertThat(message.at("/params/_meta/io.modelcontextprotocol~1protocolVersion")
                            .asText())
                    .isEqualTo("2026-07-28");
            assertThat(message.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities")
                            .isObject())
                    .isTrue();
        });
        assertThat(headers).allSatisfy(h -> {
            assertThat(h).containsEntry("mcp-protocol-version", "2026-07-28").doesNotContainKey("mcp-session-id");
        });
        assertThat(headers.get(1)).containsEntry("mcp-method", "tools/list").doesNotContainKey("mcp-name");
        assertThat(headers.get(2))
                .containsEntry("mcp-method", "prompts/get")
                .containsEntry("mcp-name", "=?base64?Z3LDvMOfZQ==?=");
        assertThat(authorizations).isNotEmpty().allMatch(SECRET::equals);
    }

    @Test
    void aStatelessUpstreamThatDoesNotOfferTheVersionOrTheExtensionIsToldApart() throws Exception {
        protocol = UpstreamProtocol.MCP_2026_07_28;
        expectFailure(
                message -> json(result(message, "{\"supportedVersions\":[\"2025-11-25\"],\"capabilities\":{}}")),
                "answered server/discover without 2026-07-28 among its supportedVersions");
        UpstreamDefinition upstream = serve(message ->
                json(result(message, "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}}}")));
        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.implicitTaskSupport()).isEqualTo("forbidden");
        }
    }

    @Test
    void aNegotiatingUpstreamThatSpeaks2026IsDiscoveredWithoutInitialize() throws Exception {
        protocol = UpstreamProtocol.NEGOTIATE;
        UpstreamDefinition upstream = serve(message -> switch (method(message)) {
            case "server/discover" ->
                json(result(message, "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}}}"));
            default -> new Answer(400, "", "");
        });

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.protocol()).isEqualTo(UpstreamProtocol.MCP_2026_07_28);
            assertThat(session.offersToolListChanged()).isFalse();
        }
        assertThat(received).extracting(DiscoverySessionTest::method).containsExactly("server/discover");
        assertThat(headers.get(0)).containsEntry("mcp-protocol-version", "2026-07-28");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            HTTP 400 (no session)   | 400 |
            HTTP 404                | 404 |
            HTTP 405                | 405 |
            method not found        | 200 | {"code":-32601,"message":"Method not found"}
            unsupported version     | 200 | {"code":-32022,"message":"Unsupported protocol version"}
            another version only    | 200 | supportedVersions
            """)
    void aNegotiatingUpstreamThatDoesNotSpeak2026FallsBackToInitialize(String what, int status, String error)
            throws Exception {
        protocol = UpstreamProtocol.NEGOTIATE;
        UpstreamDefinition upstream = serve(message -> switch (method(message)) {
            case "server/discover" ->
                status != 200
                        ? new Answer(status, "", "")
                        : "supportedVersions".equals(error)
                                ? json(result(message, "{\"supportedVersions\":[\"2027-01-01\"],\"capabilities\":{}}"))
                                : json("{\"jsonrpc\":\"2.0\",\"id\":" + message.path("id") + ",\"error\":" + error
                                        + "}");
            case "initialize" -> json(result(message, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}"));
            default -> new Answer(202, "", "");
        });

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.protocol()).isEqualTo(UpstreamProtocol.MCP_2025_11_25);
        }
        assertThat(received)
                .extracting(DiscoverySessionTest::method)
                .containsExactly("server/discover", "initialize", "notifications/initialized");
        assertThat(received.get(1).path("params").path("protocolVersion").asText())
                .isEqualTo("2025-11-25");
    }

    @Test
    void aNegotiatingUpstreamThatFailsOtherwiseIsUnavailableWithoutFallingBack() throws Exception {
        protocol = UpstreamProtocol.NEGOTIATE;
        expectFailure(message -> new Answer(500, "text/plain", "boom"), "answered server/discover with HTTP 500");
        expectFailure(message -> new Answer(401, "", ""), "answered server/discover with HTTP 401");
        expectFailure(
                message -> json("{\"jsonrpc\":\"2.0\",\"id\":" + message.path("id")
                        + ",\"error\":{\"code\":-32603,\"message\":\"internal\"}}"),
                "refused server/discover: -32603 internal");
        expectFailure(message -> json("{not json"), "answered server/discover with malformed JSON");
        assertThat(received).extracting(DiscoverySessionTest::method).containsOnly("server/discover");

        UpstreamDefinition gone = serve(message -> json("{}"));
        server.stop(0);
        assertThatThrownBy(() -> DiscoverySession.open(gone, http))
                .isInstanceOf(UpstreamException.class)
                .hasMessageContaining("could not be reached for server/discover: connection refused");
    }

    @Test
    void aNegotiatingUpstreamWhoseFallbackFailsSaysBoth() throws Exception {
        protocol = UpstreamProtocol.NEGOTIATE;
        expectFailure(
                message -> switch (method(message)) {
                    case "server/discover" -> new Answer(404, "", "");
                    default -> new Answer(500, "text/plain", "boom");
                },
                "answered initialize with HTTP 500 (negotiating: upstream u answered server/discover with HTTP 404)");
    }

    @Test
    void everyWayOfAnsweringWrongIsAClearFailureWithoutTheCredential() throws Exception {
        expectFailure(message -> new Answer(500, "text/plain", "boom"), "answered initialize with HTTP 500");
        expectFailure(message -> json("{not json"), "answered initialize with malformed JSON");
        expectFailure(message -> json("{\"hello\":1}"), "with something not JSON-RPC 2.0");
        expectFailure(
                message -> json("{\"jsonrpc\":\"2.0\",\"id\":" + message.path("id") + ",\"error\":{\"code\":-32600,"
                        + "\"message\":\"no\"}}"),
                "refused initialize: -32600 no");
        expectFailure(
                message -> json(result(message, "{\"protocolVersion\":\"2024-11-05\"}")),
                "with protocol version '2024-11-05', not 2025-11-25");
        expectFailure(message -> new Answer(200, "text/html", "<html/>"), "neither JSON nor an event stream");
        expectFailure(
                message -> sse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}"),
                "ended its stream without answering initialize");
        expectFailure(message -> json("{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}"), "with another id");
    }

    @Test
    void opensTheStreamForTheUpstreamsOwnMessagesInItsSessionWithTheCredential() throws Exception {
        UpstreamDefinition upstream = serve(message -> switch (method(message)) {
            case "initialize" ->
                json(result(
                        message,
                        "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":"
                                + "{\"listChanged\":true}}}"));
            default -> new Answer(202, "", "");
        });
        streamAnswer = new Answer(
                200,
                "text/event-stream",
                "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n");

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.offersToolListChanged()).isTrue();
            ServerStream stream = session.openServerStream();

            assertThat(stream.kind()).isEqualTo(ServerStream.Kind.OPEN);
            try (var body = stream.body()) {
                assertThat(new ServerEvents(body, "u").next().path("method").asText())
                        .isEqualTo("notifications/tools/list_changed");
            }
        }
        assertThat(streamSessions).containsExactly("session-1");
        assertThat(authorizations).isNotEmpty().allMatch(SECRET::equals);
    }

    @Test
    void aStreamNotOfferedOrOfAGoneSessionIsSaidSoAndAnyOtherAnswerIsAClearFailure() throws Exception {
        UpstreamDefinition upstream = serve(message -> switch (method(message)) {
            case "initialize" -> json(result(message, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}"));
            default -> new Answer(202, "", "");
        });

        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            assertThat(session.offersToolListChanged()).isFalse();
            streamAnswer = new Answer(405, "", "");
            assertThat(session.openServerStream().kind()).isEqualTo(ServerStream.Kind.NOT_OFFERED);
            streamAnswer = new Answer(500, "text/plain", "boom");
            assertThatThrownBy(session::openServerStream)
                    .isInstanceOf(UpstreamException.class)
                    .hasMessage("upstream u answered the GET stream with HTTP 500");
            streamAnswer = new Answer(200, "text/html", "<html/>");
            assertThatThrownBy(session::openServerStream)
                    .hasMessage(
                            "upstream u answered the GET stream with Content-Type 'text/html', not an event stream");
            streamAnswer = new Answer(404, "", "");
            assertThat(session.openServerStream().kind()).isEqualTo(ServerStream.Kind.SESSION_GONE);
        }
    }

    @Test
    void anUpstreamNobodyListensForIsUnreachable() throws Exception {
        UpstreamDefinition upstream = serve(message -> json("{}"));
        server.stop(0);

        assertThatThrownBy(() -> DiscoverySession.open(upstream, http))
                .isInstanceOf(UpstreamException.class)
                .hasMessageContaining("could not be reached for initialize: connection refused");
    }

    private void expectFailure(Function<JsonNode, Answer> answers, String message) throws IOException {
        UpstreamDefinition upstream = serve(answers);
        try {
            assertThatThrownBy(() -> DiscoverySession.open(upstream, http))
                    .isInstanceOf(UpstreamException.class)
                    .hasMessageContaining("upstream u ")
                    .hasMessageContaining(message)
                    .hasMessageNotContaining("s3cret");
        } finally {
            server.stop(0);
        }
    }

    private UpstreamDefinition serve(Function<JsonNode, Answer> answers) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/mcp", exchange -> answer(exchange, answers));
        server.start();
        return new UpstreamDefinition(
                "u",
                URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp"),
                protocol,
                "u",
                Optional.of(new UpstreamCredential("Authorization", SECRET)),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(2),
                Duration.ofSeconds(5),
                1,
                Duration.ofMinutes(1));
    }

    private void answer(HttpExchange exchange, Function<JsonNode, Answer> answers) throws IOException {
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        Map<String, String> seen = new java.util.HashMap<>();
        exchange.getRequestHeaders()
                .forEach((name, values) -> seen.put(name.toLowerCase(java.util.Locale.ROOT), values.get(0)));
        headers.add(seen);
        byte[] request = exchange.getRequestBody().readAllBytes();
        Answer answer;
        if ("DELETE".equals(exchange.getRequestMethod())) {
            answer = new Answer(204, "", "");
        } else if ("GET".equals(exchange.getRequestMethod())) {
            streamSessions.add(exchange.getRequestHeaders().getFirst("Mcp-Session-Id"));
            answer = streamAnswer;
        } else {
            JsonNode message = Wire.mapper().readTree(request);
            if (message != null && message.has("method")) {
                received.add(message);
            }
            answer = answers.apply(message);
        }
        if (!answer.type().isEmpty()) {
            exchange.getResponseHeaders().add("Content-Type", answer.type());
        }
        exchange.getResponseHeaders().add("Mcp-Session-Id", "session-1");
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String method(JsonNode message) {
        return message.path("method").asText();
    }

    private static String result(JsonNode message, String result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + message.path("id") + ",\"result\":" + result + "}";
    }

    private static Answer json(String body) {
        return new Answer(200, "application/json", body);
    }

    private static Answer sse(String data) {
        return new Answer(200, "text/event-stream", "event: message\ndata: " + data + "\n\n");
    }

    private record Answer(int status, String type, String body) {}
}
