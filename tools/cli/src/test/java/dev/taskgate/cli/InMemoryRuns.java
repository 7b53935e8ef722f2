package dev.taskgate.cli;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Runs of the command line in this JVM against a {@link ScriptedApi}, with a token and no configuration file;
 * collects what they print for the assertions.
 */
final class InMemoryRuns {
    private final ScriptedApi api;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    InMemoryRuns(ScriptedApi api) {
        this.api = api;
    }

    /** One run with {@code stdin} as standard input; the exit code. */
    int run(String stdin, String... args) {
        Io io = new Io(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new BufferedReader(new StringReader(stdin)),
                false,
                Map.of("TASKGATE_URL", api.url(), "TASKGATE_TOKEN", "secret-token", "HOME", "/nonexistent"));
        return new TaskgateCli(io).run(args);
    }

    /** Everything printed on standard output so far. */
    String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Everything printed on standard error so far. */
    String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Forgets what was printed on standard output. */
    void clearStdout() {
        out.reset();
    }
}
