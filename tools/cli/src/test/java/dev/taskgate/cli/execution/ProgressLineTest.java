package dev.taskgate.cli.execution;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode execution(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void aReportWithATotalIsABarAndAPercentage() throws Exception {
        String line = ProgressLine.render(
                execution("{\"status\":\"working\",\"progress\":1,\"total\":3,"
                        + "\"status_message\":\"slept 1 of 3 seconds\"}"),
                Duration.ofSeconds(2));

        assertThat(line).isEqualTo("[######--------------]  33%  working  slept 1 of 3 seconds  0:02");
    }

    @Test
    void aReportWithoutATotalShowsTheRawValue() throws Exception {
        assertThat(ProgressLine.render(execution("{\"status\":\"working\",\"progress\":2.5}"), Duration.ZERO))
                .isEqualTo("progress 2.5  working  0:00");
    }

    @Test
    void beforeAnyReportOnlyTheStatusAndTime() throws Exception {
        assertThat(ProgressLine.render(execution("{\"status\":\"queued\"}"), Duration.ofMinutes(61)))
                .isEqualTo("queued  1:01:00");
    }

    @Test
    void aCompletedBarIsFullAndProgressOverTheTotalIsCapped() throws Exception {
        assertThat(ProgressLine.describe(execution("{\"status\":\"completed\",\"progress\":5,\"total\":4}")))
                .isEqualTo("[####################] 100%  completed");
    }

    @Test
    void longAndMultiLineMessagesStayOnOneShortLine() throws Exception {
        String line = ProgressLine.describe(
                execution("{\"status\":\"working\",\"status_message\":\"" + "x".repeat(100) + "\\nsecond\"}"));
        assertThat(line).doesNotContain("\n").hasSize("working  ".length() + 60).endsWith("…");
    }

    @Test
    void withoutATerminalALineIsWrittenOnlyWhenSomethingChanged() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay display =
                new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, false);
        JsonNode working = execution("{\"status\":\"working\",\"progress\":1,\"total\":2}");
        display.update(working, Duration.ofSeconds(1));
        display.update(working, Duration.ofSeconds(2));
        display.update(execution("{\"status\":\"working\",\"progress\":2,\"total\":2}"), Duration.ofSeconds(3));
        display.finish();

        assertThat(bytes.toString(StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "[##########----------]  50%  working  0:01", "[####################] 100%  working  0:03");
    }

    @Test
    void atATerminalTheLineIsRedrawnInPlaceAndEndedOnce() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay display =
                new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, false);
        display.update(execution("{\"status\":\"working\",\"status_message\":\"long message\"}"), Duration.ZERO);
        display.update(execution("{\"status\":\"completed\"}"), Duration.ofSeconds(1));
        display.finish();
        display.finish();

        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("\rworking  long message  0:00\rcompleted  0:01" + " ".repeat(12) + System.lineSeparator());
    }

    @Test
    void quietShowsNothing() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay display = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, true);
        display.update(execution("{\"status\":\"working\"}"), Duration.ZERO);
        display.finish();
        assertThat(bytes.size()).isZero();
    }

    @Test
    void theServersPollIntervalIsFollowedWithinBounds() throws Exception {
        assertThat(ExecutionWatcher.interval(execution("{\"poll_interval_ms\":500}")))
                .isEqualTo(Duration.ofMillis(500));
        assertThat(ExecutionWatcher.interval(execution("{\"poll_interval_ms\":1}")))
                .isEqualTo(ExecutionWatcher.MIN_INTERVAL);
        assertThat(ExecutionWatcher.interval(execution("{\"poll_interval_ms\":600000}")))
                .isEqualTo(ExecutionWatcher.MAX_INTERVAL);
        assertThat(ExecutionWatcher.interval(execution("{}"))).isEqualTo(Duration.ofMillis(500));
    }
}
