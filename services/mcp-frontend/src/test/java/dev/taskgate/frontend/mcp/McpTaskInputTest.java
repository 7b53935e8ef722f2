package dev.taskgate.frontend.mcp;

import java.time.Instant;
import java.util.LinkedHashMap;
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

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Input required on the MCP tasks surface, with the test playing job-control: {@code tasks/get} lists the outstanding
 * {@code inputRequests}; {@code tasks/update} checks every response fits its request's method and forwards the
 * outstanding ones as {@code ProvideInput}. Every message validated against the base and ext-tasks schemas.
 */
@QuarkusTest
class McpTaskInputTest extends McpComponentTest {
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

    private static Map<String, JsonNode> requests(String... keys) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        for (String key : keys) {
            map.put(key, Fixtures.confirmRequest());
        }
        return map;
    }

    /** The task id of an execution waiting for these keys, as both query routes report it. */
    private String waiting(UUID id, String... keys) {
        return waiting(id, requests(keys));
    }

    private String waiting(UUID id, Map<String, JsonNode> requests) {
        var snapshot = Fixtures.waitingForInput(id, Surface.MCP_2026, requests);
        queries.answer("/internal/v1/executions/" + id, 200, Wire.toBytes(snapshot));
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(snapshot, null, null)));
        return handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
    }

    @Test
    void tasksGetListsEveryOutstandingInputRequest() {
        UUID id = UUID.randomUUID();
        String taskId = waiting(id, "ir_first", "ir_second");

        McpReply response =
                mcp().task(1, "tasks/get", taskId).capability("elicitation").post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("status").asText()).isEqualTo("input_required");
        assertThat(result.path("statusMessage").asText()).isEqualTo("Waiting for input.");
        assertThat(result.path("inputRequests").size()).isEqualTo(2);
        assertThat(result.at("/inputRequests/ir_first")).isEqualTo(Fixtures.confirmRequest());
        assertThat(result.at("/inputRequests/ir_second")).isEqualTo(Fixtures.confirmRequest());
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", response.json());
    }

    @Test
    void tasksGetWithholdsInputRequestsThisRequestsCapabilitiesCannotAnswer() {
        UUID id = UUID.randomUUID();
        String taskId = waiting(id, "ir_first");

        McpReply response = mcp().task(1, "tasks/get", taskId).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("status").asText()).isEqualTo("input_required");
        assertThat(result.path("inputRequests").isObject()).isTrue();
        assertThat(result.path("inputRequests").isEmpty()).isTrue();
        assertThat(result.at("/_meta/" + TaskView.WITHHELD_KEY.replace("/", "~1")))
                .isEqualTo(Wire.mapper()
                        .createObjectNode()
                        .set("elicitation", Wire.mapper().createObjectNode()));
        assertThat(result.path("statusMessage").asText()).contains("needs elicitation");
        McpSchemas.assertValidResult("JSONRPCResultResponse", "GetTaskResult", response.json());
    }

    @Test
    void aUrlElicitationIsWithheldFromAClientThatDeclaredFormOnly() {
        UUID id = UUID.randomUUID();
        ObjectNode urlRequest = Wire.mapper().createObjectNode().put("method", "elicitation/create");
        urlRequest
                .putObject("params")
                .put("mode", "url")
                .put("message", "Sign in")
                .put("url", "https://example.invalid/consent")
                .put("elicitationId", "e1");
        Map<String, JsonNode> requests = new LinkedHashMap<>();
        requests.put("ir_form", Fixtures.confirmRequest());
        requests.put("ir_url", urlRequest);
        String taskId = waiting(id, requests);

        Mcp2026Request formOnly = mcp().task(1, "tasks/get", taskId);
        formOnly.capabilities().putObject("elicitation").putObject("form");
        JsonNode partly = formOnly.post().json().path("result");
        Mcp2026Request both = mcp().task(2, "tasks/get", taskId);
        ObjectNode formAndUrl = both.capabilities().putObject("elicitation");
        formAndUrl.putObject("form");
        formAndUrl.putObject("url");
        JsonNode all = both.post().json().path("result");

        assertThat(partly.path("inputRequests").properties())
                .extracting(Map.Entry::getKey)
                .containsExactly("ir_form");
        assertThat(partly.at("/_meta/" + TaskView.WITHHELD_KEY.replace("/", "~1") + "/elicitation/url")
                        .isObject())
                .isTrue();
        assertThat(all.path("inputRequests").size()).isEqualTo(2);
        assertThat(all.path("_meta").has(TaskView.WITHHELD_KEY)).isFalse();
        assertThat(all.path("statusMessage").asText()).isEqualTo("Waiting for input.");
    }

    @Test
    void tasksUpdateForwardsOnlyOutstandingKeysAndAcknowledges() {
        UUID id = UUID.randomUUID();
        String taskId = waiting(id, "ir_first", "ir_second");
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.INPUT_REQUIRED, "demo.confirm", Surface.MCP_2026));
        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put(
                "ir_first",
                Map.of(
                        "action",
                        "accept",
                        "content",
                        Map.of("confirm", true, "note", "ok", "tags", List.of("a", "b"), "count", 3)));
        responses.put("ir_stale", Map.of("action", "decline"));

        McpReply response = mcp().task(2, "tasks/update", taskId)
                .param("inputResponses", responses)
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
        McpSchemas.assertValidResult("JSONRPCResultResponse", "UpdateTaskResult", response.json());
        assertThat(jobControl.received()).hasSize(1);
        JobControlResponder.Received record = jobControl.received().get(0);
        ProvideInput provide = (ProvideInput) record.command();
        assertThat(record.key()).isEqualTo(id.toString());
        assertThat(record.messageTypeHeader()).isEqualTo("ProvideInput");
        assertThat(provide.executionId()).isEqualTo(id);
        assertThat(provide.caller()).isEqualTo(Fixtures.caller("alice"));
        assertThat(provide.responses()).containsOnlyKeys("ir_first");
        assertThat(provide.responses().get("ir_first").at("/content/note").asText())
                .isEqualTo("ok");
    }

    @Test
    void tasksUpdateWithNoOutstandingKeyAcknowledgesWithoutACommand() throws Exception {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.confirm", ExecutionStatus.WORKING, Surface.MCP_2026)));
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            McpReply response = mcp().task(3, "tasks/update", taskId)
                    .param("inputResponses", Map.of("ir_answered", Map.of("action", "cancel")))
                    .post();

            assertThat(response.json().at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void responsesThatAreNotElicitResultsAreInvalidParamsAndSendNothing() throws Exception {
        UUID id = UUID.randomUUID();
        String taskId = waiting(id, "ir_first");
        List<Object> bad = List.of(
                Map.of(),
                Map.of("action", "maybe"),
                Map.of("action", 1),
                Map.of("action", "decline", "content", Map.of("confirm", false)),
                Map.of("action", "accept", "content", "yes"),
                Map.of("action", "accept", "content", Map.of("nested", Map.of("a", 1))),
                Map.of("action", "accept", "content", Map.of("list", List.of(1, 2))));

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            for (Object response : bad) {
                McpReply result = mcp().task(4, "tasks/update", taskId)
                        .param("inputResponses", Map.of("ir_first", response))
                        .post();

                assertThat(result.json().at("/error/code").asInt())
                        .as(String.valueOf(response))
                        .isEqualTo(-32602);
                assertThat(result.json().at("/error/message").asText()).contains("inputResponses[\"ir_first\"]");
                McpSchemas.assertValidError(result.json());
            }
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void aRelayedSamplingIsAnsweredWithACreateMessageResultAndNothingElse() throws Exception {
        UUID id = UUID.randomUUID();
        Map<String, JsonNode> asked = new LinkedHashMap<>();
        asked.put(
                "upstream-input-1",
                Wire.mapper()
                        .valueToTree(Map.of(
                                "method",
                                "sampling/createMessage",
                                "params",
                                Map.of("messages", List.of(), "maxTokens", 10))));
        String taskId = waiting(id, asked);

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            for (Object response :
                    List.<Object>of(Map.of("action", "accept", "content", Map.of()), Map.of("role", "assistant"))) {
                McpReply refused = mcp().task(5, "tasks/update", taskId)
                        .param("inputResponses", Map.of("upstream-input-1", response))
                        .post();
                assertThat(refused.json().at("/error/code").asInt())
                        .as(String.valueOf(response))
                        .isEqualTo(-32602);
            }
            assertThat(commands.drainToEnd()).isEmpty();
        }

        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.INPUT_REQUIRED, "up.sample", Surface.MCP_2026));
        McpReply response = mcp().task(6, "tasks/update", taskId)
                .param(
                        "inputResponses",
                        Map.of(
                                "upstream-input-1",
                                Map.of("role", "assistant", "content", Map.of("type", "text", "text", "hi"))))
                .post();

        assertThat(response.json().at("/result/resultType").asText())
                .as(response.toString())
                .isEqualTo("complete");
        ProvideInput provide = (ProvideInput) jobControl.received().get(0).command();
        assertThat(provide.responses()
                        .get("upstream-input-1")
                        .at("/content/text")
                        .asText())
                .isEqualTo("hi");
    }

    @Test
    void aResponseOfAnyShapeUnderAKeyTheTaskDoesNotListIsIgnored() throws Exception {
        UUID id = UUID.randomUUID();
        String taskId = waiting(id, "ir_first");

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            McpReply response = mcp().task(5, "tasks/update", taskId)
                    .param("inputResponses", Map.of("unknown-key", Map.of("ignored", true)))
                    .post();

            assertThat(response.json().at("/result/resultType").asText())
                    .as(response.toString())
                    .isEqualTo("complete");
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void demoConfirmNeedsTheTasksExtension() {
        Mcp2026Request call = mcp().toolCall(6, "demo.confirm", Map.of());

        McpReply response = call.post();

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32021);
        McpSchemas.assertValidError(response.json());
    }

    @Test
    void aTaskJobControlNoLongerKnowsIsTheUnknownTaskError() {
        UUID id = UUID.randomUUID();
        String taskId = waiting(id, "ir_first");
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of("not-found", "Not found", 404, "No such execution exists for this caller.")));

        McpReply response = mcp().task(5, "tasks/update", taskId)
                .param("inputResponses", Map.of("ir_first", Map.of("action", "accept")))
                .post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().at("/error/message").asText()).isEqualTo(McpErrors.TASK_NOT_FOUND);
    }
}
