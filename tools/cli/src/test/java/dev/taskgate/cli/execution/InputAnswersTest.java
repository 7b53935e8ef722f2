package dev.taskgate.cli.execution;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.Io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InputAnswersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONFIRM = """
            {"method":"elicitation/create","params":{"mode":"form","message":"Deploy build 812?",
             "requestedSchema":{"type":"object","required":["confirm"],
               "properties":{"confirm":{"type":"boolean","title":"Confirm"},
                             "note":{"type":"string","title":"Note"},
                             "copies":{"type":"integer"},
                             "region":{"enum":["eu","us"]}}}}}""";

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Io io(String typed) {
        return new Io(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new BufferedReader(new StringReader(typed)),
                true,
                Map.of());
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void aFormIsAskedFieldByFieldAndOptionalFieldsMayBeLeftEmpty() throws Exception {
        InputPrompt prompt = new InputPrompt(io("\ny\n\n3\neu\n"), GivenResponses.refuse());

        JsonNode response = prompt.answer("tgx_1", "confirm", json(CONFIRM));

        assertThat(response.toString())
                .isEqualTo("{\"action\":\"accept\",\"content\":{\"confirm\":true,\"copies\":3,\"region\":\"eu\"}}");
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("Deploy build 812?")
                .contains("Confirm (y/n)")
                .contains("Note (string, optional)")
                .contains("region (one of eu, us, optional)");
    }

    @Test
    void aWrongAnswerIsAskedAgainAndDeclineSendsNoContent() throws Exception {
        assertThat(new InputPrompt(io("maybe\nd\n"), GivenResponses.refuse()).answer("tgx_1", "k", json(CONFIRM)))
                .isEqualTo(json("{\"action\":\"decline\"}"));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("not a valid answer");
    }

    @Test
    void aRequiredFieldLeftEmptyThreeTimesEndsTheCommand() {
        assertThatThrownBy(() ->
                        new InputPrompt(io("a\n\n\n\n"), GivenResponses.refuse()).answer("tgx_1", "k", json(CONFIRM)))
                .isInstanceOf(CliException.class)
                .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.INPUT_REQUIRED));
    }

    @Test
    void theEndOfStandardInputEndsTheCommand() {
        assertThatThrownBy(() -> new InputPrompt(io(""), GivenResponses.refuse()).answer("tgx_1", "k", json(CONFIRM)))
                .hasMessageContaining("Standard input ended");
    }

    @Test
    void requestsThatCannotBeTypedGoToTheNextAnswerer() throws Exception {
        JsonNode sampling = json("{\"method\":\"sampling/createMessage\",\"params\":{}}");
        assertThatThrownBy(
                        () -> new InputPrompt(io("accept\n"), GivenResponses.refuse()).answer("tgx_9", "s", sampling))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("taskgate executions input tgx_9 --key s")
                .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.INPUT_REQUIRED));
    }

    @Test
    void givenResponsesApplyToEveryRequestOrByKey() throws Exception {
        JsonNode accept = json("{\"action\":\"accept\",\"content\":{\"confirm\":true}}");
        assertThat(new GivenResponses(accept, GivenResponses.refuse()).answer("tgx_1", "any", json(CONFIRM)))
                .isEqualTo(accept);

        JsonNode decline = json("{\"action\":\"decline\"}");
        GivenResponses byKey =
                new GivenResponses(json("{\"confirm\":{\"action\":\"cancel\"}}"), (id, key, request) -> decline);
        assertThat(byKey.answer("tgx_1", "confirm", json(CONFIRM))).isEqualTo(json("{\"action\":\"cancel\"}"));
        assertThat(byKey.answer("tgx_1", "other", json(CONFIRM))).isEqualTo(json("{\"action\":\"decline\"}"));
        assertThatThrownBy(() -> new GivenResponses(json("[1]"), GivenResponses.refuse()))
                .hasMessageContaining("--input-response");
    }

    @Test
    void typedValuesFollowTheFieldsType() throws Exception {
        assertThat(InputPrompt.convert(json("{\"type\":\"number\"}"), "1.50")).hasToString("1.50");
        assertThat(InputPrompt.convert(json("{\"type\":\"integer\"}"), "1.5")).isNull();
        assertThat(InputPrompt.convert(json("{\"type\":\"boolean\"}"), "no").asBoolean())
                .isFalse();
        assertThat(InputPrompt.convert(json("{\"type\":\"boolean\"}"), "perhaps"))
                .isNull();
        assertThat(InputPrompt.convert(json("{\"enum\":[\"a\"]}"), "b")).isNull();
    }

    @Test
    void jsonArgumentsAreInlineOrFromAFileAndKeepDecimalsExactly(@TempDir Path dir) throws Exception {
        assertThat(JsonArgument.parse("{\"n\": 0.10}", "--input", System.in).toString())
                .isEqualTo("{\"n\":0.10}");
        Path file = Files.writeString(dir.resolve("in.json"), "{\"from\":\"file\"}");
        assertThat(JsonArgument.parse("@" + file, "--input", System.in)).isEqualTo(json("{\"from\":\"file\"}"));
        assertThatThrownBy(() -> JsonArgument.parse("{oops", "--input", System.in))
                .hasMessageStartingWith("--input: the argument is not JSON")
                .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.USAGE));
        assertThatThrownBy(() -> JsonArgument.parse("{} {}", "--input", System.in))
                .hasMessageStartingWith("--input: the argument is not JSON");
        assertThatThrownBy(() -> JsonArgument.parse("@" + dir.resolve("none"), "--input", System.in))
                .hasMessageContaining("cannot read");
    }
}
