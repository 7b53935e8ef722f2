package dev.taskgate.frontend.mcp;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpCall;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every envelope, header, {@code _meta}, method, capability, parameter, size, Origin and authentication rule of
 * {@code POST /mcp}: each bad request gets its HTTP status and JSON-RPC error (valid against the 2026-07-28
 * schema, echoing the id when it is readable) and nothing is published on the commands topic.
 */
@QuarkusTest
class McpRequestRejectionTest {
    private static KafkaTestClient kafka;

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    /** A request that must be refused: how to send it, the expected HTTP status, JSON-RPC code and echoed id. */
    private static Arguments bad(String name, Function<URI, Api.Result> send, int status, int code, Object id) {
        return Arguments.of(name, send, status, code, id);
    }

    static Stream<Arguments> badRequests() {
        String valid = McpCall.request(1, "server/discover").message().toString();
        byte[] oneMiBPlusOne = new byte[1024 * 1024 + 1];
        Arrays.fill(oneMiBPlusOne, (byte) ' ');
        return Stream.of(
                bad(
                        "truncated JSON",
                        b -> McpCall.request(1, "server/discover").postRaw(b, "{\"jsonrpc\":\"2.0\","),
                        400,
                        -32700,
                        null),
                bad("empty body", b -> McpCall.request(1, "server/discover").postRaw(b, ""), 400, -32700, null),
                bad(
                        "two JSON values",
                        b -> McpCall.request(1, "server/discover").postRaw(b, valid + valid),
                        400,
                        -32700,
                        null),
                bad(
                        "duplicate member",
                        b -> McpCall.request(1, "server/discover")
                                .postRaw(b, "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"server/discover\"}"),
                        400,
                        -32700,
                        null),
                bad(
                        "batch",
                        b -> McpCall.request(1, "server/discover").postRaw(b, "[" + valid + "]"),
                        400,
                        -32600,
                        null),
                bad(
                        "jsonrpc 1.0",
                        b -> call(7, "server/discover", c -> c.message().put("jsonrpc", "1.0"))
                                .post(b),
                        400,
                        -32600,
                        7),
                bad(
                        "jsonrpc missing",
                        b -> call("x", "server/discover", c -> c.message().remove("jsonrpc"))
                                .post(b),
                        400,
                        -32600,
                        "x"),
                bad(
                        "id null",
                        b -> call(1, "server/discover", c -> c.message().putNull("id"))
                                .post(b),
                        400,
                        -32600,
                        null),
                bad(
                        "id a fraction",
                        b -> call(1, "server/discover", c -> c.message().put("id", 1.5))
                                .post(b),
                        400,
                        -32600,
                        null),
                bad(
                        "id an object",
                        b -> call(1, "server/discover", c -> c.message().putObject("id"))
                                .post(b),
                        400,
                        -32600,
                        null),
                bad(
                        "a response, not a request",
                        b -> McpCall.request(1, "x").postRaw(b, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}"),
                        400,
                        -32600,
                        3),
                bad(
                        "method a number",
                        b -> call(4, "server/discover", c -> c.message().put("method", 4))
                                .post(b),
                        400,
                        -32600,
                        4),
                bad(
                        "params an array",
                        b -> call(5, "server/discover", c -> c.message().putArray("params"))
                                .post(b),
                        400,
                        -32600,
                        5),
                bad(
                        "MCP-Protocol-Version missing",
                        b -> McpCall.request(6, "server/discover")
                                .header("MCP-Protocol-Version", null)
                                .post(b),
                        400,
                        -32020,
                        6),
                bad(
                        "_meta missing",
                        b -> call(8, "server/discover", c -> c.params().remove("_meta"))
                                .post(b),
                        400,
                        -32602,
                        8),
                bad(
                        "params missing",
                        b -> call(9, "server/discover", c -> c.message().remove("params"))
                                .post(b),
                        400,
                        -32602,
                        9),
                bad(
                        "_meta protocolVersion missing",
                        b -> call(
                                        10,
                                        "server/discover",
                                        c -> c.meta().remove("io.modelcontextprotocol/protocolVersion"))
                                .post(b),
                        400,
                        -32602,
                        10),
                bad(
                        "_meta clientCapabilities missing",
                        b -> call(
                                        11,
                                        "server/discover",
                                        c -> c.meta().remove("io.modelcontextprotocol/clientCapabilities"))
                                .post(b),
                        400,
                        -32602,
                        11),
                bad(
                        "_meta clientCapabilities not an object",
                        b -> call(
                                        12,
                                        "server/discover",
                                        c -> c.meta().put("io.modelcontextprotocol/clientCapabilities", "all"))
                                .post(b),
                        400,
                        -32602,
                        12),
                bad(
                        "header version differs from _meta",
                        b -> McpCall.request(13, "server/discover")
                                .header("MCP-Protocol-Version", "2025-11-25")
                                .post(b),
                        400,
                        -32020,
                        13),
                bad(
                        "unsupported version",
                        b -> call(
                                        14,
                                        "server/discover",
                                        c -> c.meta().put("io.modelcontextprotocol/protocolVersion", "2027-01-01"))
                                .header("MCP-Protocol-Version", "2027-01-01")
                                .post(b),
                        400,
                        -32022,
                        14),
                bad(
                        "2025-era version on the 2026-07-28 path",
                        b -> call(
                                        15,
                                        "server/discover",
                                        c -> c.meta().put("io.modelcontextprotocol/protocolVersion", "2025-11-25"))
                                .header("MCP-Protocol-Version", "2025-11-25")
                                .post(b),
                        400,
                        -32022,
                        15),
                bad(
                        "Mcp-Method missing",
                        b -> McpCall.request(16, "server/discover")
                                .header("Mcp-Method", null)
                                .post(b),
                        400,
                        -32020,
                        16),
                bad(
                        "Mcp-Method in another case",
                        b -> McpCall.request(17, "tools/list")
                                .header("Mcp-Method", "TOOLS/LIST")
                                .post(b),
                        400,
                        -32020,
                        17),
                bad(
                        "Mcp-Method names another method",
                        b -> McpCall.request(18, "tools/list")
                                .header("Mcp-Method", "server/discover")
                                .post(b),
                        400,
                        -32020,
                        18),
                bad(
                        "Mcp-Name missing on tools/call",
                        b -> McpCall.toolCall(19, "demo.echo", Map.of())
                                .header("Mcp-Name", null)
                                .post(b),
                        400,
                        -32020,
                        19),
                bad(
                        "Mcp-Name differs from params.name",
                        b -> McpCall.toolCall(20, "demo.echo", Map.of())
                                .header("Mcp-Name", "demo.sleep")
                                .post(b),
                        400,
                        -32020,
                        20),
                bad(
                        "base64 Mcp-Name of another name",
                        b -> McpCall.toolCall(21, "demo.echo", Map.of())
                                .header("Mcp-Name", "=?base64?" + b64("demo.sleep") + "?=")
                                .post(b),
                        400,
                        -32020,
                        21),
                bad(
                        "Mcp-Name with invalid base64",
                        b -> McpCall.toolCall(22, "demo.echo", Map.of())
                                .header("Mcp-Name", "=?base64?not*base64?=")
                                .post(b),
                        400,
                        -32020,
                        22),
                bad(
                        "upper-case base64 marker taken literally",
                        b -> McpCall.toolCall(23, "demo.echo", Map.of())
                                .header("Mcp-Name", "=?BASE64?" + b64("demo.echo") + "?=")
                                .post(b),
                        400,
                        -32020,
                        23),
                bad(
                        "Mcp-Name differs from taskId",
                        b -> McpCall.task(24, "tasks/get", "tgx_abc")
                                .header("Mcp-Name", "tgx_abd")
                                .post(b),
                        400,
                        -32020,
                        24),
                bad(
                        "Mcp-Name missing on tasks/cancel",
                        b -> McpCall.task(25, "tasks/cancel", "tgx_abc")
                                .header("Mcp-Name", null)
                                .post(b),
                        400,
                        -32020,
                        25),
                bad("initialize", b -> McpCall.request(26, "initialize").post(b), 404, -32601, 26),
                bad(
                        "initialize from a 2025-era client",
                        b -> McpCall.request(27, "initialize")
                                .header("MCP-Protocol-Version", null)
                                .header("Mcp-Method", null)
                                .post(b),
                        404,
                        -32601,
                        27),
                bad("ping", b -> McpCall.request(28, "ping").post(b), 404, -32601, 28),
                bad(
                        "tasks/result",
                        b -> McpCall.task(29, "tasks/result", "tgx_abc").post(b),
                        404,
                        -32601,
                        29),
                bad(
                        "tasks/list",
                        b -> McpCall.request(30, "tasks/list").withTasks().post(b),
                        404,
                        -32601,
                        30),
                bad(
                        "logging/setLevel",
                        b -> McpCall.request(31, "logging/setLevel").post(b),
                        404,
                        -32601,
                        31),
                bad(
                        "resources/subscribe",
                        b -> McpCall.request(32, "resources/subscribe").post(b),
                        404,
                        -32601,
                        32),
                bad(
                        "prompts/list (not advertised)",
                        b -> McpCall.request(33, "prompts/list").post(b),
                        404,
                        -32601,
                        33),
                bad(
                        "an unknown method",
                        b -> McpCall.request(34, "tools/explode").post(b),
                        404,
                        -32601,
                        34),
                bad(
                        "required tool without the extension",
                        b -> McpCall.toolCall(35, "demo.crash", Map.of()).post(b),
                        400,
                        -32021,
                        35),
                bad(
                        "tasks/get without the extension",
                        b -> call(36, "tasks/get", c -> c.param("taskId", "tgx_abc"))
                                .post(b),
                        400,
                        -32021,
                        36),
                bad(
                        "tasks/cancel without the extension",
                        b -> call(37, "tasks/cancel", c -> c.param("taskId", "tgx_abc"))
                                .post(b),
                        400,
                        -32021,
                        37),
                bad(
                        "tasks/update without the extension",
                        b -> call(
                                        38,
                                        "tasks/update",
                                        c -> c.param("taskId", "tgx_abc").param("inputResponses", Map.of()))
                                .post(b),
                        400,
                        -32021,
                        38),
                bad(
                        "unknown tool",
                        b -> McpCall.toolCall(39, "demo.nope", Map.of()).post(b),
                        200,
                        -32602,
                        39),
                bad("tool name missing", b -> McpCall.request(40, "tools/call").post(b), 200, -32602, 40),
                bad(
                        "arguments violate the schema",
                        b -> McpCall.toolCall(41, "demo.sleep", Map.of("seconds", "ten"))
                                .post(b),
                        200,
                        -32602,
                        41),
                bad(
                        "required argument missing",
                        b -> McpCall.toolCall(42, "demo.sleep", Map.of()).post(b),
                        200,
                        -32602,
                        42),
                bad(
                        "arguments an array",
                        b -> call(
                                        43,
                                        "tools/call",
                                        c -> c.param("name", "demo.echo").param("arguments", new int[] {1}))
                                .post(b),
                        200,
                        -32602,
                        43),
                bad(
                        "arguments of a required tool, with the extension",
                        b -> McpCall.toolCall(44, "demo.crash", Map.of("exit_code", 0))
                                .withTasks()
                                .post(b),
                        200,
                        -32602,
                        44),
                bad(
                        "tools/list with a cursor",
                        b -> McpCall.request(45, "tools/list")
                                .param("cursor", "p2")
                                .post(b),
                        200,
                        -32602,
                        45),
                bad(
                        "tasks/get of a forged task id",
                        b -> McpCall.task(46, "tasks/get", "tgx_forged").post(b),
                        200,
                        -32602,
                        46),
                bad(
                        "tasks/get without taskId",
                        b -> McpCall.request(47, "tasks/get").withTasks().post(b),
                        200,
                        -32602,
                        47),
                bad(
                        "tasks/update without inputResponses",
                        b -> McpCall.task(48, "tasks/update", "tgx_abc").post(b),
                        200,
                        -32602,
                        48),
                bad(
                        "Origin not allowed",
                        b -> McpCall.request(49, "server/discover")
                                .header("Origin", "http://evil.example")
                                .post(b),
                        403,
                        -32600,
                        null),
                bad(
                        "no token",
                        b -> McpCall.request(50, "server/discover").token(null).post(b),
                        401,
                        -32600,
                        null),
                bad(
                        "expired token",
                        b -> McpCall.request(51, "server/discover")
                                .token(Tokens.forSubject("alice")
                                        .org("acme")
                                        .project("demo")
                                        .scopes("tools:call")
                                        .expired()
                                        .sign())
                                .post(b),
                        401,
                        -32600,
                        null),
                bad(
                        "token signed with an unknown key",
                        b -> McpCall.request(52, "server/discover")
                                .token(Tokens.forSubject("alice")
                                        .org("acme")
                                        .project("demo")
                                        .scopes("tools:call")
                                        .signedWithUnknownKey()
                                        .sign())
                                .post(b),
                        401,
                        -32600,
                        null),
                bad(
                        "token without org_id",
                        b -> McpCall.request(53, "server/discover")
                                .token(Tokens.forSubject("alice")
                                        .project("demo")
                                        .scopes("tools:call")
                                        .without("org_id")
                                        .sign())
                                .post(b),
                        401,
                        -32600,
                        null),
                bad(
                        "token without tools:call",
                        b -> McpCall.request(54, "server/discover")
                                .token(Tokens.forSubject("alice")
                                        .org("acme")
                                        .project("demo")
                                        .scopes("tools:read")
                                        .sign())
                                .post(b),
                        403,
                        -32600,
                        null),
                bad(
                        "Content-Length above 1 MiB",
                        b -> Api.at(b)
                                .bearer(Fixtures.aliceToken())
                                .header("Content-Type", "application/json")
                                .bytes(oneMiBPlusOne)
                                .post("/mcp"),
                        413,
                        -32600,
                        null),
                bad(
                        "chunked body above 1 MiB",
                        b -> Api.at(b)
                                .bearer(Fixtures.aliceToken())
                                .header("Content-Type", "application/json")
                                .chunked(oneMiBPlusOne)
                                .post("/mcp"),
                        413,
                        -32600,
                        null));
    }

    @ParameterizedTest(name = "{0} -> {2} {3}")
    @MethodSource("badRequests")
    void refusedWithTheSpecsErrorAndNothingPublished(
            String name, Function<URI, Api.Result> send, int status, int code, Object id) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = send.apply(base);

            assertThat(response.status()).as(response.toString()).isEqualTo(status);
            assertThat(response.header("Content-Type")).startsWith("application/json");
            JsonNode body = response.json();
            assertThat(body.path("error").path("code").asInt())
                    .as(response.toString())
                    .isEqualTo(code);
            assertThat(body.path("error").path("message").asText()).isNotBlank();
            if (id == null) {
                assertThat(body.has("id")).as("no id: " + body).isFalse();
            } else {
                assertThat(body.get("id"))
                        .isEqualTo(dev.taskgate.contracts.Wire.mapper().valueToTree(id));
            }
            McpSchemas.assertValidError(body);
            assertThat(commands.drain(Duration.ofMillis(400)))
                    .as("records published")
                    .isEmpty();
        }
    }

    @Test
    void unsupportedVersionNamesWhatIsSupportedAndWhatWasAsked() {
        Api.Result response = call(
                        1,
                        "server/discover",
                        c -> c.meta().put("io.modelcontextprotocol/protocolVersion", "2027-01-01"))
                .header("MCP-Protocol-Version", "2027-01-01")
                .post(base);

        JsonNode data = response.json().path("error").path("data");
        assertThat(data.path("supported")).extracting(JsonNode::asText).containsExactly("2026-07-28");
        assertThat(data.path("requested").asText()).isEqualTo("2027-01-01");
    }

    @Test
    void missingExtensionNamesTheTasksExtensionAsRequired() {
        Api.Result response = McpCall.toolCall(1, "demo.crash", Map.of()).post(base);

        assertThat(response.json()
                        .at("/error/data/requiredCapabilities/extensions")
                        .has(McpCall.TASKS))
                .isTrue();
    }

    @Test
    void invalidArgumentsListEveryViolationWithItsPointer() {
        Api.Result response = McpCall.toolCall(1, "demo.sleep", Map.of("seconds", "ten", "extra", 1))
                .post(base);

        JsonNode errors = response.json().at("/error/data/errors");
        assertThat(errors).extracting(e -> e.path("pointer").asText()).contains("/arguments/seconds");
        assertThat(errors.size()).isGreaterThanOrEqualTo(2);
        assertThat(errors)
                .allSatisfy(e -> assertThat(e.path("message").asText()).isNotBlank());
    }

    @Test
    void unknownForgedOtherPrincipalAndRestTaskIdsLookIdentical() {
        UUID id = UUID.randomUUID();
        String bobs = handles.mint(id, Surface.MCP_2026, Fixtures.caller("bob"));
        String rest = handles.mint(id, Surface.REST, Fixtures.caller("alice"));
        String good = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
        String tampered = good.substring(0, good.length() - 1) + (good.endsWith("A") ? "B" : "A");
        JsonNode expected = null;
        for (String taskId : new String[] {bobs, rest, tampered, "tgx_", "anything", id.toString()}) {
            for (String method : new String[] {"tasks/get", "tasks/cancel"}) {
                Api.Result response = McpCall.task(1, method, taskId).post(base);
                assertThat(response.status()).as(method + " " + taskId).isEqualTo(200);
                if (expected == null) {
                    expected = response.json();
                    assertThat(expected.at("/error/message").asText()).isEqualTo(McpErrors.TASK_NOT_FOUND);
                }
                assertThat(response.json()).as(method + " " + taskId).isEqualTo(expected);
            }
        }
    }

    @Test
    void getAndDeleteAre405() {
        for (Api.Result response : new Api.Result[] {
            Api.at(base).bearer(Fixtures.aliceToken()).get("/mcp"),
            Api.at(base).bearer(Fixtures.aliceToken()).delete("/mcp")
        }) {
            assertThat(response.status()).as(response.toString()).isEqualTo(405);
            assertThat(response.header("Allow")).isEqualTo("POST");
            McpSchemas.assertValidError(response.json());
        }
    }

    @Test
    void missingTokenIsChallenged() {
        Api.Result response = McpCall.request(1, "server/discover").token(null).post(base);

        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }

    @Test
    void anAllowedOriginIsServed() {
        Api.Result response = McpCall.request(1, "server/discover")
                .header("Origin", "http://localhost:3000")
                .post(base);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
    }

    @Test
    void notificationsAreAcceptedWithoutABody() {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response =
                    McpCall.request(null, "notifications/initialized").post(base);

            assertThat(response.status()).as(response.toString()).isEqualTo(202);
            assertThat(response.bytes()).isEmpty();
            assertThat(commands.drain(Duration.ofMillis(400))).isEmpty();
        }
    }

    private static McpCall call(Object id, String method, java.util.function.Consumer<McpCall> change) {
        McpCall call = McpCall.request(id, method);
        change.accept(call);
        return call;
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
