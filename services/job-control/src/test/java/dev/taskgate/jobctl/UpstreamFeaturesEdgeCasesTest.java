package dev.taskgate.jobctl;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.Kind;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.ask;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Federated reads against a stand-in upstream that answers what server-everything never does: an empty first page
 * of resources followed by a full one (skipped over within one Taskgate page), the 2025-11-25 resource-not-found
 * code -32002 (an unknown resource, not an upstream error), no prompts feature at all (-32601: an empty list, no
 * error) and a templates answer without its array (left out).
 */
@QuarkusTest
class UpstreamFeaturesEdgeCasesTest {
    private static HttpServer upstream;

    @Inject
    Pool pool;

    @BeforeAll
    static void startUpstream() throws IOException {
        upstream = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        upstream.createContext("/mcp", UpstreamFeaturesEdgeCasesTest::answer);
        upstream.start();
    }

    @AfterAll
    static void stopUpstream() {
        upstream.stop(0);
    }

    @AfterEach
    void forgetRegistrations() {
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-fedx-%'")
                .execute()
                .await()
                .indefinitely();
    }

    private static void answer(HttpExchange exchange) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            return;
        }
        JsonNode message = Wire.fromBytes(exchange.getRequestBody().readAllBytes(), JsonNode.class);
        String cursor = message.path("params").path("cursor").asText("");
        String result = null;
        String error = null;
        switch (message.path("method").asText()) {
            case "initialize":
                result = "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{},\"resources\":{}},"
                        + "\"serverInfo\":{\"name\":\"stand-in\",\"version\":\"1\"}}";
                break;
            case "tools/list":
                result = "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}]}";
                break;
            case "resources/list":
                result = cursor.isEmpty()
                        ? "{\"resources\":[],\"nextCursor\":\"page-2\"}"
                        : "{\"resources\":[{\"uri\":\"edge://only\",\"name\":\"only\"}]}";
                break;
            case "resources/templates/list":
                result = "{\"templates\":\"not an array\"}";
                break;
            case "resources/read":
                error = "{\"code\":-32002,\"message\":\"Resource not found\"}";
                break;
            case "prompts/list":
                error = "{\"code\":-32601,\"message\":\"Method not found\"}";
                break;
            default:
                break;
        }
        if (result == null && error == null) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ","
                        + (result != null ? "\"result\":" + result : "\"error\":" + error) + "}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("Mcp-Session-Id", "s-1");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Test
    void whatServerEverythingNeverAnswersIsHandledToo() {
        String ws = "org-fedx-" + UUID.randomUUID() + "/p";
        String id = "x" + UUID.randomUUID().toString().substring(0, 8);
        SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "https://taskgate.local/dev operator-1")
                .header(SignedCalls.WORKSPACE, ws)
                .header(SignedCalls.ROUTE, "POST /v1/orgs/x/projects/y/operator/upstreams")
                .contentType("application/json")
                .body(("{\"id\":\"" + id + "\",\"url\":\"http://127.0.0.1:"
                                + upstream.getAddress().getPort() + "/mcp\",\"namespace\":\"" + id + "\"}")
                        .getBytes(StandardCharsets.UTF_8))
                .post("/internal/v1/operator/upstreams")
                .then()
                .statusCode(201);
        await().atMost(WAIT)
                .until(() -> Wire.fromBytes(
                                SignedCalls.signed()
                                        .get("/internal/v1/catalog/upstream-tools")
                                        .asByteArray(),
                                UpstreamTools.class)
                        .upstreams()
                        .stream()
                        .anyMatch(s -> s.id().equals(id) && s.available()));

        JsonNode resources = ask(ws, "resources/list", "{}").result();
        assertThat(resources.at("/resources/0/uri").asText()).isEqualTo("edge://only");
        assertThat(resources.has("nextCursor")).isFalse();

        UpstreamFeatureAnswer.Failure missing =
                ask(ws, "resources/read", "{\"uri\":\"edge://only\"}").failure();
        assertThat(missing.kind()).isEqualTo(Kind.UNKNOWN_RESOURCE);
        assertThat(missing.upstreamCode()).isNull();

        assertThat(ask(ws, "prompts/list", "{}").result().get("prompts")).isEmpty();
        assertThat(ask(ws, "resources/templates/list", "{}").result().get("resourceTemplates"))
                .isEmpty();
        assertThat(ask(ws, "resources/read", "{\"uri\":\"edge://unlisted\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_RESOURCE);
        assertThat(ask(ws, "prompts/get", "[]").failure().kind()).isEqualTo(Kind.INVALID_PARAMS);
    }
}
