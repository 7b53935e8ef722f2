package dev.taskgate.frontend.mcp;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.auth.LocalPrincipal;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.ConformanceRunProfile;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpCall;
import dev.taskgate.testsupport.McpSchemas;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frontend configured for a conformance run: requests without credentials are served as the configured local
 * principal (a presented token is still checked), and the conformance pack is listed with its task policies.
 */
@QuarkusTest
@TestProfile(ConformanceRunProfile.class)
class McpConformanceRunTest {
    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @TestHTTPResource("/")
    URI base;

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

        Api.Result response =
                McpCall.toolCall("c1", "greet", Map.of("name", "x")).token(null).post(base);

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
        Api.Result invalid = McpCall.request(1, "tools/list").token("not-a-jwt").post(base);
        Api.Result valid = McpCall.request(2, "tools/list").post(base);

        assertThat(invalid.status()).as(invalid.toString()).isEqualTo(401);
        assertThat(invalid.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(valid.status()).as(valid.toString()).isEqualTo(200);
    }

    @Test
    void toolsListHasTheConformancePackWithItsTaskPolicies() {
        Api.Result response = McpCall.request(3, "tools/list").token(null).post(base);

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

        Api.Result response =
                McpCall.toolCall(4, "test_tool_with_task", Map.of()).token(null).post(base);

        assertThat(response.json().at("/error/code").asInt())
                .as(response.toString())
                .isEqualTo(-32021);
        assertThat(jobControl.received()).isEmpty();
    }

    private static String policy(JsonNode tool) {
        return tool.at("/_meta").path(ToolListing.TASK_POLICY_META_KEY).asText();
    }
}
