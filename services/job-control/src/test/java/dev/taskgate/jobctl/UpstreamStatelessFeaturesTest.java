package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.Kind;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.ask;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.result;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Federated resources, prompts and completions of an upstream speaking 2026-07-28 (the fixture StatelessUpstream, its
 * own process), asked on job-control's internal API through the namespace: lists over the upstream's pages with its
 * freshness hint passed on, a read by a listed URI and one by the template, a prompt and both kinds of completion,
 * the upstream's -32602 for a resource it does not have taken as "resource not found", and its other refusals relayed.
 */
@QuarkusTest
class UpstreamStatelessFeaturesTest {
    private static CountingUpstreamProcess stateless;

    @Inject
    Pool pool;

    @BeforeAll
    static void startUpstream() throws Exception {
        stateless = CountingUpstreamProcess.startStateless();
    }

    @AfterAll
    static void stopUpstream() {
        if (stateless != null) {
            stateless.close();
        }
    }

    @AfterEach
    void forgetRegistrations() {
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-fed26-%'")
                .execute()
                .await()
                .indefinitely();
    }

    @Test
    void resourcesPromptsAndCompletionsOfAStatelessUpstreamAreServedUnderItsNamespace() {
        String ws = "org-fed26-" + UUID.randomUUID() + "/p";
        String ns = "f" + UUID.randomUUID().toString().substring(0, 8);
        register(ws, ns);

        JsonNode first = result(ws, "resources/list", "{}");
        assertThat(texts(first.path("resources"), "uri")).containsExactly("stateless://notes/first");
        assertThat(first.path("ttlMs").asLong())
                .as("the upstream's hint for the page")
                .isEqualTo(30_000);
        assertThat(first.has("cacheScope")).isFalse();
        JsonNode second = result(
                ws,
                "resources/list",
                "{\"cursor\":\"" + first.path("nextCursor").asText() + "\"}");
        assertThat(texts(second.path("resources"), "uri")).containsExactly("stateless://notes/second");
        assertThat(second.has("nextCursor")).isFalse();

        assertThat(texts(result(ws, "resources/templates/list", "{}").path("resourceTemplates"), "uriTemplate"))
                .containsExactly("stateless://notes/{name}");
        JsonNode listed = result(ws, "resources/read", "{\"uri\":\"stateless://notes/second\"}");
        assertThat(listed.at("/contents/0/text").asText()).isEqualTo("note second");
        assertThat(listed.path("ttlMs").asLong()).isEqualTo(10_000);
        assertThat(result(ws, "resources/read", "{\"uri\":\"stateless://notes/third\"}")
                        .at("/contents/0/text")
                        .asText())
                .as("routed by the template")
                .isEqualTo("note third");

        JsonNode prompts = result(ws, "prompts/list", "{}");
        assertThat(texts(prompts.path("prompts"), "name")).containsExactly(ns + ".greeting");
        JsonNode prompt =
                result(ws, "prompts/get", "{\"name\":\"" + ns + ".greeting\",\"arguments\":{\"name\":\"Ada\"}}");
        assertThat(prompt.at("/messages/0/content/text").asText()).isEqualTo("Greet Ada");
        JsonNode byPrompt = result(
                ws,
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"" + ns + ".greeting\"},"
                        + "\"argument\":{\"name\":\"name\",\"value\":\"a\"}}");
        assertThat(texts(byPrompt.at("/completion/values"), null)).containsExactly("Ada", "Alan");
        JsonNode byTemplate = result(
                ws,
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"stateless://notes/{name}\"},"
                        + "\"argument\":{\"name\":\"name\",\"value\":\"g\"}}");
        assertThat(texts(byTemplate.at("/completion/values"), null)).containsExactly("Grace");

        UpstreamFeatureAnswer.Failure refused = ask(ws, "resources/read", "{\"uri\":\"stateless://notes/missing\"}")
                .failure();
        assertThat(refused).as("the upstream has no such note").isNotNull();
        assertThat(refused.kind())
                .as("-32602 is how 2026-07-28 says a resource is not found")
                .isEqualTo(Kind.UNKNOWN_RESOURCE);
        UpstreamFeatureAnswer.Failure unknownPrompt =
                ask(ws, "prompts/get", "{\"name\":\"" + ns + ".farewell\"}").failure();
        assertThat(unknownPrompt.kind()).isEqualTo(Kind.UPSTREAM_ERROR);
        assertThat(unknownPrompt.upstreamCode())
                .as("its other refusals are relayed")
                .isEqualTo(-32602);
    }

    private static void register(String workspace, String namespace) {
        SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "https://taskgate.local/dev operator-1")
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, "POST /v1/orgs/x/projects/y/operator/upstreams")
                .contentType("application/json")
                .body(("{\"id\":\"" + namespace + "\",\"url\":\"" + stateless.url()
                                + "\",\"protocol\":\"2026-07-28\",\"namespace\":\"" + namespace
                                + "\",\"connectTimeout\":\"2s\",\"callTimeout\":\"20s\"}")
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
                        .anyMatch(s -> s.id().equals(namespace) && s.available()));
    }
}
