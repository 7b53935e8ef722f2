package dev.taskgate.worker.child.ops.conformance;

import java.util.Base64;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fixtures return what the conformance suite's scenario descriptions ask for. */
class ConformanceFixturesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode run(String tool, String input, RecordingContext context) throws Exception {
        return MAPPER.readTree(ConformancePack.operations().get(tool).run(MAPPER.readTree(input), context));
    }

    private static JsonNode run(String tool, String input) throws Exception {
        return run(tool, input, new RecordingContext());
    }

    @Test
    void contentFixturesHaveTheSuitesShapes() throws Exception {
        assertThat(run("test_simple_text", "{}").at("/content/0/text").asText())
                .isEqualTo("This is a simple text response for testing.");
        JsonNode image = run("test_image_content", "{}").at("/content/0");
        assertThat(image.path("mimeType").asText()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(image.path("data").asText())).startsWith(0x89, 'P', 'N', 'G');
        JsonNode audio = run("test_audio_content", "{}").at("/content/0");
        assertThat(audio.path("type").asText()).isEqualTo("audio");
        assertThat(new String(Base64.getDecoder().decode(audio.path("data").asText()), 0, 4))
                .isEqualTo("RIFF");
        assertThat(run("test_embedded_resource", "{}")
                        .at("/content/0/resource/uri")
                        .asText())
                .isEqualTo("test://embedded-resource");
        assertThat(run("test_multiple_content_types", "{}").path("content"))
                .extracting(n -> n.path("type").asText())
                .containsExactly("text", "image", "resource");
        JsonNode error = run("test_error_handling", "{}");
        assertThat(error.path("isError").asBoolean()).isTrue();
        assertThat(error.at("/content/0/text").asText()).contains("intentionally returns an error");
    }

    @Test
    void progressFixtureReportsZeroFiftyAndHundredOfHundred() throws Exception {
        RecordingContext context = new RecordingContext();

        JsonNode result = run("test_tool_with_progress", "{}", context);

        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(context.reports())
                .extracting(RecordingContext.Report::progress)
                .containsExactly(0.0, 50.0, 100.0);
        assertThat(context.reports()).extracting(RecordingContext.Report::total).containsOnly(100.0);
    }

    @Test
    void loggingFixtureLogsThreeInfoMessagesInOrder() throws Exception {
        RecordingContext context = new RecordingContext();

        JsonNode result = run("test_tool_with_logging", "{}", context);

        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(context.logged()).extracting(RecordingContext.Logged::level).containsOnly(OperationLogLevel.INFO);
        assertThat(context.logged())
                .extracting(l -> l.data().asText())
                .containsExactly("Tool execution started", "Tool processing data", "Tool execution completed");
    }

    @Test
    void greetAndTheTaskRequiredToolGreetTheGivenName() throws Exception {
        assertThat(run("greet", "{\"name\":\"sep-2243\"}").at("/content/0/text").asText())
                .isEqualTo("Hello, sep-2243!");
        assertThat(run("test_tool_with_task", "{\"user_name\":\"Ada\"}")
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("Hello, Ada!");
    }

    @Test
    void theCustomHeaderToolGreetsItsRegion() throws Exception {
        JsonNode result = run("test_custom_header", "{\"region\":\"Hello\",\"priority\":1}");

        assertThat(result.at("/content/0/text").asText()).isEqualTo("Hello, Hello!");
    }

    @Test
    void slowComputeFinishesAfterZeroSecondsAndStopsWhenAsked() throws Exception {
        assertThat(run("slow_compute", "{\"seconds\":0,\"label\":\"now\"}")
                        .at("/content/0/text")
                        .asText())
                .contains("now");
        RecordingContext stopped = new RecordingContext();
        stopped.requestStop();

        assertThatThrownBy(() -> run("slow_compute", "{\"seconds\":60,\"label\":\"x\"}", stopped))
                .isInstanceOf(OperationStoppedException.class);
    }

    @Test
    void failingJobReturnsAToolErrorAndProtocolErrorJobFailsTheExecution() throws Exception {
        assertThat(run("failing_job", "{}").path("isError").asBoolean()).isTrue();
        assertThatThrownBy(() -> run("protocol_error_job", "{}"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(ProtocolErrorOperation.MESSAGE);
    }

    @Test
    void inputRequiredFixturesReportTheAnswersTheFrontendWroteIntoTheirArguments() throws Exception {
        assertThat(run("test_input_required_result_elicitation", "{\"name\":\"Alice\"}")
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("Hello, Alice!");
        assertThat(run("test_input_required_result_request_state", "{\"ok\":true}")
                        .at("/content/0/text")
                        .asText())
                .startsWith("state-ok")
                .contains("\"ok\":true");
        assertThat(run("test_input_required_result_multi_round", "{\"name\":\"A\",\"color\":\"blue\"}")
                        .at("/content/0/text")
                        .asText())
                .contains("\"color\":\"blue\"");
        assertThat(run("test_missing_capability", "{\"answer\":\"hi\"}")
                        .path("isError")
                        .asBoolean())
                .isFalse();
    }

    @Test
    void confirmDeleteAsksOneElicitationAndReportsTheChoice() throws Exception {
        RecordingContext accepting = new RecordingContext()
                .answering(requests -> Map.of(
                        ConfirmDeleteOperation.KEY, json("{\"action\":\"accept\",\"content\":{\"confirm\":true}}")));
        RecordingContext declining = new RecordingContext()
                .answering(requests -> Map.of(ConfirmDeleteOperation.KEY, json("{\"action\":\"decline\"}")));

        assertThat(run("confirm_delete", "{\"filename\":\"a.txt\"}", accepting)
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("Deleted a.txt.");
        assertThat(run("confirm_delete", "{\"filename\":\"a.txt\"}", declining)
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("Kept a.txt.");
        JsonNode request = accepting.inputRequests().get(0).get(ConfirmDeleteOperation.KEY);
        assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(request.at("/params/requestedSchema/properties/confirm/type").asText())
                .isEqualTo("boolean");
    }

    @Test
    void multiInputAsksTwoElicitationsAtOnce() throws Exception {
        RecordingContext context = new RecordingContext()
                .answering(requests -> requests.keySet().stream()
                        .collect(Collectors.toMap(
                                k -> k, k -> json("{\"action\":\"accept\",\"content\":{\"name\":\"" + k + "\"}}"))));

        JsonNode result = run("multi_input", "{}", context);

        assertThat(context.inputRequests()).hasSize(1);
        assertThat(context.inputRequests().get(0)).containsOnlyKeys("name", "confirm");
        assertThat(result.at("/content/0/text").asText()).contains("name=").contains("confirm=");
    }

    @Test
    void clientRequestFixturesAskWhatTheSuiteChecksAndReportTheAnswer() throws Exception {
        RecordingContext elicit = new RecordingContext()
                .answering(requests -> Map.of(
                        AskClientOperation.KEY,
                        json("{\"action\":\"accept\",\"content\":{\"username\":\"u\",\"email\":\"e@x\"}}")));
        RecordingContext sample = new RecordingContext()
                .answering(
                        requests -> Map.of(
                                AskClientOperation.KEY,
                                json(
                                        "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"hi\"},\"model\":\"m\"}")));
        RecordingContext defaults = new RecordingContext()
                .answering(requests -> Map.of(AskClientOperation.KEY, json("{\"action\":\"decline\"}")));
        RecordingContext enums = new RecordingContext()
                .answering(requests -> Map.of(AskClientOperation.KEY, json("{\"action\":\"cancel\"}")));

        assertThat(run("test_elicitation", "{\"message\":\"Who?\"}", elicit)
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("User response: action=accept, content={\"username\":\"u\",\"email\":\"e@x\"}");
        assertThat(run("test_sampling", "{\"prompt\":\"Say hi\"}", sample)
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("LLM response: hi");
        assertThat(run("test_elicitation_sep1034_defaults", "{}", defaults)
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("Elicitation completed: action=decline, content={}");
        assertThat(run("test_elicitation_sep1330_enums", "{}", enums)
                        .at("/content/0/text")
                        .asText())
                .isEqualTo("Elicitation completed: action=cancel, content={}");

        JsonNode asked = elicit.inputRequests().get(0).get(AskClientOperation.KEY);
        assertThat(asked.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(asked.at("/params/message").asText()).isEqualTo("Who?");
        assertThat(asked.at("/params/requestedSchema/required"))
                .extracting(JsonNode::asText)
                .containsExactly("username", "email");
        JsonNode sampling = sample.inputRequests().get(0).get(AskClientOperation.KEY);
        assertThat(sampling.path("method").asText()).isEqualTo("sampling/createMessage");
        assertThat(sampling.at("/params/messages/0/content/text").asText()).isEqualTo("Say hi");
        assertThat(sampling.at("/params/maxTokens").asInt()).isEqualTo(100);
        JsonNode withDefaults =
                defaults.inputRequests().get(0).get(AskClientOperation.KEY).at("/params/requestedSchema/properties");
        assertThat(withDefaults.at("/name/default").asText()).isEqualTo("John Doe");
        assertThat(withDefaults.at("/age/default").asInt()).isEqualTo(30);
        assertThat(withDefaults.at("/score/default").asDouble()).isEqualTo(95.5);
        assertThat(withDefaults.at("/status/default").asText()).isEqualTo("active");
        assertThat(withDefaults.at("/verified/default").asBoolean()).isTrue();
        JsonNode withEnums =
                enums.inputRequests().get(0).get(AskClientOperation.KEY).at("/params/requestedSchema/properties");
        assertThat(withEnums.at("/untitledSingle/enum")).hasSize(3);
        assertThat(withEnums.at("/titledSingle/oneOf/0/title").asText()).isEqualTo("First Option");
        assertThat(withEnums.at("/legacyEnum/enumNames")).hasSize(3);
        assertThat(withEnums.at("/untitledMulti/items/enum")).hasSize(3);
        assertThat(withEnums.at("/titledMulti/items/anyOf/1/const").asText()).isEqualTo("value2");
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
