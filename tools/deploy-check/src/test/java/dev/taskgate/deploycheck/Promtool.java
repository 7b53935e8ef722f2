package dev.taskgate.deploycheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Prometheus's promtool, which checks rule files and runs their unit tests: Debian's (package prometheus), taken from
 * {@code TASKGATE_PROMTOOL} when set, else unpacked once into {@code .taskgate/cache/prometheus/} by
 * {@code install-promtool.sh}.
 */
final class Promtool {
    private static Path binary;

    private Promtool() {}

    /** What promtool answered. */
    record Result(int status, String stdout, String stderr) {
        String output() {
            return stdout + stderr;
        }
    }

    /** {@code promtool check rules FILE}. */
    static Result checkRules(Path rules) {
        return run(List.of(binary().toString(), "check", "rules", rules.toString()));
    }

    /** {@code promtool test rules FILE}: the unit tests of a rule file, which the test file names. */
    static Result testRules(Path tests) {
        return run(List.of(binary().toString(), "test", "rules", tests.toString()));
    }

    private static synchronized Path binary() {
        if (binary == null) {
            String configured = System.getenv("TASKGATE_PROMTOOL");
            binary = configured != null && !configured.isBlank() ? Path.of(configured) : install();
        }
        return binary;
    }

    private static Path install() {
        Path script = Repo.ROOT.resolve("tools/deploy-check/install-promtool.sh");
        Path dir = Repo.ROOT.resolve(".taskgate/cache/prometheus");
        Result result = run(List.of("bash", script.toString(), dir.toString()));
        if (result.status() != 0) {
            throw new IllegalStateException("install-promtool.sh failed: " + result.stderr());
        }
        return Path.of(result.stdout().strip());
    }

    private static Result run(List<String> command) {
        try {
            Path out = Files.createTempFile("promtool", ".out");
            Path err = Files.createTempFile("promtool", ".err");
            try {
                Process process = new ProcessBuilder(new ArrayList<>(command))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                if (!process.waitFor(5, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("timed out: " + command);
                }
                return new Result(
                        process.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + command, e);
        }
    }
}
