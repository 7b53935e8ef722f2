package dev.taskgate.jobctl;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTestProfile;

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.RepositoryRoot;

/**
 * An upstreams file of stdio upstreams: tools/upstream-fixtures' StdioCountingUpstream ({@value #WORKING}), a program
 * that does not exist ({@value #MISSING}) and one that exits at once ({@value #QUITTING}). Written when the profile
 * starts, since the command names this JVM's {@code java} and the fixture's classpath. The working one is refreshed
 * once an hour, so that a listing seen within a test came from something else than its schedule; its counts file and
 * announce file ({@value #COUNTS_FILE}, {@value #ANNOUNCE_FILE}) are next to the upstreams file.
 */
public class StdioUpstreamsProfile implements QuarkusTestProfile {

    static final String WORKING = "stdio-counting";
    static final String MISSING = "stdio-missing";
    static final String QUITTING = "stdio-quitting";
    static final String WORKSPACE = "org-stdio/*";
    static final String COUNTS_FILE = "counts.txt";
    static final String ANNOUNCE_FILE = "announce";

    @Override
    public Map<String, String> getConfigOverrides() {
        try {
            Path directory = Files.createTempDirectory("jc-stdio-upstreams");
            Path counts = directory.resolve(COUNTS_FILE);
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            ArrayNode upstreams = root.putArray("upstreams");
            upstreams.add(upstream(
                            WORKING,
                            List.of(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-Xmx64m",
                                    "-XX:TieredStopAtLevel=1",
                                    "-XX:+UseSerialGC",
                                    "-cp",
                                    fixtureClasspath(),
                                    "dev.taskgate.upstream.fixtures.StdioCountingUpstream",
                                    counts.toString(),
                                    directory.resolve(ANNOUNCE_FILE).toString()))
                    .put("refreshInterval", "1h"));
            upstreams.add(upstream(
                    MISSING, List.of(directory.resolve("no-such-program").toString())));
            upstreams.add(upstream(QUITTING, List.of("/bin/sh", "-c", "echo not today >&2; exit 3")));
            Path file = directory.resolve("upstreams.json");
            Files.write(file, Wire.toBytes(root));
            return Map.of("jobctl.upstreams.file", file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode upstream(String id, List<String> argv) {
        ObjectNode upstream = JsonNodeFactory.instance.objectNode().put("id", id);
        upstream.put("namespace", id.replace('-', '_'));
        upstream.putArray("workspaces").add(WORKSPACE);
        upstream.put("callTimeout", "30s");
        ObjectNode command = upstream.putObject("command");
        argv.forEach(command.putArray("argv")::add);
        command.put("workingDirectory", ".");
        command.putObject("environment").put("COUNTING_MODE", "test");
        return upstream;
    }

    private static String fixtureClasspath() throws IOException {
        Path module = RepositoryRoot.find().resolve("tools/upstream-fixtures/target");
        Path classpathFile = module.resolve("runtime-classpath.txt");
        if (!Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException("build tools/upstream-fixtures first: no " + classpathFile);
        }
        return module.resolve("classes")
                + File.pathSeparator
                + Files.readString(classpathFile).strip();
    }
}
