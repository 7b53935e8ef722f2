package dev.taskgate.jobctl;

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
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.Kind;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.ask;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.result;
import static dev.taskgate.jobctl.UpstreamFeatureCalls.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An upstream registered with {@code "promptNames": "unprefixed"} (docs/gateway.md "Resources, prompts and
 * completions"): its prompts are listed, got and completed under their own names — the namespaced name still works —
 * while another upstream's stay namespaced; with two such upstreams a name goes to the first that lists it. The
 * fixture SuiteFeaturesUpstream (the conformance suite's prompts and resources, its own process) declares no tools:
 * discovery takes it as available with none.
 */
@QuarkusTest
class UpstreamUnprefixedPromptsTest {
    private static CountingUpstreamProcess suite;
    private static CountingUpstreamProcess stateless;

    @Inject
    Pool pool;

    @BeforeAll
    static void startUpstreams() throws Exception {
        suite = CountingUpstreamProcess.startSuiteFeatures();
        stateless = CountingUpstreamProcess.startStateless();
    }

    @AfterAll
    static void stopUpstreams() {
        if (suite != null) {
            suite.close();
        }
        if (stateless != null) {
            stateless.close();
        }
    }

    @AfterEach
    void forgetRegistrations() {
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-bare-%'")
                .execute()
                .await()
                .indefinitely();
    }

    @Test
    void anUpstreamWithoutToolsIsAvailableAndItsPromptsKeepTheirOwnNames() {
        String ws = "org-bare-" + UUID.randomUUID() + "/p";
        String bare = "b" + UUID.randomUUID().toString().substring(0, 8);
        String named = "n" + UUID.randomUUID().toString().substring(0, 8);
        UpstreamState state = register(ws, bare, suite, "2025-11-25", "unprefixed");
        assertThat(state.available())
                .as("no tools capability: available, with no tools")
                .isTrue();
        assertThat(state.tools()).isZero();
        register(ws, named, suite, "2025-11-25", "namespaced");

        assertThat(promptNames(ws))
                .contains("test_simple_prompt", "test_prompt_with_arguments")
                .contains(named + ".test_simple_prompt", named + ".test_prompt_with_arguments")
                .doesNotContain(bare + ".test_simple_prompt");

        JsonNode simple = result(ws, "prompts/get", "{\"name\":\"test_simple_prompt\"}");
        assertThat(simple.at("/messages/0/content/text").asText()).isEqualTo("This is a simple prompt for testing.");
        JsonNode withArguments = result(
                ws,
                "prompts/get",
                "{\"name\":\"" + bare + ".test_prompt_with_arguments\","
                        + "\"arguments\":{\"arg1\":\"one\",\"arg2\":\"two\"}}");
        assertThat(withArguments.at("/messages/0/content/text").asText())
                .as("the namespaced name still resolves")
                .contains("one")
                .contains("two");
        JsonNode completed = result(
                ws,
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"test_prompt_with_arguments\"},"
                        + "\"argument\":{\"name\":\"arg1\",\"value\":\"par\"}}");
        assertThat(texts(completed.at("/completion/values"), null)).containsExactly("paris", "park", "party");
        assertThat(result(ws, "resources/read", "{\"uri\":\"test://template/123/data\"}")
                        .at("/contents/0/text")
                        .asText())
                .isEqualTo("The data of item 123.");

        UpstreamFeatureAnswer.Failure missing =
                ask(ws, "prompts/get", "{\"name\":\"no_such_prompt\"}").failure();
        assertThat(missing.kind())
                .as("the only upstream with its own names is asked, and refuses")
                .isEqualTo(Kind.UPSTREAM_ERROR);
        assertThat(missing.message()).startsWith("Upstream " + bare + " refused prompts/get");
    }

    @Test
    void withTwoSuchUpstreamsAPromptGoesToTheOneThatListsIt() {
        String ws = "org-bare-" + UUID.randomUUID() + "/p";
        String first = "a" + UUID.randomUUID().toString().substring(0, 8);
        String second = "z" + UUID.randomUUID().toString().substring(0, 8);
        register(ws, first, suite, "2025-11-25", "unprefixed");
        register(ws, second, stateless, "2026-07-28", "unprefixed");

        assertThat(promptNames(ws)).contains("test_simple_prompt");
        assertThat(result(ws, "prompts/get", "{\"name\":\"greeting\",\"arguments\":{\"name\":\"Ada\"}}")
                        .at("/messages/0/content/text")
                        .asText())
                .as("listed by the second only")
                .isEqualTo("Greet Ada");
        assertThat(result(ws, "prompts/get", "{\"name\":\"test_simple_prompt\"}")
                        .at("/messages/0/content/text")
                        .asText())
                .isEqualTo("This is a simple prompt for testing.");

        UpstreamFeatureAnswer.Failure unknown =
                ask(ws, "prompts/get", "{\"name\":\"no_such_prompt\"}").failure();
        assertThat(unknown.kind()).as("neither lists it").isEqualTo(Kind.UNKNOWN_PROMPT);
        assertThat(unknown.message()).isEqualTo("Unknown prompt: no_such_prompt");
    }

    private static UpstreamState register(
            String workspace, String namespace, CountingUpstreamProcess upstream, String protocol, String promptNames) {
        SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "https://taskgate.local/dev operator-1")
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, "POST /v1/orgs/x/projects/y/operator/upstreams")
                .contentType("application/json")
                .body(("{\"id\":\"" + namespace + "\",\"url\":\"" + upstream.url() + "\",\"protocol\":\"" + protocol
                                + "\",\"namespace\":\"" + namespace + "\",\"promptNames\":\"" + promptNames
                                + "\",\"connectTimeout\":\"2s\",\"callTimeout\":\"20s\"}")
                        .getBytes(StandardCharsets.UTF_8))
                .post("/internal/v1/operator/upstreams")
                .then()
                .statusCode(201);
        return await().atMost(WAIT)
                .until(
                        () -> Wire.fromBytes(
                                        SignedCalls.signed()
                                                .get("/internal/v1/catalog/upstream-tools")
                                                .asByteArray(),
                                        UpstreamTools.class)
                                .upstreams()
                                .stream()
                                .filter(s -> s.id().equals(namespace) && s.available())
                                .findFirst()
                                .orElse(null),
                        state -> state != null);
    }

    /** Every prompt name over the pages (one upstream page per page). */
    private static List<String> promptNames(String workspace) {
        List<String> names = new ArrayList<>();
        String params = "{}";
        for (int page = 0; page < 10; page++) {
            JsonNode result = result(workspace, "prompts/list", params);
            names.addAll(texts(result.path("prompts"), "name"));
            if (!result.path("nextCursor").isTextual()) {
                return names;
            }
            params = "{\"cursor\":\"" + result.path("nextCursor").asText() + "\"}";
        }
        throw new AssertionError("more than 10 pages of prompts");
    }
}
