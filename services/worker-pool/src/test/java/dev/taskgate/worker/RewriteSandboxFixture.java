package dev.taskgate.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A rewrite sandbox under {@code target/}, so that {@code demo.rewrite} runs against real files; every component test
 * of this module has it ({@link WorkerFixturesResource}).
 */
public final class RewriteSandboxFixture {

    /** The sandbox directory the children get. */
    public static final Path SANDBOX = Path.of("target", "rewrite-sandbox").toAbsolutePath();

    private RewriteSandboxFixture() {}

    /** The setting that points the children at the sandbox; creates it. */
    static Map<String, String> settings() {
        try {
            Files.createDirectories(SANDBOX);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("taskgate.worker.rewrite.sandbox", SANDBOX.toString());
    }
}
