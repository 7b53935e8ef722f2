package dev.taskgate.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** A rewrite sandbox under {@code target/}, so that {@code demo.rewrite} runs against real files. */
public class RewriteSandboxProfile implements QuarkusTestProfile {

    /** The sandbox directory the children get. */
    public static final Path SANDBOX = Path.of("target", "rewrite-sandbox").toAbsolutePath();

    @Override
    public Map<String, String> getConfigOverrides() {
        try {
            Files.createDirectories(SANDBOX);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("taskgate.worker.rewrite.sandbox", SANDBOX.toString());
    }
}
