package dev.taskgate.cli.execution;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.cli.Io;

import static org.assertj.core.api.Assertions.assertThat;

/** The question Ctrl-C asks at a terminal: only an explicit yes cancels; silence, end of input or no detaches. */
class InterruptPromptTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Io terminal(Reader in) {
        return new Io(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new BufferedReader(in),
                true,
                Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"y\n", "Y\n", "yes\n", " YES \n"})
    void yesCancels(String typed) {
        assertThat(InterruptPrompt.cancelWanted(terminal(new StringReader(typed)), "tgx_1", Duration.ofSeconds(30)))
                .isTrue();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Cancel execution tgx_1? [y/N]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\n", "n\n", "no\n", "yess\n", ""})
    void anythingElseOrTheEndOfInputLeavesItRunning(String typed) {
        assertThat(InterruptPrompt.cancelWanted(terminal(new StringReader(typed)), "tgx_1", Duration.ofSeconds(30)))
                .isFalse();
    }

    @Test
    void noAnswerWithinTheLimitLeavesItRunning() throws IOException {
        try (PipedWriter nobodyTypes = new PipedWriter();
                PipedReader in = new PipedReader(nobodyTypes)) {
            assertThat(InterruptPrompt.cancelWanted(terminal(in), "tgx_1", Duration.ofMillis(200)))
                    .isFalse();
        }
    }
}
