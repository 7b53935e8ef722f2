package dev.taskgate.frontend.mcp;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.auth.LocalPrincipal;
import dev.taskgate.frontend.support.ConformanceRunProfile;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frontend configured for a conformance run: requests without credentials are served as the configured local
 * principal (a presented token is still checked), and the conformance pack is listed with its task policies.
 */
@QuarkusTest
@TestProfile(ConformanceRunProfile.class)
class McpConformanceRunTest extends McpComponentTest {
    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @BeforeEach
    void reset() {
        queries.reset();
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void aCallWithoutCredentialsRunsAsTheLocalPrincipal() {
        UUID id = UUID.randomUUID();
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"Hello, x!\"}],\"isError\":false}";
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "greet", ExecutionStatus.COMPLETED, Surface.MCP_2026), result, null)));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "greet", Surface.MCP_2026));

        McpReply response =
                mcp().toolCall("c1", "greet", Map.of("name", "x")).bearer(null).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/content/0/text").asText()).isEqualTo("Hello, x!");
        Caller local = new Caller(
                LocalPrincipal.ISSUER,
                ConformanceRunProfile.SUBJECT,
                ConformanceRunProfile.ORG,
                ConformanceRunProfile.PROJECT);
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).caller())
                .isEqualTo(local);
        assertThat(queries.requests()).allSatisfy(r -> assertThat(r.principal()).isEqualTo(local.principal()));
    }

    @Test
    void aPresentedTokenIsStillAuthenticated() {
        McpReply invalid = mcp().request(1, "tools/list").bearer("not-a-jwt").post();
        McpReply valid = mcp().request(2, "tools/list").post();

        assertThat(invalid.status()).as(invalid.toString()).isEqualTo(401);
        assertThat(invalid.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(valid.status()).as(valid.toString()).isEqualTo(200);
    }

    @Test
    void toolsListHasTheConformancePackWithItsTaskPolicies() {
        McpReply response = mcp().request(3, "tools/list").bearer(null).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Map<String, JsonNode> tools = new HashMap<>();
        response.json()
                .at("/result/tools")
                .forEach(t -> tools.put(t.path("name").asText(), t));
        assertThat(tools)
                .containsKeys(
                        "demo.echo",
                        "test_simple_text",
                        "json_schema_2020_12_tool",
                        "greet",
                        "slow_compute",
                        "test_tool_with_task");
        assertThat(policy(tools.get("greet"))).isEqualTo("forbidden");
        assertThat(policy(tools.get("slow_compute"))).isEqualTo("optional");
        assertThat(policy(tools.get("test_tool_with_task"))).isEqualTo("required");
        assertThat(tools.get("json_schema_2020_12_tool")
                        .at("/inputSchema/$defs/address/$anchor")
                        .asText())
                .isEqualTo("addressDef");
        McpSchemas.assertValidResult("ListToolsResultResponse", null, response.json());
    }

    @Test
    void aRequiredTaskToolWithoutTheExtensionIsMissingCapabilityAndSubmitsNothing() {
        jobControl = JobControlResponder.answering(c -> {
            throw new AssertionError("nothing may be submitted");
        });

        McpReply response =
                mcp().toolCall(4, "test_tool_with_task", Map.of()).bearer(null).post();

        assertThat(response.json().at("/error/code").asInt())
                .as(response.toString())
                .isEqualTo(-32021);
        assertThat(jobControl.received()).isEmpty();
    }

    private static String policy(JsonNode tool) {
        return tool.at("/_meta").path(ToolListing.TASK_POLICY_META_KEY).asText();
    }
}
