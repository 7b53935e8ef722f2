package dev.taskgate.frontend.mcp.v2025;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.ReceiptingJobControl;
import dev.taskgate.frontend.support.ToolsWithTestMutation;
import dev.taskgate.frontend.support.WithClientRequests;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20 item 6: the request key on the 2025-era adapter. A task-augmented call may carry
 * {@code _meta["dev.taskgate/requestKey"]} with the receipt semantics of 2026-07-28 (same key and arguments → same
 * task; other arguments → -32602 naming the key), must carry it for a mutating tool, and the tool's description says
 * so; the test plays job-control on the real broker.
 */
@QuarkusTest
@TestProfile(WithClientRequests.class)
class Mcp2025RequestKeyTest extends McpComponentTest {
    private static final String KEY = "dev.taskgate/requestKey";

    private JobControlResponder jobControl;
    private Mcp2025Session writer;

    @BeforeEach
    void connect() {
        String token = Tokens.forSubject("alice")
                .org(Api.ORG)
                .project(Api.PROJECT)
                .scopes("tools:call tools:write")
                .sign();
        writer = client().bearer(token).v2025().initialize("2025-11-25");
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void aTaskOfAMutatingToolWithoutAKeyIsRefusedNamingTheKeyAndNothingIsSubmitted() {
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, ToolsWithTestMutation.REWRITE, Surface.MCP_2025));

        McpReply response = writer.request(1, "tools/call", task(ToolsWithTestMutation.REWRITE, Map.of(), null));

        Mcp2025Client.assertError(response.json(), -32602);
        assertThat(response.json().at("/error/message").asText()).contains(KEY);
        assertThat(response.json().at("/error/data/field").asText()).contains(KEY);
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aTaskOfAMutatingToolWithAKeyIsSubmittedUnderItsOwnReceiptKey() {
        jobControl = ReceiptingJobControl.start(Surface.MCP_2025);

        McpReply response = writer.request(1, "tools/call", task(ToolsWithTestMutation.REWRITE, Map.of(), "rewrite-1"));

        Mcp2025Client.assertValid("CreateTaskResult", response.json().get("result"));
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).receiptKey())
                .isEqualTo("mcp-2025:k:rewrite-1");
    }

    @Test
    void theSameKeyAndArgumentsGiveTheSameTaskAndOtherArgumentsAreRefusedNamingTheKey() {
        jobControl = ReceiptingJobControl.start(Surface.MCP_2025);

        JsonNode first = writer.request(1, "tools/call", task("demo.sleep", Map.of("seconds", 5), "job-1"))
                .json();
        JsonNode retried = writer.request(2, "tools/call", task("demo.sleep", Map.of("seconds", 5), "job-1"))
                .json();
        JsonNode conflict = writer.request(3, "tools/call", task("demo.sleep", Map.of("seconds", 6), "job-1"))
                .json();

        assertThat(retried.at("/result/task/taskId").asText())
                .as(first.toString())
                .isNotEmpty()
                .isEqualTo(first.at("/result/task/taskId").asText());
        Mcp2025Client.assertError(conflict, -32602);
        assertThat(conflict.at("/error/data/requestKey").asText()).isEqualTo("job-1");
        assertThat(conflict.at("/error/message").asText()).contains("'job-1'");
    }

    @Test
    void aKeyThatIsNotAStringOfAtMost256CharactersIsRefused() {
        jobControl = JobControlResponder.answering(c -> null);

        JsonNode tooLong = writer.request(1, "tools/call", task("demo.sleep", Map.of("seconds", 1), "k".repeat(257)))
                .json();
        ObjectNode numeric = task("demo.sleep", Map.of("seconds", 1), null);
        numeric.putObject("_meta").put(KEY, 42);
        JsonNode notText = writer.request(2, "tools/call", numeric).json();

        Mcp2025Client.assertError(tooLong, -32602);
        Mcp2025Client.assertError(notText, -32602);
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void theDescriptionOfAMutatingToolTellsAboutTheKey() {
        JsonNode tools =
                writer.request(1, "tools/list", Mcp2025Client.params()).json().at("/result/tools");

        JsonNode rewrite = find(tools, "demo.rewrite");
        JsonNode sleep = find(tools, "demo.sleep");
        assertThat(rewrite.path("description").asText()).contains(KEY).contains("the same task");
        assertThat(sleep.path("description").asText()).doesNotContain(KEY);
    }

    private static JsonNode find(JsonNode tools, String name) {
        for (JsonNode tool : tools) {
            if (tool.path("name").asText().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in the list");
    }

    private static ObjectNode task(String tool, Map<String, ?> arguments, String requestKey) {
        ObjectNode params = Mcp2025Client.params().put("name", tool);
        params.set("arguments", Wire.mapper().valueToTree(arguments));
        params.putObject("task").put("ttl", 600_000);
        if (requestKey != null) {
            params.putObject("_meta").put(KEY, requestKey);
        }
        return params;
    }
}
