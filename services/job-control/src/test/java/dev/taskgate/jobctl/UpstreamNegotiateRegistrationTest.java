package dev.taskgate.jobctl;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

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
 * Upstreams registered through the operator API with {@code "protocol": "negotiate"}: discovery finds 2026-07-28 with
 * the fixture StatelessUpstream and falls back to 2025-11-25 with CountingUpstream (each its own process); the
 * generation found is in the upstream's state and in its tools' bindings. An upstream that cannot be reached at all
 * stays unavailable with the reason of {@code server/discover}, without a generation.
 */
@QuarkusTest
class UpstreamNegotiateRegistrationTest {
    private static final String OPERATOR = "https://taskgate.local/dev operator-1";
    private static final String BASE = "/internal/v1/operator/upstreams";

    private static CountingUpstreamProcess stateless;
    private static CountingUpstreamProcess counting;

    @Inject
    Pool pool;

    @BeforeAll
    static void startUpstreams() throws Exception {
        stateless = CountingUpstreamProcess.startStateless();
        counting = CountingUpstreamProcess.start();
    }

    @AfterAll
    static void stopUpstreams() {
        if (stateless != null) {
            stateless.close();
        }
        if (counting != null) {
            counting.close();
        }
    }

    @AfterEach
    void forgetRegistrations() {
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-upneg-%'")
                .execute()
                .await()
                .indefinitely();
    }

    @Test
    void anUpstreamSpeaking2026IsFoundSoAndItsToolsCarryTheGeneration() {
        String workspace = project();
        String ns = namespace();
        String id = register(workspace, ns, stateless.url());

        await().atMost(WAIT).until(() -> tools().containsKey(ns + ".echo"));

        assertThat(tools().get(ns + ".echo").upstream().protocol()).isEqualTo("2026-07-28");
        assertThat(tools().get(ns + ".echo").upstream().taskSupport())
                .as("the fixture offers the tasks extension")
                .isEqualTo("optional");
        JsonNode shown = Wire.fromBytes(get(workspace, id).asByteArray(), JsonNode.class);
        assertThat(shown.at("/definition/protocol").asText()).isEqualTo("negotiate");
        assertThat(shown.at("/state/protocol").asText()).isEqualTo("2026-07-28");
        assertThat(listed(workspace, id).path("protocol").asText()).isEqualTo("2026-07-28");
    }

    @Test
    void anUpstreamSpeakingOnly2025IsFoundSoAfterItsServerDiscoverIsRefused() {
        String workspace = project();
        String ns = namespace();
        String id = register(workspace, ns, counting.url());

        await().atMost(WAIT).until(() -> tools().containsKey(ns + ".echo"));

        assertThat(tools().get(ns + ".echo").upstream().protocol()).isEqualTo("2025-11-25");
        JsonNode shown = Wire.fromBytes(get(workspace, id).asByteArray(), JsonNode.class);
        assertThat(shown.at("/state/protocol").asText()).isEqualTo("2025-11-25");
        assertThat(shown.at("/state/available").asBoolean()).isTrue();
        assertThat(listed(workspace, id).path("protocol").asText()).isEqualTo("2025-11-25");
    }

    @Test
    void anUpstreamThatCannotBeReachedIsUnavailableWithoutFallingBack() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        String workspace = project();
        String id = register(workspace, namespace(), URI.create("http://127.0.0.1:" + closed + "/mcp"));

        await().atMost(WAIT)
                .until(() -> listed(workspace, id).path("problem").asText().contains("could not be reached"));

        JsonNode state = listed(workspace, id);
        assertThat(state.path("available").asBoolean()).isFalse();
        assertThat(state.path("problem").asText()).contains("server/discover").doesNotContain("initialize");
        assertThat(state.has("protocol")).isFalse();
    }

    private static String project() {
        return "org-upneg-" + UUID.randomUUID() + "/p";
    }

    private static String namespace() {
        return "n" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String register(String workspace, String namespace, URI url) {
        String id = "neg-" + UUID.randomUUID().toString().substring(0, 8);
        String body = "{\"id\":\"" + id + "\",\"url\":\"" + url + "\",\"protocol\":\"negotiate\",\"namespace\":\""
                + namespace + "\",\"connectTimeout\":\"2s\",\"callTimeout\":\"30s\"}";
        SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, OPERATOR)
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, "POST /v1/orgs/x/projects/y/operator/upstreams")
                .contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .post(BASE)
                .then()
                .statusCode(201);
        return id;
    }

    private static Response get(String workspace, String id) {
        return SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, OPERATOR)
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, "GET /v1/orgs/x/projects/y/operator/upstreams/" + id)
                .get(BASE + "/" + id);
    }

    private static JsonNode listed(String workspace, String id) {
        JsonNode items = Wire.fromBytes(
                        SignedCalls.signed()
                                .header(SignedCalls.PRINCIPAL, OPERATOR)
                                .header(SignedCalls.WORKSPACE, workspace)
                                .header(SignedCalls.ROUTE, "GET /v1/orgs/x/projects/y/operator/upstreams")
                                .get(BASE)
                                .then()
                                .statusCode(200)
                                .extract()
                                .asByteArray(),
                        JsonNode.class)
                .path("items");
        for (JsonNode item : items) {
            if (item.path("id").asText().equals(id)) {
                return item;
            }
        }
        return Wire.mapper().createObjectNode();
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
}
