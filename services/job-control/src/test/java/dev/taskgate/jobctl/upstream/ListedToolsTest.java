package dev.taskgate.jobctl.upstream;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.upstream.ToolPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

import static org.assertj.core.api.Assertions.assertThat;

/** What an upstream's listed tools become in the catalog, and which are left out. */
class ListedToolsTest {
    private static final UpstreamDefinition UPSTREAM = new UpstreamDefinition(
            "counting",
            URI.create("http://127.0.0.1:1/mcp"),
            UpstreamProtocol.MCP_2025_11_25,
            "cnt",
            Optional.empty(),
            List.of("acme/*"),
            List.of("echo", "look", "bad name", "loose"),
            Map.of("look", new ToolPolicy(true, "required", "handoff_after=2s")),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            1,
            Duration.ofMinutes(1));

    @Test
    void offeredToolsBecomeNamespacedEntriesWithTheOperatorsPolicyAndTheUpstreamsDefinition() {
        ListedTools listed = ListedTools.of(UPSTREAM, tools("""
                [{"name": "echo", "description": "echoes", "inputSchema": {"type": "object"},
                  "annotations": {"readOnlyHint": true, "title": "Echo"}, "execution": {"taskSupport": "optional"}},
                 {"name": "look", "title": "Look", "inputSchema": {"type": "object", "required": ["at"]}},
                 {"name": "hidden", "inputSchema": {"type": "object"}}]
                """));

        assertThat(listed.entries()).extracting(OperationSpec::name).containsExactly("cnt.echo", "cnt.look");
        OperationSpec echo = listed.entries().get(0);
        assertThat(echo.mutating())
                .as("the upstream's readOnlyHint is not trusted: the operator did not declare it read-only")
                .isTrue();
        assertThat(echo.title()).isEqualTo("Echo");
        assertThat(echo.description()).isEqualTo("echoes");
        assertThat(echo.version()).startsWith("upstream-").hasSize("upstream-".length() + 16);
        assertThat(echo.upstream().tool()).isEqualTo("echo");
        assertThat(echo.upstream().taskSupport()).isEqualTo("optional");
        assertThat(echo.upstream().admits("acme/demo")).isTrue();
        OperationSpec look = listed.entries().get(1);
        assertThat(look.mutating()).isFalse();
        assertThat(look.taskSupport()).isEqualTo("required");
        assertThat(look.handoff()).isEqualTo("handoff_after=2s");
        assertThat(look.upstream().taskSupport()).isEqualTo("forbidden");
        assertThat(listed.problems()).isEmpty();
    }

    @Test
    void aChangedDefinitionIsANewVersion() {
        String first = ListedTools.of(
                        UPSTREAM, tools("[{\"name\": \"echo\", \"inputSchema\": {\"type\": \"object\"}}]"))
                .entries()
                .get(0)
                .version();
        String again = ListedTools.of(
                        UPSTREAM, tools("[{\"inputSchema\": {\"type\": \"object\"}, \"name\": \"echo\"}]"))
                .entries()
                .get(0)
                .version();
        String changed = ListedTools.of(
                        UPSTREAM,
                        tools("[{\"name\": \"echo\", \"inputSchema\": {\"type\": \"object\", \"required\": [\"x\"]}}]"))
                .entries()
                .get(0)
                .version();

        assertThat(again).as("member order does not matter").isEqualTo(first);
        assertThat(changed).isNotEqualTo(first);
    }

    @Test
    void aToolTaskgateCannotOfferIsLeftOutAndNamedWhileTheOthersStay() {
        ListedTools listed = ListedTools.of(UPSTREAM, tools("""
                [{"name": "bad name", "inputSchema": {"type": "object"}},
                 {"name": "loose", "inputSchema": {"type": "string"}},
                 {"name": "echo", "inputSchema": {"type": "object"}}]
                """));

        assertThat(listed.entries()).extracting(OperationSpec::name).containsExactly("cnt.echo");
        assertThat(listed.problems())
                .containsExactly(
                        "tool 'bad name' is left out: cnt.bad name is not a valid tool name",
                        "tool 'loose' is left out: its inputSchema is not an object schema");
    }

    private static List<JsonNode> tools(String json) {
        List<JsonNode> tools = new ArrayList<>();
        try {
            Wire.mapper().readTree(json).forEach(tools::add);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return tools;
    }
}
