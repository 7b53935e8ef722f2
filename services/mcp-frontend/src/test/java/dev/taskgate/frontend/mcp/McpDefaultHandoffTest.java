package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithDefaultHandoff;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No ordinary call is thrown away: a tool without a handoff policy of its own hands off at the default
 * ({@code default-handoff}, 500 ms here), a {@code block} tool at the synchronous timeout (3 s here), in both
 * generations, and nothing is cancelled; a call that ends first answers its result. The test plays job-control.
 */
@QuarkusTest
@TestProfile(WithDefaultHandoff.class)
class McpDefaultHandoffTest extends McpComponentTest {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"echoed\"}],\"isError\":false}";

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @Inject
    ExecutionHandles handles;

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
    void aToolWithoutAPolicyOfItsOwnHandsOffAtTheDefault() {
        UUID id = running("demo.echo", Surface.MCP_2026);

        McpReply response = mcp().toolCall(1, "demo.echo", Map.of("a", 1)).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        McpSchemas.assertValidResult("CallToolResultResponse", null, response.json());
        // the default's wait, not the 3 s timeout
        assertHandedOff(response.json().path("result"), id, Surface.MCP_2026, 500);
    }

    @Test
    void aBlockingToolHandsOffAtTheSyncTimeoutInsteadOfBeingCancelled() {
        UUID id = running("demo.sleep", Surface.MCP_2026);

        McpReply response =
                mcp().toolCall(2, "demo.sleep", Map.of("seconds", 60)).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertHandedOff(response.json().path("result"), id, Surface.MCP_2026, 3000);
    }

    @Test
    void aCallOfA2025SessionHandsOffAtTheDefaultUnderA2025Handle() {
        Mcp2025Session session = mcp2025().initialize("2025-11-25");
        UUID id = running("demo.echo", Surface.MCP_2025);
        ObjectNode params = Mcp2025Client.params().put("name", "demo.echo");
        params.putObject("arguments").put("a", 1);

        McpReply response = session.request(3, "tools/call", params);

        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        assertThat(response.json().path("result").has("resultType")).isFalse();
        assertHandedOff(response.json().path("result"), id, Surface.MCP_2025, 500);
    }

    @Test
    void aCallThatEndsBeforeTheDefaultAnswersItsResult() {
        UUID id = UUID.randomUUID();
        outcome(id, "demo.echo", Surface.MCP_2026, ExecutionStatus.COMPLETED, STORED);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2026));

        McpReply response = mcp().toolCall(4, "demo.echo", Map.of("a", 1)).post();

        assertThat(new String(response.bytes(), StandardCharsets.UTF_8)).contains(STORED.substring(1));
    }

    // an execution job-control accepted and that keeps running
    private UUID running(String tool, Surface surface) {
        UUID id = UUID.randomUUID();
        outcome(id, tool, surface, ExecutionStatus.WORKING, null);
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, tool, ExecutionStatus.WORKING, surface)));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, c instanceof SubmitExecution, ExecutionStatus.QUEUED, tool, surface));
        return id;
    }

    private void outcome(UUID id, String tool, Surface surface, ExecutionStatus status, String result) {
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(Fixtures.snapshot(id, tool, status, surface), result, null)));
    }

    private void assertHandedOff(JsonNode result, UUID id, Surface surface, long waitedMs) {
        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        JsonNode view = result.path("structuredContent");
        String handle = handles.mint(id, surface, Fixtures.caller("alice"));
        assertThat(view.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(view.path("execution_id").asText()).isEqualTo(handle);
        assertThat(view.path("state").asText()).isEqualTo("working");
        assertThat(view.at("/next_action/tool").asText()).isEqualTo("execution_get");
        assertThat(view.at("/next_action/arguments/execution_id").asText()).isEqualTo(handle);
        assertThat(result.at("/content/0/text").asText()).contains("after " + waitedMs + " ms");
        assertThat(jobControl.received())
                .extracting(r -> r.command().getClass().getSimpleName())
                .as("handed off, not cancelled")
                .containsExactly("SubmitExecution");
    }
}
