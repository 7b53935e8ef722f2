package dev.taskgate.frontend.mcp.v2025;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
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
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithHandoffAfterOneSecond;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The compatibility tools and the handoff policy in a 2025-era session, with the test playing job-control: listed
 * after the catalog with {@code taskSupport: forbidden} (no {@code execution} before 2025-11-25), answered as a
 * plain {@code CallToolResult} (no {@code resultType}) and never as a task even with {@code params.task}, reaching
 * only {@code mcp-2025} executions under 2025 handles, and an ordinary call handed off under a 2025 handle that
 * {@code execution_get} then accepts. Every message is checked against the 2025-11-25 schema.
 */
@QuarkusTest
@TestProfile(WithHandoffAfterOneSecond.class)
class Mcp2025CompatibilityToolsTest extends McpComponentTest {
    private static final String STORED =
            "{\"content\":[{\"type\":\"text\",\"text\":\"slept 2 s\"}],  \"isError\":false}";
    private static final List<String> COMPAT = List.of(
            "execution_list",
            "execution_get",
            "execution_provide_input",
            "execution_cancel",
            "job_inspect",
            "job_cancel");

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;
    private Mcp2025Session client;

    @Inject
    ExecutionHandles handles;

    @Inject
    ExecutionSignals signals;

    @BeforeEach
    void connect() {
        queries.reset();
        client = mcp2025().initialize("2025-11-25");
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void toolsListAppendsTheCompatibilityToolsAsForbiddenForTasks() {
        McpReply response = client.request(2, "tools/list", Mcp2025Client.params());

        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("ListToolsResult", response.json().get("result"));
        JsonNode tools = response.json().at("/result/tools");
        List<String> names = names(tools);
        assertThat(names.subList(names.size() - COMPAT.size(), names.size())).containsExactlyElementsOf(COMPAT);
        for (JsonNode tool : tools) {
            if (COMPAT.contains(tool.path("name").asText())) {
                assertThat(tool.at("/execution/taskSupport").asText())
                        .as(tool.toString())
                        .isEqualTo("forbidden");
                assertThat(tool.has("_meta")).isFalse();
            }
        }
        assertThat(response.json().at("/result/resultType").isMissingNode()).isTrue();
    }

    @Test
    void anOlderSessionListsThemWithoutTaskSupport() {
        Mcp2025Session older = mcp2025().initialize("2025-06-18");

        McpReply response = older.request(2, "tools/list", Mcp2025Client.params());

        Mcp2025Client.assertValid("ListToolsResult", response.json().get("result"));
        assertThat(names(response.json().at("/result/tools"))).containsAll(COMPAT);
        for (JsonNode tool : response.json().at("/result/tools")) {
            assertThat(tool.has("execution")).as(tool.toString()).isFalse();
        }
    }

    @Test
    void getOfACompletedExecutionIsTheStoredResultByteForByteWithoutResultType() {
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.COMPLETED, STORED);

        McpReply response = client.request(3, "tools/call", call("execution_get", Map.of("execution_id", handle)));

        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        assertThat(new String(response.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":" + STORED + "}");
    }

    @Test
    void isNeverATaskNorAnExecutionEvenWithParamsTask() {
        jobControl = JobControlResponder.answering(c ->
                Fixtures.accepted(c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo", Surface.MCP_2025));
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.WORKING, null);
        ObjectNode params = call("job_inspect", Map.of("execution_id", handle));
        params.putObject("task").put("ttl", 60_000);

        McpReply response = client.request(4, "tools/call", params);

        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        assertThat(response.json().at("/result/task").isMissingNode()).isTrue();
        assertThat(response.json().at("/result/resultType").isMissingNode()).isTrue();
        assertThat(response.json().at("/result/structuredContent/state").asText())
                .isEqualTo("working");
        assertThat(response.json().at("/result/structuredContent/execution_id").asText())
                .isEqualTo(handle);
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aRestExecutionIdIsServedForItsOwnerAndAnotherPrincipalsIsNotFound() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.COMPLETED, Surface.REST), STORED, null)));
        String rest = handles.mint(id, Surface.REST, Fixtures.caller("alice"));
        String bobsRest = handles.mint(id, Surface.REST, Fixtures.caller("bob"));

        McpReply mine = client.request(5, "tools/call", call("execution_get", Map.of("execution_id", rest)));
        McpReply bobs = client.request(6, "tools/call", call("execution_get", Map.of("execution_id", bobsRest)));
        McpReply forged =
                client.request(6, "tools/call", call("execution_get", Map.of("execution_id", "tgx_" + "A".repeat(44))));

        Mcp2025Client.assertValid("CallToolResult", mine.json().get("result"));
        assertThat(new String(mine.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":" + STORED + "}");
        Mcp2025Client.assertError(bobs.json(), -32602);
        assertThat(bobs.json()).isEqualTo(forged.json());
        assertThat(executionQueries()).hasSize(1);
    }

    @Test
    void handlesOfAnotherGenerationAreRefusedBeforeAnyLookup() {
        String task2026 = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));

        McpReply response = client.request(5, "tools/call", call("execution_get", Map.of("execution_id", task2026)));

        Mcp2025Client.assertError(response.json(), -32602);
        assertThat(response.json().at("/error/message").asText()).contains("another API generation");
        assertThat(response.json().at("/error/data/servedHere").asText()).isNotBlank();
        assertThat(executionQueries()).isEmpty();
    }

    @Test
    void a2026ExecutionUnderA2025HandleIsNotFound() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2026), null, null)));
        String handle = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));

        McpReply response = client.request(6, "tools/call", call("execution_get", Map.of("execution_id", handle)));

        Mcp2025Client.assertError(response.json(), -32602);
        assertThat(response.json().at("/error/message").asText()).startsWith("Execution not found");
    }

    @Test
    void invalidArgumentsAreInvalidParams() {
        McpReply response = client.request(7, "tools/call", call("execution_get", Map.of("wait_ms", 45_001)));

        Mcp2025Client.assertError(response.json(), -32602);
        assertThat(response.json().at("/error/data/errors")).isNotEmpty();
        assertThat(executionQueries()).isEmpty();
    }

    @Test
    void listAsksForThe2025ExecutionsAndAnswersThemUnder2025Handles() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions",
                200,
                Wire.toBytes(new ExecutionPage(
                        List.of(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2025)),
                        null)));

        McpReply response = client.request(8, "tools/call", call("execution_list", Map.of("limit", 3)));

        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        JsonNode s = response.json().at("/result/structuredContent");
        assertThat(s.path("type").asText()).isEqualTo("taskgate.execution-list/v1");
        assertThat(handles.verify(
                        s.at("/executions/0/execution_id").asText(), Surface.MCP_2025, Fixtures.caller("alice")))
                .contains(id);
        FakeJobControlQueries.Request request = executionQueries().get(0);
        assertThat(request.query()).contains("surface=mcp-2025", "limit=3");
    }

    @Test
    void anOrdinaryCallStillRunningIsHandedOffUnderA2025HandleThatExecutionGetAccepts() {
        UUID id = UUID.randomUUID();
        String handle = outcome(id, ExecutionStatus.WORKING, null);
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2025)));
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, id, c instanceof SubmitExecution, ExecutionStatus.QUEUED, "demo.sleep", Surface.MCP_2025));

        McpReply response = client.request(9, "tools/call", call("demo.sleep", Map.of("seconds", 30)));

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        JsonNode result = response.json().path("result");
        assertThat(result.has("resultType")).isFalse();
        assertThat(result.path("isError").asBoolean()).isFalse();
        JsonNode s = result.path("structuredContent");
        assertThat(s.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(s.path("execution_id").asText()).isEqualTo(handle);
        assertThat(s.at("/next_action/tool").asText()).isEqualTo("execution_get");
        assertThat(ExecutionHandles.parse(handle).orElseThrow().surface()).isEqualTo(Surface.MCP_2025);
        // handed off, not abandoned: only the submission reached job-control
        assertThat(jobControl.received())
                .extracting(r -> r.command().getClass().getSimpleName())
                .containsExactly("SubmitExecution");
        await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id));

        outcome(id, ExecutionStatus.COMPLETED, STORED);
        McpReply later = client.request(
                10, "tools/call", call(s.at("/next_action/tool").asText(), Map.of("execution_id", handle)));
        assertThat(new String(later.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":" + STORED + "}");
    }

    @Test
    void aCallThatFinishesBeforeItsHandoffAnswersTheResult() {
        UUID id = UUID.randomUUID();
        outcome(id, ExecutionStatus.COMPLETED, STORED);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.sleep", Surface.MCP_2025));

        McpReply response = client.request(11, "tools/call", call("demo.sleep", Map.of("seconds", 0)));

        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        assertThat(new String(response.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":11,\"result\":" + STORED + "}");
    }

    // the session's own requests (/internal/v1/mcp-sessions) are not execution lookups
    private List<FakeJobControlQueries.Request> executionQueries() {
        return queries.requests().stream()
                .filter(r -> r.path().startsWith("/internal/v1/executions"))
                .toList();
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new java.util.ArrayList<>();
        tools.forEach(t -> names.add(t.path("name").asText()));
        return names;
    }

    private static ObjectNode call(String tool, Map<String, ?> arguments) {
        ObjectNode params = Mcp2025Client.params().put("name", tool);
        params.set("arguments", Wire.mapper().valueToTree(arguments));
        return params;
    }

    private String outcome(UUID id, ExecutionStatus status, String result) {
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2025), result, null)));
        return handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
    }
}
