package dev.taskgate.jobctl;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamTools;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An upstream of the stateless 2026-07-28 generation registered through the operator API and listed by discovery,
 * against a stand-in on loopback that checks every request the way a 2026-07-28 server must (its {@code _meta}, the
 * {@code MCP-Protocol-Version} and {@code Mcp-Method} headers, -32020 otherwise) and lists its tools over two pages.
 */
@QuarkusTest
class UpstreamStatelessRegistrationTest {
    private static final String OPERATOR = "https://taskgate.local/dev operator-1";
    private static final String SECRET = "Bearer s3cret-stateless-registration";
    private static final String BASE = "/internal/v1/operator/upstreams";

    private static HttpServer upstream;
    private static final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private static final List<String> refusals = new CopyOnWriteArrayList<>();
    // while set, the stand-in does not declare the tasks extension
    private static volatile boolean withoutTasks;

    @Inject
    Pool pool;

    @BeforeAll
    static void startUpstream() throws IOException {
        upstream = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        upstream.createContext("/mcp", UpstreamStatelessRegistrationTest::answer);
        upstream.start();
    }

    @AfterAll
    static void stopUpstream() {
        upstream.stop(0);
    }

    @AfterEach
    void forgetRegistrations() {
        withoutTasks = false;
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-up26-%'")
                .execute()
                .await()
                .indefinitely();
    }

    private static void answer(HttpExchange exchange) throws IOException {
        JsonNode message = Wire.fromBytes(exchange.getRequestBody().readAllBytes(), JsonNode.class);
        received.add(message);
        String method = message.path("method").asText();
        JsonNode meta = message.path("params").path("_meta");
        boolean described = "2026-07-28".equals(exchange.getRequestHeaders().getFirst("MCP-Protocol-Version"))
                && method.equals(exchange.getRequestHeaders().getFirst("Mcp-Method"))
                && "2026-07-28"
                        .equals(meta.path("io.modelcontextprotocol/protocolVersion")
                                .asText())
                && meta.path("io.modelcontextprotocol/clientCapabilities").isObject()
                && SECRET.equals(exchange.getRequestHeaders().getFirst("Authorization"));
        String body;
        int status = 200;
        if (!described) {
            refusals.add(method);
            status = 400;
            body = "{\"code\":-32020,\"message\":\"Header mismatch\"}";
        } else {
            body = switch (method) {
                case "server/discover" ->
                    "{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}"
                            + (withoutTasks ? "" : ",\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}")
                            + "},\"ttlMs\":0,\"cacheScope\":\"public\"}";
                case "tools/list" ->
                    message.path("params").has("cursor")
                            ? "{\"resultType\":\"complete\",\"tools\":[" + tool("third") + "],\"ttlMs\":0,"
                                    + "\"cacheScope\":\"public\"}"
                            : "{\"resultType\":\"complete\",\"tools\":[" + tool("first") + "," + tool("second")
                                    + "],\"nextCursor\":\"2\",\"ttlMs\":0,\"cacheScope\":\"public\"}";
                default -> {
                    status = 404;
                    yield "{\"code\":-32601,\"message\":\"Method not found\"}";
                }
            };
        }
        byte[] bytes = (status == 200
                        ? "{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":" + body + "}"
                        : "{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"error\":" + body + "}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String tool(String name) {
        return "{\"name\":\"" + name + "\",\"inputSchema\":{\"type\":\"object\"}}";
    }

    private static Response create(String workspace, String body) {
        return SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, OPERATOR)
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, "POST /v1/orgs/x/projects/y/operator/upstreams")
                .contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .post(BASE);
    }

    private static Map<String, OperationSpec> tools() {
        return Wire.fromBytes(
                        SignedCalls.signed()
                                .get("/internal/v1/catalog/upstream-tools")
                                .then()
                                .statusCode(200)
                                .extract()
                                .asByteArray(),
                        UpstreamTools.class)
                .byName();
    }

    private static String register(String namespace) {
        String id = "u26-" + UUID.randomUUID().toString().substring(0, 8);
        String body = "{\"id\":\"" + id + "\",\"url\":\"http://127.0.0.1:"
                + upstream.getAddress().getPort()
                + "/mcp\",\"protocol\":\"2026-07-28\",\"namespace\":\"" + namespace + "\","
                + "\"credential\":{\"header\":\"Authorization\",\"value\":\"" + SECRET + "\"},"
                + "\"connectTimeout\":\"2s\",\"callTimeout\":\"30s\"}";
        Response created = create("org-up26-" + UUID.randomUUID() + "/p", body);
        created.then().statusCode(201);
        assertThat(Wire.fromBytes(created.asByteArray(), JsonNode.class)
                        .at("/definition/protocol")
                        .asText())
                .isEqualTo("2026-07-28");
        return id;
    }

    @Test
    void aStatelessUpstreamIsRegisteredAndItsToolsListedOverEveryPageWithoutASession() {
        received.clear();
        String ns = "s" + UUID.randomUUID().toString().substring(0, 8);

        register(ns);

        await().atMost(WAIT)
                .until(() -> tools().keySet().containsAll(List.of(ns + ".first", ns + ".second", ns + ".third")));
        assertThat(tools().get(ns + ".third").upstream().taskSupport())
                .as("the upstream offers the tasks extension: any call may become a task")
                .isEqualTo("optional");
        assertThat(received)
                .extracting(m -> m.path("method").asText())
                .contains("server/discover", "tools/list")
                .doesNotContain("initialize", "notifications/initialized");
        assertThat(refusals).isEmpty();
    }

    @Test
    void theToolsOfAStatelessUpstreamWithoutTheTasksExtensionAreNeverCalledAsTasks() {
        withoutTasks = true;
        String ns = "s" + UUID.randomUUID().toString().substring(0, 8);

        register(ns);

        await().atMost(WAIT).until(() -> tools().containsKey(ns + ".first"));
        assertThat(tools().get(ns + ".first").upstream().taskSupport()).isEqualTo("forbidden");
        assertThat(refusals).isEmpty();
    }
}
