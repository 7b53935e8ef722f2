package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Resources, prompts and completions through both generations, with job-control (played by
 * {@link FakeJobControlQueries}) answering for the upstreams: the request goes to job-control with the caller's
 * workspace, the result comes back with 2026-07-28's {@code resultType}, server info and cache hints (none exist in
 * 2025-11-25), every failure becomes the JSON-RPC error of the client's generation (resource not found -32602 in
 * 2026-07-28 per SEP-2164, -32002 in 2025-11-25), a job-control that does not answer is -32603 with 503, and the
 * capabilities are declared. Every message is validated against the official schema of its generation.
 */
@QuarkusTest
class McpFederatedReadsTest extends McpComponentTest {
    private static final String PATH = "/internal/v1/upstream-features";
    private static final FakeJobControlQueries JOB_CONTROL = FakeJobControlQueries.get();

    @AfterEach
    void reset() {
        JOB_CONTROL.reset();
    }

    private static void answer(String json) {
        JOB_CONTROL.answer("POST", PATH, 200, json.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode lastRequest() {
        var requests = JOB_CONTROL.requests().stream()
                .filter(r -> r.path().equals(PATH))
                .toList();
        assertThat(requests).isNotEmpty();
        var last = requests.get(requests.size() - 1);
        assertThat(last.workspace()).isEqualTo("acme/demo");
        return Wire.fromBytes(last.body().getBytes(StandardCharsets.UTF_8), JsonNode.class);
    }

    @Test
    void discoverAndInitializeDeclareResourcesPromptsAndCompletions() {
        JsonNode discovered = mcp().request("d", "server/discover").post().json();
        assertThat(discovered.at("/result/capabilities/resources").isObject()).isTrue();
        assertThat(discovered.at("/result/capabilities/prompts").isObject()).isTrue();
        assertThat(discovered.at("/result/capabilities/completions").isObject()).isTrue();
        McpSchemas.assertValidResult("DiscoverResultResponse", null, discovered);

        McpReply initialized =
                mcp2025().initializeRaw(Mcp2025Client.VERSION, Wire.mapper().createObjectNode());
        JsonNode capabilities = initialized.json().at("/result/capabilities");
        assertThat(capabilities.path("resources").isObject()).isTrue();
        assertThat(capabilities.path("prompts").isObject()).isTrue();
        assertThat(capabilities.path("completions").isObject()).isTrue();
    }

    @Test
    void listsAndReadsOf2026CarryTheResultTypeAndPrivateCacheHints() {
        answer("{\"result\":{\"resources\":[{\"uri\":\"demo://a\",\"name\":\"a\"}],\"nextCursor\":\"c2\"}}");
        McpReply list = mcp().request(1, "resources/list").param("cursor", "c1").post();
        assertThat(list.status()).as(list.toString()).isEqualTo(200);
        JsonNode result = list.json().path("result");
        assertThat(result.path("resultType").asText()).isEqualTo("complete");
        assertThat(result.path("ttlMs").asLong()).isEqualTo(300_000L);
        assertThat(result.path("cacheScope").asText()).isEqualTo("private");
        assertThat(result.at("/resources/0/uri").asText()).isEqualTo("demo://a");
        assertThat(result.path("nextCursor").asText()).isEqualTo("c2");
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .isEqualTo("taskgate");
        McpSchemas.assertValidResult("ListResourcesResultResponse", null, list.json());
        JsonNode forwarded = lastRequest();
        assertThat(forwarded.path("method").asText()).isEqualTo("resources/list");
        assertThat(forwarded.at("/params/cursor").asText()).isEqualTo("c1");

        answer("{\"result\":{\"contents\":[{\"uri\":\"demo://b\",\"blob\":\"AAE=\"}]}}");
        McpReply read = mcp().request(2, "resources/read")
                .param("uri", "demo://b")
                .header("Mcp-Name", "demo://b")
                .post();
        assertThat(read.status()).as(read.toString()).isEqualTo(200);
        assertThat(read.json().at("/result/ttlMs").asLong()).isZero();
        assertThat(read.json().at("/result/cacheScope").asText()).isEqualTo("private");
        McpSchemas.assertValidResult("ReadResourceResultResponse", null, read.json());

        answer("{\"result\":{\"resourceTemplates\":[{\"uriTemplate\":\"demo://t/{id}\",\"name\":\"t\"}]}}");
        McpSchemas.assertValidResult(
                "ListResourceTemplatesResultResponse",
                null,
                mcp().request(3, "resources/templates/list").post().json());

        answer("{\"result\":{\"prompts\":[{\"name\":\"up.simple\"}]}}");
        McpSchemas.assertValidResult(
                "ListPromptsResultResponse",
                null,
                mcp().request(4, "prompts/list").post().json());

        answer("{\"result\":{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}]}}");
        McpReply prompt = mcp().request(5, "prompts/get")
                .param("name", "up.simple")
                .param("arguments", java.util.Map.of("city", "Oslo"))
                .post();
        McpSchemas.assertValidResult("GetPromptResultResponse", null, prompt.json());
        assertThat(lastRequest().at("/params/arguments/city").asText()).isEqualTo("Oslo");

        answer("{\"result\":{\"completion\":{\"values\":[\"Engineering\"],\"hasMore\":false}}}");
        McpReply completion = mcp().request(6, "completion/complete")
                .param("ref", java.util.Map.of("type", "ref/prompt", "name", "up.simple"))
                .param("argument", java.util.Map.of("name", "department", "value", "E"))
                .post();
        McpSchemas.assertValidResult("CompleteResultResponse", null, completion.json());
        assertThat(completion.json().at("/result/completion/values/0").asText()).isEqualTo("Engineering");
    }

    @Test
    void theHintsOfA2026UpstreamArePassedOnNoLongerAndNeverPublic() {
        answer("{\"result\":{\"resources\":[],\"ttlMs\":30000}}");
        JsonNode list = mcp().request(1, "resources/list").post().json().path("result");
        assertThat(list.path("ttlMs").asLong())
                .as("the upstream's, shorter than Taskgate's")
                .isEqualTo(30_000L);
        assertThat(list.path("cacheScope").asText()).isEqualTo("private");

        answer("{\"result\":{\"prompts\":[],\"ttlMs\":900000000}}");
        assertThat(mcp().request(2, "prompts/list")
                        .post()
                        .json()
                        .at("/result/ttlMs")
                        .asLong())
                .as("Taskgate's own, shorter than the upstream's")
                .isEqualTo(300_000L);

        answer("{\"result\":{\"resultType\":\"complete\",\"contents\":[{\"uri\":\"demo://b\",\"text\":\"b\"}],"
                + "\"ttlMs\":10000,\"cacheScope\":\"public\"}}");
        JsonNode read = mcp().request(3, "resources/read")
                .param("uri", "demo://b")
                .header("Mcp-Name", "demo://b")
                .post()
                .json();
        assertThat(read.at("/result/ttlMs").asLong()).isEqualTo(10_000L);
        assertThat(read.at("/result/cacheScope").asText()).isEqualTo("private");
        McpSchemas.assertValidResult("ReadResourceResultResponse", null, read);

        answer("{\"result\":{\"resultType\":\"complete\",\"messages\":[],\"ttlMs\":20000,\"cacheScope\":\"public\"}}");
        JsonNode prompt = mcp().request(4, "prompts/get")
                .param("name", "up.simple")
                .post()
                .json();
        assertThat(prompt.at("/result/ttlMs").asLong()).isEqualTo(20_000L);
        assertThat(prompt.at("/result/cacheScope").asText()).isEqualTo("private");

        Mcp2025Session session = mcp2025().initialize();
        session.initialized();
        answer("{\"result\":{\"resultType\":\"complete\",\"messages\":[],\"ttlMs\":20000,\"cacheScope\":\"public\"}}");
        JsonNode old = session.request("prompts/get", Mcp2025Client.params().put("name", "up.simple"))
                .json()
                .path("result");
        assertThat(old.has("resultType") || old.has("ttlMs") || old.has("cacheScope"))
                .as("2025-11-25 has none of these members: " + old)
                .isFalse();
        assertThat(old.path("messages").isArray()).isTrue();
    }

    @Test
    void the2025AdapterServesTheSameWithoutCacheFields() {
        Mcp2025Session session = mcp2025().initialize();
        session.initialized();

        answer("{\"result\":{\"resources\":[{\"uri\":\"demo://a\",\"name\":\"a\"}]}}");
        JsonNode list =
                session.request("resources/list", Mcp2025Client.params()).json();
        Mcp2025Client.assertValid("JSONRPCResultResponse", list);
        Mcp2025Client.assertValid("ListResourcesResult", list.path("result"));
        assertThat(list.path("result").has("ttlMs")).isFalse();
        assertThat(list.path("result").has("resultType")).isFalse();

        answer("{\"result\":{\"contents\":[{\"uri\":\"demo://a\",\"text\":\"hello\"}]}}");
        ObjectNode read = Mcp2025Client.params().put("uri", "demo://a");
        JsonNode text = session.request("resources/read", read).json();
        Mcp2025Client.assertValid("ReadResourceResult", text.path("result"));
        assertThat(text.at("/result/contents/0/text").asText()).isEqualTo("hello");

        answer("{\"failure\":{\"kind\":\"unknown_resource\",\"message\":\"Resource not found: demo://x\"}}");
        JsonNode missing = session.request(
                        "resources/read", Mcp2025Client.params().put("uri", "demo://x"))
                .json();
        Mcp2025Client.assertError(missing, -32002);
        assertThat(missing.at("/error/data/uri").asText()).isEqualTo("demo://x");

        answer("{\"failure\":{\"kind\":\"unknown_prompt\",\"message\":\"Unknown prompt: x.y\"}}");
        Mcp2025Client.assertError(
                session.request("prompts/get", Mcp2025Client.params().put("name", "x.y"))
                        .json(),
                -32602);
    }

    @Test
    void everyFailureIsTheErrorOfThe2026Generation() {
        answer("{\"failure\":{\"kind\":\"unknown_resource\",\"message\":\"Resource not found: demo://x\"}}");
        McpReply missing = mcp().request(1, "resources/read")
                .param("uri", "demo://x")
                .header("Mcp-Name", "demo://x")
                .post();
        assertThat(missing.status()).isEqualTo(200);
        assertThat(missing.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(missing.json().at("/error/data/uri").asText()).isEqualTo("demo://x");
        McpSchemas.assertValidError(missing.json());

        answer("{\"failure\":{\"kind\":\"unknown_prompt\",\"message\":\"Unknown prompt: up.nope\"}}");
        JsonNode unknownPrompt =
                mcp().request(2, "prompts/get").param("name", "up.nope").post().json();
        assertThat(unknownPrompt.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(unknownPrompt.at("/error/message").asText()).isEqualTo("Unknown prompt: up.nope");

        answer("{\"failure\":{\"kind\":\"invalid_params\",\"message\":\"Invalid cursor.\"}}");
        assertThat(mcp().request(3, "prompts/list")
                        .param("cursor", "x")
                        .post()
                        .json()
                        .at("/error/code")
                        .asInt())
                .isEqualTo(-32602);

        answer("{\"failure\":{\"kind\":\"upstream_error\",\"message\":\"Upstream up refused prompts/get: no\","
                + "\"upstreamCode\":-32602}}");
        JsonNode relayed =
                mcp().request(4, "prompts/get").param("name", "up.x").post().json();
        assertThat(relayed.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(relayed.at("/error/message").asText()).contains("Upstream up refused");

        answer("{\"failure\":{\"kind\":\"upstream_unavailable\",\"message\":\"Upstream up could not answer "
                + "prompts/get; try again later.\"}}");
        McpReply down = mcp().request(5, "prompts/get").param("name", "up.x").post();
        assertThat(down.status()).isEqualTo(200);
        assertThat(down.json().at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(down.json().at("/error/message").asText()).contains("could not answer");
        McpSchemas.assertValidError(down.json());
    }

    @Test
    void aJobControlThatDoesNotAnswerIsUnavailable() {
        JOB_CONTROL.answer("POST", PATH, 500, "{\"status\":500}".getBytes(StandardCharsets.UTF_8));

        McpReply reply = mcp().request(1, "prompts/list").post();

        assertThat(reply.status()).isEqualTo(503);
        assertThat(reply.json().at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(reply.toString()).doesNotContain("500");

        answer("{}");
        McpReply empty = mcp().request(2, "prompts/list").post();
        assertThat(empty.status())
                .as("an answer with neither result nor failure")
                .isEqualTo(503);
        assertThat(empty.json().at("/error/code").asInt()).isEqualTo(-32603);
    }

    @Test
    void resourceSubscriptionsAreNotServed() {
        McpReply reply =
                mcp().request(1, "resources/subscribe").param("uri", "demo://a").post();

        assertThat(reply.json().at("/error/code").asInt()).isEqualTo(-32601);
    }
}
