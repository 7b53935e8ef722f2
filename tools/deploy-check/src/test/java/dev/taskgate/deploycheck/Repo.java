package dev.taskgate.deploycheck;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;

/** The repository's files the checks read, found through the {@code taskgate.repo} system property (the pom sets it). */
final class Repo {
    /** The four services, each with its image and Compose service of the same name. */
    static final List<String> SERVICES = List.of("mcp-frontend", "job-control", "worker-pool", "webhook-dispatcher");

    static final Path ROOT = root();

    // Compose refuses a key given twice in one mapping; so does this reader. An empty value is YAML's null (a
    // volume declared without options), not an empty string
    private static final ObjectMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL)
            .build());

    private Repo() {}

    private static Path root() {
        String configured = System.getProperty("taskgate.repo", "../..");
        try {
            Path root = Path.of(configured).toRealPath();
            if (!Files.isRegularFile(root.resolve("docker-compose.yml"))) {
                throw new IllegalStateException("no docker-compose.yml in " + root + " (taskgate.repo)");
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(String relative) {
        try {
            return Files.readString(ROOT.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(String relative) {
        try {
            return new ObjectMapper().readTree(ROOT.resolve(relative).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** docker-compose.yml as committed. */
    static JsonNode compose() {
        return yaml(read("docker-compose.yml"));
    }

    /** A service's application.properties, as written (expressions not expanded). */
    static Properties applicationProperties(String service) {
        Properties properties = new Properties();
        try {
            properties.load(
                    new StringReader(read("services/" + service + "/src/main/resources/application.properties")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** The project's version, from the root pom's own {@code <version>} (the first after its parent-less header). */
    static String projectVersion() {
        Matcher m = Pattern.compile("<artifactId>taskgate-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(read("pom.xml"));
        if (!m.find()) {
            throw new IllegalStateException("no version of taskgate-parent in pom.xml");
        }
        return m.group(1).strip();
    }

    /** The NAME=value lines of a dotenv text, in order (comments and blank lines left out). */
    static Map<String, String> dotenv(String text) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int eq = l.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not NAME=value: " + l);
            }
            entries.put(l.substring(0, eq), l.substring(eq + 1));
        }
        return entries;
    }
}
