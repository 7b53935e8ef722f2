package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithSurfacesOff;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 20 item 9 with both switches off ({@code taskgate.frontend.mcp.tasks-enabled},
 * {@code taskgate.frontend.compat.enabled}), the test playing job-control: neither surface is advertised (no tasks
 * extension in {@code server/discover}, no {@code tasks} capability in {@code initialize}, no compatibility tools and
 * no task support in {@code tools/list}), every task method is -32601, every compatibility tool the unknown-tool
 * -32602, a task-required tool a -32602 that says why, a call declaring tasks is answered synchronously, and a
 * 2025-11-25 listen stream carries no task status. Every message is checked against its generation's schema.
 */
@QuarkusTest
@TestProfile(WithSurfacesOff.class)
class McpSurfacesOffTest extends McpComponentTest {
    private static final List<String> COMPAT = List.of(
            "execution_list",
            "execution_get",
            "execution_provide_input",
            "execution_cancel",
            "job_inspect",
            "job_cancel");
    private static final String LIFECYCLE_TOPIC = "fe-test.taskgate.lifecycle.v1";
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\"isError\":false}";

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
    void discoverDoesNotOfferTheTasksExtension() {
        McpReply response = mcp().request("d1", "server/discover").post();

        JsonNode result = response.json().path("result");
        assertThat(result.at("/capabilities/tools").isObject()).isTrue();
        assertThat(result.at("/capabilities/extensions")
                        .path(Mcp2026Client.TASKS)
                        .isMissingNode())
                .isTrue();
        assertThat(result.path("instructions").asText()).doesNotContain("tasks");
        McpSchemas.assertValidResult("DiscoverResultResponse", null, response.json());
    }

    @Test
    void toolsListHasNoCompatibilityToolsAndNoOptionalTaskPolicy() {
        McpReply response = mcp().request(2, "tools/list").post();

        JsonNode tools = response.json().at("/result/tools");
        assertThat(names(tools)).contains("demo.sleep", "demo.confirm").doesNotContainAnyElementsOf(COMPAT);
        for (JsonNode tool : tools) {
            String policy = tool.at("/_meta/dev.taskgate~1taskPolicy").asText();
            // required by the catalog (demo.confirm) or the test configuration (demo.crash): they cannot run here
            if (List.of("demo.confirm", "demo.crash").contains(tool.path("name").asText())) {
                assertThat(policy).isEqualTo("required");
            } else {
                assertThat(policy).as(tool.path("name").asText()).isEqualTo("forbidden");
            }
        }
        McpSchemas.assertValidResult("ListToolsResultResponse", null, response.json());
    }

    @Test
    void everyTaskMethodIsMethodNotFoundEvenWithTheExtensionDeclared() {
        String taskId = "tgx_" + "A".repeat(44);
        for (String method : List.of("tasks/get", "tasks/cancel", "tasks/update")) {
            McpReply response = mcp().task(3, method, taskId).withTasks().post();

            assertThat(response.status()).as(method).isEqualTo(404);
            assertThat(response.json().at("/error/code").asInt()).as(method).isEqualTo(-32601);
            McpSchemas.assertValidError(response.json());
        }
        assertThat(queries.requests()).isEmpty();
    }

    @Test
    void aCallDeclaringTheExtensionIsAnsweredSynchronously() throws Exception {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.COMPLETED, Surface.MCP_2026),
                        STORED,
                        null)));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.COMPLETED, "demo.sleep", Surface.MCP_2026));

        McpReply response = mcp().toolCall(4, "demo.sleep", Map.of("seconds", 0))
                .withTasks()
                .post();

        assertThat(new String(response.bytes(), StandardCharsets.UTF_8))
                .contains("\"result\":{\"resultType\":\"complete\"," + STORED.substring(1));
        SubmitExecution submitted =
                (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submitted.taskSurface()).isEqualTo(TaskSurface.COMPATIBILITY);
    }

    @Test
    void aTaskRequiredToolSaysTasksAreSwitchedOffAndSubmitsNothing() throws Exception {
        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            for (boolean declared : new boolean[] {false, true}) {
                var request = mcp().toolCall(5, "demo.confirm", Map.of("action", "delete"));
                McpReply response = (declared ? request.withTasks() : request).post();

                assertThat(response.json().at("/error/code").asInt())
                        .as(response.toString())
                        .isEqualTo(-32602);
                assertThat(response.json().at("/error/message").asText()).contains("switched off");
                McpSchemas.assertValidError(response.json());
            }
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void everyCompatibilityToolIsAnUnknownToolInBothGenerations() {
        Mcp2025Session session = mcp2025().initialize("2025-11-25");
        for (String tool : COMPAT) {
            McpReply v2026 =
                    mcp().toolCall(6, tool, Map.of("execution_id", "tgx_x")).post();
            McpReply v2025 =
                    session.request(6, "tools/call", Mcp2025Client.call(tool, Map.of("execution_id", "tgx_x")));

            assertThat(v2026.json().at("/error/code").asInt()).as(tool).isEqualTo(-32602);
            assertThat(v2026.json().at("/error/message").asText()).contains("Unknown tool", "switched off");
            McpSchemas.assertValidError(v2026.json());
            Mcp2025Client.assertError(v2025.json(), -32602);
            assertThat(v2025.json().at("/error/message").asText()).contains("Unknown tool");
        }
        assertThat(queries.requests().stream()
                        .filter(r -> r.path().startsWith("/internal/v1/executions"))
                        .toList())
                .isEmpty();
    }

    @Test
    void a2025SessionIsNotOfferedTasksAndItsTaskMethodsAreMethodNotFound() {
        ObjectNode capabilities = Wire.mapper().createObjectNode();
        capabilities.putObject("tasks").putObject("cancel");
        McpReply init = mcp2025().initializeRaw("2025-11-25", capabilities);
        Mcp2025Client.assertValid("InitializeResult", init.json().get("result"));
        assertThat(init.json().at("/result/capabilities/tasks").isMissingNode()).isTrue();
        assertThat(init.json().at("/result/capabilities/tools").isObject()).isTrue();

        Mcp2025Session session = mcp2025().initialize("2025-11-25");
        McpReply list = session.request(7, "tools/list", Mcp2025Client.params());
        Mcp2025Client.assertValid("ListToolsResult", list.json().get("result"));
        assertThat(names(list.json().at("/result/tools"))).doesNotContainAnyElementsOf(COMPAT);
        for (JsonNode tool : list.json().at("/result/tools")) {
            assertThat(tool.has("execution")).as(tool.toString()).isFalse();
        }
        for (String method : List.of("tasks/get", "tasks/result", "tasks/list", "tasks/cancel")) {
            ObjectNode params =
                    method.equals("tasks/list") ? Mcp2025Client.params() : Mcp2025Client.task("tgx_" + "A".repeat(44));
            McpReply response = session.request(8, method, params);

            Mcp2025Client.assertError(response.json(), -32601);
        }
    }

    @Test
    void a2025SessionIgnoresParamsTaskAndRefusesATaskRequiredTool() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                        STORED,
                        null)));
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.COMPLETED, "demo.echo", Surface.MCP_2025));
        Mcp2025Session session = mcp2025().initialize("2025-11-25");
        ObjectNode echo = Mcp2025Client.call("demo.echo", Map.of("a", 1));
        echo.putObject("task").put("ttl", 60_000);
        ObjectNode confirm = Mcp2025Client.call("demo.confirm", Map.of("action", "delete"));
        confirm.putObject("task");

        McpReply answered = session.request(9, "tools/call", echo);
        McpReply refused = session.request(10, "tools/call", confirm);

        assertThat(new String(answered.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":" + STORED + "}");
        SubmitExecution submitted =
                (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submitted.taskSurface()).isEqualTo(TaskSurface.COMPATIBILITY);
        assertThat(submitted.taskTtlMs()).isNull();
        Mcp2025Client.assertError(refused.json(), -32601);
        assertThat(jobControl.received()).hasSize(1);
    }

    @Test
    void aListenStreamOfA2025SessionCarriesNoTaskStatus() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                        STORED,
                        null)));
        Mcp2025Session session = mcp2025().initialize("2025-11-25");
        Map<String, String> headers = new LinkedHashMap<>(session.headers());
        headers.put("Accept", "text/event-stream");

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                McpStream stream = client().open("GET", headers, null)) {
            assertThat(stream.status()).isEqualTo(200);
            await().atMost(PATIENCE).until(() -> stream.comments() >= 1);
            Instant now = Instant.now();
            kafka.send(
                    LIFECYCLE_TOPIC,
                    id.toString(),
                    new ExecutionChanged(
                            UUID.randomUUID(),
                            now,
                            id,
                            ExecutionStatus.COMPLETED,
                            Fixtures.CREATED,
                            now,
                            "completed",
                            Api.ORG,
                            Api.PROJECT,
                            Fixtures.caller("alice").principal(),
                            Surface.MCP_2025));
            // keep-alives go out only after silence: three of them after the record was sent
            long seen = stream.comments();
            await().atMost(PATIENCE).until(() -> stream.comments() >= seen + 3);

            assertThat(stream.messages())
                    .extracting(m -> m.path("method").asText())
                    .doesNotContain("notifications/tasks/status");
        }
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.path("name").asText()));
        return names;
    }
}
