package dev.taskgate.frontend.mcp;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
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

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every envelope, header, {@code _meta}, method, capability, parameter, size, Origin and authentication rule of
 * {@code POST /mcp}: each bad request gets its HTTP status and JSON-RPC error (valid against the 2026-07-28
 * schema, echoing the id when it is readable) and nothing is published on the commands topic.
 */
@QuarkusTest
class McpRequestRejectionTest extends McpComponentTest {
    private static KafkaTestClient kafka;

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
    private static Arguments bad(String name, Function<Mcp2026Client, McpReply> send, int status, int code, Object id) {
        return Arguments.of(name, send, status, code, id);
    }

    static Stream<Arguments> badRequests() {
        String valid = McpTestClient.http("http://localhost")
                .v2026()
                .request(1, "server/discover")
                .message()
                .toString();
        byte[] oneMiBPlusOne = new byte[1024 * 1024 + 1];
        Arrays.fill(oneMiBPlusOne, (byte) ' ');
        return Stream.of(
                bad(
                        "truncated JSON",
                        m -> m.request(1, "server/discover").postRaw("{\"jsonrpc\":\"2.0\","),
                        400,
                        -32700,
                        null),
                bad("empty body", m -> m.request(1, "server/discover").postRaw(""), 400, -32700, null),
                bad("two JSON values", m -> m.request(1, "server/discover").postRaw(valid + valid), 400, -32700, null),
                bad(
                        "duplicate member",
                        m -> m.request(1, "server/discover")
                                .postRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"server/discover\"}"),
                        400,
                        -32700,
                        null),
                bad("batch", m -> m.request(1, "server/discover").postRaw("[" + valid + "]"), 400, -32600, null),
                bad(
                        "jsonrpc 1.0",
                        m -> call(m, 7, "server/discover", c -> c.message().put("jsonrpc", "1.0"))
                                .post(),
                        400,
                        -32600,
                        7),
                bad(
                        "jsonrpc missing",
                        m -> call(m, "x", "server/discover", c -> c.message().remove("jsonrpc"))
                                .post(),
                        400,
                        -32600,
                        "x"),
                bad(
                        "id null",
                        m -> call(m, 1, "server/discover", c -> c.message().putNull("id"))
                                .post(),
                        400,
                        -32600,
                        null),
                bad(
                        "id a fraction",
                        m -> call(m, 1, "server/discover", c -> c.message().put("id", 1.5))
                                .post(),
                        400,
                        -32600,
                        null),
                bad(
                        "id an object",
                        m -> call(m, 1, "server/discover", c -> c.message().putObject("id"))
                                .post(),
                        400,
                        -32600,
                        null),
                bad(
                        "a response, not a request",
                        m -> m.request(1, "x").postRaw("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}"),
                        400,
                        -32600,
                        3),
                bad(
                        "method a number",
                        m -> call(m, 4, "server/discover", c -> c.message().put("method", 4))
                                .post(),
                        400,
                        -32600,
                        4),
                bad(
                        "params an array",
                        m -> call(m, 5, "server/discover", c -> c.message().putArray("params"))
                                .post(),
                        400,
                        -32600,
                        5),
                bad(
                        "MCP-Protocol-Version missing",
                        m -> m.request(6, "server/discover")
                                .header("MCP-Protocol-Version", null)
                                .post(),
                        400,
                        -32020,
                        6),
                bad(
                        "_meta missing",
                        m -> call(m, 8, "server/discover", c -> c.params().remove("_meta"))
                                .post(),
                        400,
                        -32602,
                        8),
                bad(
                        "params missing",
                        m -> call(m, 9, "server/discover", c -> c.message().remove("params"))
                                .post(),
                        400,
                        -32602,
                        9),
                bad(
                        "_meta protocolVersion missing",
                        m -> call(
                                        m,
                                        10,
                                        "server/discover",
                                        c -> c.meta().remove("io.modelcontextprotocol/protocolVersion"))
                                .post(),
                        400,
                        -32602,
                        10),
                bad(
                        "_meta clientCapabilities missing",
                        m -> call(
                                        m,
                                        11,
                                        "server/discover",
                                        c -> c.meta().remove("io.modelcontextprotocol/clientCapabilities"))
                                .post(),
                        400,
                        -32602,
                        11),
                bad(
                        "_meta clientCapabilities not an object",
                        m -> call(
                                        m,
                                        12,
                                        "server/discover",
                                        c -> c.meta().put("io.modelcontextprotocol/clientCapabilities", "all"))
                                .post(),
                        400,
                        -32602,
                        12),
                bad(
                        "header version differs from _meta",
                        m -> m.request(13, "server/discover")
                                .header("MCP-Protocol-Version", "2025-11-25")
                                .post(),
                        400,
                        -32020,
                        13),
                bad(
                        "unsupported version",
                        m -> call(
                                        m,
                                        14,
                                        "server/discover",
                                        c -> c.meta().put("io.modelcontextprotocol/protocolVersion", "2027-01-01"))
                                .header("MCP-Protocol-Version", "2027-01-01")
                                .post(),
                        400,
                        -32022,
                        14),
                bad(
                        "2025-era version on the 2026-07-28 path",
                        m -> call(
                                        m,
                                        15,
                                        "server/discover",
                                        c -> c.meta().put("io.modelcontextprotocol/protocolVersion", "2025-11-25"))
                                .header("MCP-Protocol-Version", "2025-11-25")
                                .post(),
                        400,
                        -32022,
                        15),
                bad(
                        "Mcp-Method missing",
                        m -> m.request(16, "server/discover")
                                .header("Mcp-Method", null)
                                .post(),
                        400,
                        -32020,
                        16),
                bad(
                        "Mcp-Method in another case",
                        m -> m.request(17, "tools/list")
                                .header("Mcp-Method", "TOOLS/LIST")
                                .post(),
                        400,
                        -32020,
                        17),
                bad(
                        "Mcp-Method names another method",
                        m -> m.request(18, "tools/list")
                                .header("Mcp-Method", "server/discover")
                                .post(),
                        400,
                        -32020,
                        18),
                bad(
                        "Mcp-Name missing on tools/call",
                        m -> m.toolCall(19, "demo.echo", Map.of())
                                .header("Mcp-Name", null)
                                .post(),
                        400,
                        -32020,
                        19),
                bad(
                        "Mcp-Name differs from params.name",
                        m -> m.toolCall(20, "demo.echo", Map.of())
                                .header("Mcp-Name", "demo.sleep")
                                .post(),
                        400,
                        -32020,
                        20),
                bad(
                        "base64 Mcp-Name of another name",
                        m -> m.toolCall(21, "demo.echo", Map.of())
                                .header("Mcp-Name", "=?base64?" + b64("demo.sleep") + "?=")
                                .post(),
                        400,
                        -32020,
                        21),
                bad(
                        "Mcp-Name with invalid base64",
                        m -> m.toolCall(22, "demo.echo", Map.of())
                                .header("Mcp-Name", "=?base64?not*base64?=")
                                .post(),
                        400,
                        -32020,
                        22),
                bad(
                        "upper-case base64 marker taken literally",
                        m -> m.toolCall(23, "demo.echo", Map.of())
                                .header("Mcp-Name", "=?BASE64?" + b64("demo.echo") + "?=")
                                .post(),
                        400,
                        -32020,
                        23),
                bad(
                        "Mcp-Name differs from taskId",
                        m -> m.task(24, "tasks/get", "tgx_abc")
                                .header("Mcp-Name", "tgx_abd")
                                .post(),
                        400,
                        -32020,
                        24),
                bad(
                        "Mcp-Name missing on tasks/cancel",
                        m -> m.task(25, "tasks/cancel", "tgx_abc")
                                .header("Mcp-Name", null)
                                .post(),
                        400,
                        -32020,
                        25),
                bad("initialize", m -> m.request(26, "initialize").post(), 404, -32601, 26),
                bad(
                        "initialize from a 2025-era client",
                        m -> m.request(27, "initialize")
                                .header("MCP-Protocol-Version", null)
                                .header("Mcp-Method", null)
                                .post(),
                        404,
                        -32601,
                        27),
                bad("ping", m -> m.request(28, "ping").post(), 404, -32601, 28),
                bad("tasks/result", m -> m.task(29, "tasks/result", "tgx_abc").post(), 404, -32601, 29),
                bad("tasks/list", m -> m.request(30, "tasks/list").withTasks().post(), 404, -32601, 30),
                bad("logging/setLevel", m -> m.request(31, "logging/setLevel").post(), 404, -32601, 31),
                bad(
                        "resources/subscribe",
                        m -> m.request(32, "resources/subscribe").post(),
                        404,
                        -32601,
                        32),
                bad(
                        "completion/list (no such method)",
                        m -> m.request(33, "completion/list").post(),
                        404,
                        -32601,
                        33),
                bad("an unknown method", m -> m.request(34, "tools/explode").post(), 404, -32601, 34),
                bad(
                        "required tool without the extension",
                        m -> m.toolCall(35, "demo.crash", Map.of()).post(),
                        400,
                        -32021,
                        35),
                bad(
                        "tasks/get without the extension",
                        m -> call(m, 36, "tasks/get", c -> c.param("taskId", "tgx_abc"))
                                .post(),
                        400,
                        -32021,
                        36),
                bad(
                        "tasks/cancel without the extension",
                        m -> call(m, 37, "tasks/cancel", c -> c.param("taskId", "tgx_abc"))
                                .post(),
                        400,
                        -32021,
                        37),
                bad(
                        "tasks/update without the extension",
                        m -> call(
                                        m,
                                        38,
                                        "tasks/update",
                                        c -> c.param("taskId", "tgx_abc").param("inputResponses", Map.of()))
                                .post(),
                        400,
                        -32021,
                        38),
                bad("unknown tool", m -> m.toolCall(39, "demo.nope", Map.of()).post(), 200, -32602, 39),
                bad("tool name missing", m -> m.request(40, "tools/call").post(), 200, -32602, 40),
                bad(
                        "arguments violate the schema",
                        m -> m.toolCall(41, "demo.sleep", Map.of("seconds", "ten"))
                                .post(),
                        200,
                        -32602,
                        41),
                bad(
                        "required argument missing",
                        m -> m.toolCall(42, "demo.sleep", Map.of()).post(),
                        200,
                        -32602,
                        42),
                bad(
                        "arguments an array",
                        m -> call(
                                        m,
                                        43,
                                        "tools/call",
                                        c -> c.param("name", "demo.echo").param("arguments", new int[] {1}))
                                .post(),
                        200,
                        -32602,
                        43),
                bad(
                        "arguments of a required tool, with the extension",
                        m -> m.toolCall(44, "demo.crash", Map.of("exit_code", 0))
                                .withTasks()
                                .post(),
                        200,
                        -32602,
                        44),
                bad(
                        "tools/list with a cursor",
                        m -> m.request(45, "tools/list").param("cursor", "p2").post(),
                        200,
                        -32602,
                        45),
                bad(
                        "tasks/get of a forged task id",
                        m -> m.task(46, "tasks/get", "tgx_forged").post(),
                        200,
                        -32602,
                        46),
                bad(
                        "tasks/get without taskId",
                        m -> m.request(47, "tasks/get").withTasks().post(),
                        200,
                        -32602,
                        47),
                bad(
                        "tasks/update without inputResponses",
                        m -> m.task(48, "tasks/update", "tgx_abc").post(),
                        200,
                        -32602,
                        48),
                bad(
                        "Origin not allowed",
                        m -> m.request(49, "server/discover")
                                .header("Origin", "http://evil.example")
                                .post(),
                        403,
                        -32600,
                        null),
                bad(
                        "no token",
                        m -> m.request(50, "server/discover").bearer(null).post(),
                        401,
                        -32600,
                        null),
                bad(
                        "expired token",
                        m -> m.request(51, "server/discover")
                                .bearer(Tokens.forSubject("alice")
                                        .org("acme")
                                        .project("demo")
                                        .scopes("tools:call")
                                        .expired()
                                        .sign())
                                .post(),
                        401,
                        -32600,
                        null),
                bad(
                        "token signed with an unknown key",
                        m -> m.request(52, "server/discover")
                                .bearer(Tokens.forSubject("alice")
                                        .org("acme")
                                        .project("demo")
                                        .scopes("tools:call")
                                        .signedWithUnknownKey()
                                        .sign())
                                .post(),
                        401,
                        -32600,
                        null),
                bad(
                        "token without org_id",
                        m -> m.request(53, "server/discover")
                                .bearer(Tokens.forSubject("alice")
                                        .project("demo")
                                        .scopes("tools:call")
                                        .without("org_id")
                                        .sign())
                                .post(),
                        401,
                        -32600,
                        null),
                bad(
                        "token without tools:call",
                        m -> m.request(54, "server/discover")
                                .bearer(Tokens.forSubject("alice")
                                        .org("acme")
                                        .project("demo")
                                        .scopes("tools:read")
                                        .sign())
                                .post(),
                        403,
                        -32600,
                        null),
                bad(
                        "Content-Length above 1 MiB",
                        m -> m.client().send("POST", Map.of("Content-Type", "application/json"), oneMiBPlusOne),
                        413,
                        -32600,
                        null),
                bad(
                        "chunked body above 1 MiB",
                        m -> m.client()
                                .send(
                                        "POST",
                                        Map.of("Content-Type", "application/json"),
                                        HttpRequest.BodyPublishers.ofInputStream(
                                                () -> new ByteArrayInputStream(oneMiBPlusOne))),
                        413,
                        -32600,
                        null));
    }

    @ParameterizedTest(name = "{0} -> {2} {3}")
    @MethodSource("badRequests")
    void refusedWithTheSpecsErrorAndNothingPublished(
            String name, Function<Mcp2026Client, McpReply> send, int status, int code, Object id) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            McpReply response = send.apply(mcp());

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
            assertThat(commands.drainToEnd()).as("records published").isEmpty();
        }
    }

    @Test
    void unsupportedVersionNamesWhatIsSupportedAndWhatWasAsked() {
        McpReply response = call(
                        mcp(),
                        1,
                        "server/discover",
                        c -> c.meta().put("io.modelcontextprotocol/protocolVersion", "2027-01-01"))
                .header("MCP-Protocol-Version", "2027-01-01")
                .post();

        JsonNode data = response.json().path("error").path("data");
        assertThat(data.path("supported")).extracting(JsonNode::asText).containsExactly("2026-07-28");
        assertThat(data.path("requested").asText()).isEqualTo("2027-01-01");
    }

    @Test
    void missingExtensionNamesTheTasksExtensionAsRequired() {
        McpReply response = mcp().toolCall(1, "demo.crash", Map.of()).post();

        assertThat(response.json()
                        .at("/error/data/requiredCapabilities/extensions")
                        .has(Mcp2026Client.TASKS))
                .isTrue();
    }

    @Test
    void invalidArgumentsListEveryViolationWithItsPointer() {
        McpReply response = mcp().toolCall(1, "demo.sleep", Map.of("seconds", "ten", "extra", 1))
                .post();

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
                McpReply response = mcp().task(1, method, taskId).post();
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
        for (McpReply response : new McpReply[] {
            client().send("GET", Map.of(), (String) null), client().send("DELETE", Map.of(), (String) null)
        }) {
            assertThat(response.status()).as(response.toString()).isEqualTo(405);
            assertThat(response.header("Allow")).isEqualTo("POST");
            McpSchemas.assertValidError(response.json());
        }
    }

    @Test
    void missingTokenIsChallenged() {
        McpReply response = mcp().request(1, "server/discover").bearer(null).post();

        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }

    @Test
    void anAllowedOriginIsServed() {
        McpReply response = mcp().request(1, "server/discover")
                .header("Origin", "http://localhost:3000")
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
    }

    @Test
    void notificationsAreAcceptedWithoutABody() {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            McpReply response = mcp().request(null, "notifications/initialized").post();

            assertThat(response.status()).as(response.toString()).isEqualTo(202);
            assertThat(response.bytes()).isEmpty();
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    private static Mcp2026Request call(
            Mcp2026Client mcp, Object id, String method, java.util.function.Consumer<Mcp2026Request> change) {
        Mcp2026Request call = mcp.request(id, method);
        change.accept(call);
        return call;
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
