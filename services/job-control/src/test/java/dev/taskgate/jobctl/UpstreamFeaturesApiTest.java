package dev.taskgate.jobctl;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.Kind;
import dev.taskgate.testsupport.EverythingServer;
import dev.taskgate.testsupport.RepositoryRoot;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Federated resources, prompts and completions on job-control's internal API ({@code POST
 * /internal/v1/upstream-features}) against the real server-everything registered through the operator API: lists
 * aggregated over the caller's upstreams with Taskgate's cursors, reads of text and blob resources (the blob through a
 * template), prompts under the namespace, completions, and every failure: an unknown resource or prompt, a bad cursor,
 * an upstream that is down (clear, named by namespace, its address never shown, and left out of lists), another
 * project's upstream (invisible), worker-pool (refused) and a body that is not a request.
 */
@QuarkusTest
class UpstreamFeaturesApiTest {
    private static final String PATH = "/internal/v1/upstream-features";
    private static EverythingServer everything;

    @Inject
    Pool pool;

    @BeforeAll
    static void startEverything() throws IOException, InterruptedException {
        everything = EverythingServer.start(RepositoryRoot.find());
    }

    @AfterAll
    static void stopEverything() {
        everything.close();
    }

    @AfterEach
    void forgetRegistrations() {
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-fed-%'")
                .execute()
                .await()
                .indefinitely();
    }

    private static String project() {
        return "org-fed-" + UUID.randomUUID() + "/p";
    }

    private static String namespace(String prefix) {
        return prefix + UUID.randomUUID().toString().substring(0, 8);
    }

    private static void register(String workspace, String namespace, String url) {
        SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "https://taskgate.local/dev operator-1")
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, "POST /v1/orgs/x/projects/y/operator/upstreams")
                .contentType("application/json")
                .body(("{\"id\":\"" + namespace + "\",\"url\":\"" + url + "\",\"namespace\":\"" + namespace
                                + "\",\"connectTimeout\":\"2s\",\"callTimeout\":\"20s\"}")
                        .getBytes(StandardCharsets.UTF_8))
                .post("/internal/v1/operator/upstreams")
                .then()
                .statusCode(201);
    }

    private static void awaitListed(String id, boolean available) {
        await().atMost(WAIT)
                .until(() -> Wire.fromBytes(
                                SignedCalls.signed()
                                        .get("/internal/v1/catalog/upstream-tools")
                                        .asByteArray(),
                                UpstreamTools.class)
                        .upstreams()
                        .stream()
                        .anyMatch(s -> s.id().equals(id) && s.available() == available));
    }

    private static Response post(String workspace, String body) {
        return SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "https://taskgate.local/dev user-1")
                .header(SignedCalls.WORKSPACE, workspace)
                .contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .post(PATH);
    }

    private static UpstreamFeatureAnswer ask(String workspace, String method, String params) {
        Response response = post(workspace, "{\"method\":\"" + method + "\",\"params\":" + params + "}");
        response.then().statusCode(200);
        return Wire.fromBytes(response.asByteArray(), UpstreamFeatureAnswer.class);
    }

    private static JsonNode result(String workspace, String method, String params) {
        UpstreamFeatureAnswer answer = ask(workspace, method, params);
        assertThat(answer.failure()).as(method + " " + params).isNull();
        return answer.result();
    }

    private static List<String> texts(JsonNode items, String member) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.path(member).asText()));
        return out;
    }

    @Test
    void resourcesPromptsAndCompletionsOfTheCallersUpstreamsAreServedUnderTheNamespace() {
        String ws = project();
        String first = namespace("a");
        String second = namespace("b");
        register(ws, first, everything.url().toString());
        register(ws, second, everything.url().toString());
        awaitListed(first, true);
        awaitListed(second, true);

        // one upstream page per page, in namespace order, continued by Taskgate's own cursor
        JsonNode page1 = result(ws, "resources/list", "{}");
        assertThat(texts(page1.get("resources"), "uri")).contains("demo://resource/static/document/architecture.md");
        assertThat(page1.path("nextCursor").isTextual()).isTrue();
        JsonNode page2 = result(
                ws, "resources/list", "{\"cursor\":\"" + page1.get("nextCursor").asText() + "\"}");
        assertThat(texts(page2.get("resources"), "uri")).isEqualTo(texts(page1.get("resources"), "uri"));
        assertThat(page2.has("nextCursor")).isFalse();

        JsonNode templates = result(ws, "resources/templates/list", "{}");
        assertThat(texts(templates.get("resourceTemplates"), "uriTemplate"))
                .contains("demo://resource/dynamic/blob/{resourceId}");

        JsonNode text = result(ws, "resources/read", "{\"uri\":\"demo://resource/static/document/architecture.md\"}");
        assertThat(text.at("/contents/0/uri").asText()).isEqualTo("demo://resource/static/document/architecture.md");
        assertThat(text.at("/contents/0/text").asText()).isNotBlank();

        JsonNode blob = result(ws, "resources/read", "{\"uri\":\"demo://resource/dynamic/blob/3\"}");
        assertThat(blob.at("/contents/0/blob").asText()).isNotBlank();

        JsonNode prompts = result(ws, "prompts/list", "{}");
        assertThat(texts(prompts.get("prompts"), "name")).contains(first + ".simple-prompt", first + ".args-prompt");

        JsonNode prompt =
                result(ws, "prompts/get", "{\"name\":\"" + first + ".args-prompt\",\"arguments\":{\"city\":\"Oslo\"}}");
        assertThat(prompt.at("/messages/0/content/text").asText()).contains("Oslo");

        JsonNode completion = result(
                ws,
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"" + first + ".completable-prompt\"},"
                        + "\"argument\":{\"name\":\"department\",\"value\":\"Eng\"}}");
        assertThat(completion.at("/completion/values/0").asText()).isEqualTo("Engineering");

        JsonNode byTemplate = result(
                ws,
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"demo://resource/dynamic/text/{resourceId}\"},"
                        + "\"argument\":{\"name\":\"resourceId\",\"value\":\"1\"}}");
        assertThat(byTemplate.at("/completion/values").isArray()).isTrue();
    }

    @Test
    void everyFailureIsAnsweredWithItsKindAndNothingElseIsAffected() throws IOException {
        String ws = project();
        String up = namespace("c");
        String down = namespace("d");
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        register(ws, up, everything.url().toString());
        register(ws, down, "http://127.0.0.1:" + closed + "/mcp");
        awaitListed(up, true);
        awaitListed(down, false);

        assertThat(ask(ws, "resources/read", "{\"uri\":\"demo://nothing/here\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_RESOURCE);
        assertThat(ask(ws, "prompts/get", "{\"name\":\"nobody.simple-prompt\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_PROMPT);
        assertThat(ask(ws, "prompts/get", "{\"name\":\"simple-prompt\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_PROMPT);
        UpstreamFeatureAnswer.Failure refused =
                ask(ws, "prompts/get", "{\"name\":\"" + up + ".nope\"}").failure();
        assertThat(refused.kind()).isEqualTo(Kind.UPSTREAM_ERROR);
        assertThat(refused.upstreamCode()).isEqualTo(-32602);
        assertThat(refused.message()).contains(up).contains("nope");
        assertThat(ask(ws, "resources/list", "{\"cursor\":\"not-ours\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.INVALID_PARAMS);
        assertThat(ask(ws, "resources/read", "{}").failure().kind()).isEqualTo(Kind.INVALID_PARAMS);
        assertThat(ask(ws, "completion/complete", "{\"ref\":{\"type\":\"ref/other\"}}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.INVALID_PARAMS);
        assertThat(ask(ws, "completion/complete", "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"demo://x/{y}\"}}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.INVALID_PARAMS);

        UpstreamFeatureAnswer.Failure unavailable = ask(ws, "prompts/get", "{\"name\":\"" + down + ".simple-prompt\"}")
                .failure();
        assertThat(unavailable.kind()).isEqualTo(Kind.UPSTREAM_UNAVAILABLE);
        assertThat(unavailable.message())
                .contains(down)
                .doesNotContain("127.0.0.1")
                .doesNotContain(":" + closed);

        // the down upstream is left out; the other one still answers
        JsonNode prompts = result(ws, "prompts/list", "{}");
        assertThat(texts(prompts.get("prompts"), "name"))
                .contains(up + ".simple-prompt")
                .noneMatch(n -> n.startsWith(down + "."));
        assertThat(prompts.has("nextCursor")).isFalse();
    }

    @Test
    void anUpstreamTheCallerMayNotUseStaysInvisible() {
        String owner = project();
        String stranger = project();
        String ns = namespace("e");
        register(owner, ns, everything.url().toString());
        awaitListed(ns, true);
        result(owner, "resources/list", "{}"); // the owner's listing teaches the URIs' owner

        assertThat(result(stranger, "resources/list", "{}").get("resources")).isEmpty();
        assertThat(result(stranger, "resources/templates/list", "{}").get("resourceTemplates"))
                .isEmpty();
        assertThat(result(stranger, "prompts/list", "{}").get("prompts")).isEmpty();
        assertThat(ask(stranger, "resources/read", "{\"uri\":\"demo://resource/static/document/architecture.md\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_RESOURCE);
        assertThat(ask(stranger, "prompts/get", "{\"name\":\"" + ns + ".simple-prompt\"}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_PROMPT);
        assertThat(ask(
                                stranger,
                                "completion/complete",
                                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"" + ns + ".completable-prompt\"},"
                                        + "\"argument\":{\"name\":\"department\",\"value\":\"E\"}}")
                        .failure()
                        .kind())
                .isEqualTo(Kind.UNKNOWN_PROMPT);
    }

    @Test
    void onlyTheFrontendMayAskAndOnlyWithARequest() {
        SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .header(SignedCalls.PRINCIPAL, "p")
                .header(SignedCalls.WORKSPACE, "o/p")
                .contentType("application/json")
                .body("{\"method\":\"resources/list\",\"params\":{}}".getBytes(StandardCharsets.UTF_8))
                .post(PATH)
                .then()
                .statusCode(403);
        post("o/p", "not json").then().statusCode(400).contentType("application/problem+json");
        post("o/p", "{\"method\":\"tools/list\",\"params\":{}}").then().statusCode(400);
        SignedCalls.signed()
                .contentType("application/json")
                .body("{\"method\":\"resources/list\",\"params\":{}}".getBytes(StandardCharsets.UTF_8))
                .post(PATH)
                .then()
                .statusCode(400);
    }
}
