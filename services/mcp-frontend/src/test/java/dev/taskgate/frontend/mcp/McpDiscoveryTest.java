package dev.taskgate.frontend.mcp;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code server/discover} and {@code tools/list}: the declared capabilities (tools and the tasks extension), the
 * catalog's operations with input schemas, annotations and the configured task policy, the cache hints, and
 * serverInfo; both valid against the 2026-07-28 schema.
 */
@QuarkusTest
class McpDiscoveryTest extends McpComponentTest {

    @Test
    void discoverDeclaresTheVersionToolsAndTheTasksExtension() {
        McpReply response = mcp().request("d1", "server/discover").post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(response.json().path("id").asText()).isEqualTo("d1");
        assertThat(result.path("resultType").asText()).isEqualTo("complete");
        assertThat(result.path("supportedVersions"))
                .extracting(JsonNode::asText)
                .containsExactly("2026-07-28");
        assertThat(result.at("/capabilities/tools").isObject()).isTrue();
        assertThat(result.at("/capabilities/extensions")
                        .path(Mcp2026Client.TASKS)
                        .isObject())
                .isTrue();
        assertThat(result.at("/capabilities/tasks").isMissingNode()).isTrue();
        assertThat(result.path("ttlMs").asLong()).isEqualTo(300_000L);
        assertThat(result.path("cacheScope").asText()).isEqualTo("public");
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .isEqualTo("taskgate");
        McpSchemas.assertValidResult("DiscoverResultResponse", null, response.json());
    }

    @Test
    void toolsListHasEveryOperationWithSchemaAnnotationsAndTaskPolicy() throws Exception {
        McpReply response = mcp().request(2, "tools/list").post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("resultType").asText()).isEqualTo("complete");
        assertThat(result.path("ttlMs").asLong()).isEqualTo(300_000L);
        assertThat(result.path("cacheScope").asText()).isEqualTo("public");
        assertThat(result.has("nextCursor")).isFalse();
        Map<String, JsonNode> tools = new HashMap<>();
        result.path("tools").forEach(t -> tools.put(t.path("name").asText(), t));
        assertThat(tools)
                .containsOnlyKeys(
                        "demo.echo",
                        "demo.sleep",
                        "demo.fail",
                        "demo.crash",
                        "demo.confirm",
                        "demo.staged",
                        "demo.rewrite",
                        "demo.count",
                        "demo.report",
                        "workspace.search",
                        "workspace.rewrite",
                        "workspace.inspect",
                        "workspace.render",
                        "workspace.compare",
                        "execution_list",
                        "execution_get",
                        "execution_provide_input",
                        "execution_cancel",
                        "job_inspect",
                        "job_cancel");
        // the compatibility tools are control-plane calls: never tasks
        assertThat(policy(tools.get("execution_get"))).isEqualTo("forbidden");
        JsonNode sleep = tools.get("demo.sleep");
        assertThat(sleep.path("inputSchema"))
                .isEqualTo(
                        OperationCatalog.load().find("demo.sleep").orElseThrow().inputSchema());
        assertThat(sleep.at("/annotations/readOnlyHint").asBoolean()).isTrue();
        assertThat(sleep.path("title").asText()).isEqualTo("Sleep");
        assertThat(sleep.path("description").asText()).isNotBlank();
        assertThat(policy(tools.get("demo.sleep"))).isEqualTo("optional");
        assertThat(policy(tools.get("demo.crash"))).isEqualTo("required");
        assertThat(policy(tools.get("demo.fail"))).isEqualTo("forbidden");
        assertThat(policy(tools.get("demo.confirm"))).isEqualTo("required");
        assertThat(sleep.has("execution")).isFalse();
        McpSchemas.assertValidResult("ListToolsResultResponse", null, response.json());
        assertThat(Wire.mapper().readTree(response.bytes())).isEqualTo(response.json());
    }

    @Test
    void headerNamesAreCaseInsensitive() {
        McpReply response = mcp().request(3, "tools/list")
                .header("Mcp-Method", null)
                .header("MCP-Protocol-Version", null)
                .header("mcp-method", "tools/list")
                .header("mcp-protocol-version", "2026-07-28")
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
    }

    private static String policy(JsonNode tool) {
        return tool.path("_meta").path(ToolListing.TASK_POLICY_META_KEY).asText();
    }
}
