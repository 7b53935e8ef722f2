package dev.taskgate.frontend.mcp;

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
import dev.taskgate.frontend.support.ConformanceRunProfile;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpKafkaComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Multi-round-trip {@code input_required} results on {@code tools/call} (MCP 2026-07-28 §10) for the conformance
 * pack's fixtures that declare pre-task input, with the test playing job-control: nothing is submitted before the
 * last round; the last round submits the answers as arguments and answers the call's result or a
 * {@code CreateTaskResult}; a bad {@code requestState} or response, or a client without the needed capability, gets
 * the spec's error and submits nothing.
 */
@QuarkusTest
@TestProfile(ConformanceRunProfile.class)
class McpInputRoundsTest extends McpKafkaComponentTest {
    private static final String RESULT = "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}";

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
    void twoRoundsThenASynchronousResultWithBothAnswersInTheArguments() {
        UUID id = UUID.randomUUID();
        played(id, "test_input_required_result_multi_round", Surface.MCP_2026).complete(queries, RESULT);
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, id, true, ExecutionStatus.QUEUED, "test_input_required_result_multi_round", Surface.MCP_2026));

        JsonNode first =
                call("r1", "test_input_required_result_multi_round", null, null).json();
        assertInputRequired(first, "step1");
        JsonNode second = call(
                        "r2",
                        "test_input_required_result_multi_round",
                        Map.of("step1", accept("name", "Alice")),
                        first.at("/result/requestState").asText())
                .json();
        assertInputRequired(second, "step2");
        assertThat(second.at("/result/requestState").asText())
                .isNotEqualTo(first.at("/result/requestState").asText());
        assertThat(jobControl.received()).isEmpty();
        McpReply last = call(
                "r3",
                "test_input_required_result_multi_round",
                Map.of("step2", accept("color", "blue")),
                second.at("/result/requestState").asText());

        assertThat(last.status()).as(last.toString()).isEqualTo(200);
        assertThat(last.json().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(last.json().at("/result/content/0/text").asText()).isEqualTo("done");
        assertThat(submitted().input()).isEqualTo(json("{\"name\":\"Alice\",\"color\":\"blue\"}"));
    }

    @Test
    void theLastRoundOfATaskToolAnswersACreateTaskResultWithoutRequestState() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "test_tool_with_task", Surface.MCP_2026));

        Mcp2026Request firstCall =
                mcp().toolCall("t1", "test_tool_with_task", Map.of()).withTasks();
        firstCall
                .meta()
                .withObjectProperty("io.modelcontextprotocol/clientCapabilities")
                .putObject("elicitation");
        JsonNode first = firstCall.post().json();
        assertInputRequired(first, "user_name");
        assertThat(first.path("result").has("taskId")).isFalse();
        Mcp2026Request secondCall = mcp().toolCall("t2", "test_tool_with_task", Map.of())
                .withTasks()
                .param("inputResponses", Map.of("user_name", accept("name", "Alice")))
                .param("requestState", first.at("/result/requestState").asText());
        secondCall
                .meta()
                .withObjectProperty("io.modelcontextprotocol/clientCapabilities")
                .putObject("elicitation");
        McpReply second = secondCall.post();

        assertThat(second.status()).as(second.toString()).isEqualTo(200);
        JsonNode result = second.json().path("result");
        assertThat(result.path("resultType").asText()).as(second.toString()).isEqualTo("task");
        assertThat(result.path("taskId").asText()).isNotEmpty();
        assertThat(result.has("requestState")).isFalse();
        assertThat(result.has("inputRequests")).isFalse();
        assertThat(submitted().input()).isEqualTo(json("{\"user_name\":\"Alice\"}"));
    }

    @Test
    void theFirstRoundMayBeAnsweredWithoutStateAndUnknownKeysAreIgnored() {
        UUID id = UUID.randomUUID();
        played(id, "test_input_required_result_elicitation", Surface.MCP_2026).complete(queries, RESULT);
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, id, true, ExecutionStatus.QUEUED, "test_input_required_result_elicitation", Surface.MCP_2026));

        JsonNode wrongKey = call(
                        "w", "test_input_required_result_elicitation", Map.of("wrong_key", accept("data", "x")), null)
                .json();
        assertInputRequired(wrongKey, "user_name");
        McpReply answered = call(
                "a",
                "test_input_required_result_elicitation",
                Map.of("user_name", accept("name", "Alice"), "unknown_extra_key", accept("foo", "bar")),
                null);

        assertThat(answered.json().at("/result/resultType").asText())
                .as(answered.toString())
                .isEqualTo("complete");
        assertThat(submitted().input()).isEqualTo(json("{\"name\":\"Alice\"}"));
    }

    @Test
    void aTamperedStateIsInvalidParamsAndSubmitsNothing() {
        jobControl = JobControlResponder.answering(c -> {
            throw new AssertionError("nothing may be submitted");
        });
        JsonNode first = call("s1", "test_input_required_result_tampered_state", null, null)
                .json();

        McpReply tampered = call(
                "s2",
                "test_input_required_result_tampered_state",
                Map.of("confirm", accept("ok", true)),
                first.at("/result/requestState").asText() + "-TAMPERED");

        assertThat(tampered.json().at("/error/code").asInt())
                .as(tampered.toString())
                .isEqualTo(-32602);
        assertThat(tampered.json().at("/error/message").asText()).contains("requestState");
        McpSchemas.assertValidError(tampered.json());
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aStateOfOtherArgumentsAnotherToolOrAnotherPrincipalIsRefused() {
        jobControl = JobControlResponder.answering(c -> {
            throw new AssertionError("nothing may be submitted");
        });
        String state = call("f1", "test_input_required_result_multi_round", null, null)
                .json()
                .at("/result/requestState")
                .asText();

        McpReply otherArguments = mcp().toolCall("f2", "test_input_required_result_multi_round", Map.of("color", "red"))
                .param("inputResponses", Map.of("step1", accept("name", "A")))
                .param("requestState", state)
                .post();
        McpReply otherTool =
                call("f3", "test_input_required_result_request_state", Map.of("confirm", accept("ok", true)), state);
        McpReply otherPrincipal = mcp().toolCall("f4", "test_input_required_result_multi_round", Map.of())
                .param("inputResponses", Map.of("step1", accept("name", "A")))
                .param("requestState", state)
                .bearer(null)
                .post();

        for (McpReply refused : new McpReply[] {otherArguments, otherTool, otherPrincipal}) {
            assertThat(refused.json().at("/error/code").asInt())
                    .as(refused.toString())
                    .isEqualTo(-32602);
        }
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aResponseOfTheWrongShapeOrNonObjectInputResponsesAreInvalidParams() {
        jobControl = JobControlResponder.answering(c -> {
            throw new AssertionError("nothing may be submitted");
        });

        McpReply number = call("v1", "test_input_required_result_elicitation", Map.of("user_name", 12345), null);
        McpReply nullResponses = mcp().toolCall("v2", "test_input_required_result_elicitation", Map.of())
                .param("inputResponses", null)
                .post();
        Mcp2026Request numericState = mcp().toolCall("v3", "test_input_required_result_elicitation", Map.of())
                .param("requestState", 7);
        numericState
                .meta()
                .withObjectProperty("io.modelcontextprotocol/clientCapabilities")
                .putObject("elicitation");
        McpReply badState = numericState.post();

        for (McpReply refused : new McpReply[] {number, nullResponses, badState}) {
            assertThat(refused.json().at("/error/code").asInt())
                    .as(refused.toString())
                    .isEqualTo(-32602);
        }
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aToolThatMustSampleFromAClientWithoutSamplingIsMissingCapability() {
        jobControl = JobControlResponder.answering(c -> {
            throw new AssertionError("nothing may be submitted");
        });

        McpReply response =
                mcp().toolCall("m1", "test_missing_capability", Map.of()).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32021);
        assertThat(response.json()
                        .at("/error/data/requiredCapabilities/sampling")
                        .isObject())
                .isTrue();
        McpSchemas.assertValidError(response.json());
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void onlyRequestsTheClientDeclaredACapabilityForAreAsked() {
        Mcp2026Request samplingOnly = mcp().toolCall("c1", "test_input_required_result_capabilities", Map.of());
        samplingOnly
                .meta()
                .withObjectProperty("io.modelcontextprotocol/clientCapabilities")
                .putObject("sampling");

        JsonNode result = samplingOnly.post().json();

        assertInputRequired(result, "capital_question");
        assertThat(result.at("/result/inputRequests/capital_question/method").asText())
                .isEqualTo("sampling/createMessage");
    }

    /** A tools/call declaring elicitation, sampling and roots, as the suite's stateless client does. */
    private McpReply call(String id, String tool, Map<String, ?> responses, String state) {
        Mcp2026Request call = mcp().toolCall(id, tool, Map.of());
        ObjectNode capabilities = call.meta().withObjectProperty("io.modelcontextprotocol/clientCapabilities");
        capabilities.putObject("elicitation");
        capabilities.putObject("sampling");
        capabilities.putObject("roots");
        if (responses != null) {
            call.param("inputResponses", responses);
        }
        if (state != null) {
            call.param("requestState", state);
        }
        return call.post();
    }

    private static void assertInputRequired(JsonNode message, String... keys) {
        JsonNode result = message.path("result");
        assertThat(result.path("resultType").asText()).as(message.toString()).isEqualTo("input_required");
        assertThat(result.path("inputRequests").properties())
                .extracting(Map.Entry::getKey)
                .containsExactlyInAnyOrder(keys);
        assertThat(result.path("requestState").asText()).isNotEmpty();
        assertThat(McpSchemas.errors(McpSchemas.BASE, "InputRequiredResult", result))
                .as(message.toString())
                .isEmpty();
        McpSchemas.assertValidResult("CallToolResultResponse", null, message);
    }

    private static Map<String, Object> accept(String field, Object value) {
        return Map.of("action", "accept", "content", Map.of(field, value));
    }

    private SubmitExecution submitted() {
        assertThat(jobControl.received()).hasSize(1);
        return (SubmitExecution) jobControl.received().get(0).command();
    }

    private static JsonNode json(String text) {
        try {
            return Wire.mapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
