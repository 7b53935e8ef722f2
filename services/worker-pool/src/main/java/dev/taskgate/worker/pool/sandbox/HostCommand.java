package dev.taskgate.worker.pool.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a short host program at startup (a user lookup, an access probe) and collects its answer. */
final class HostCommand {
    private static final long TIMEOUT_SECONDS = 10;

    /** What the program printed and how it exited. */
    record Result(int exitCode, String stdout) {
        boolean succeeded() {
            return exitCode == 0;
        }
    }

    private HostCommand() {}

    /** Runs {@code command} with exactly {@code environment}; stderr is discarded. */
    static Result run(List<String> command, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            String stdout;
            try (InputStream out = process.getInputStream()) {
                stdout = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(command.get(0) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            return new Result(process.exitValue(), stdout);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        }
    }
}
