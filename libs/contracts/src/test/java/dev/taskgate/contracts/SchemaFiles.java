package dev.taskgate.contracts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.RecordPayloads;

/**
 * The schemas and examples as this jar ships them ({@code taskgate-schemas/} on the classpath), and a
 * JSON Schema 2020-12 validator that resolves {@code https://taskgate.dev/schemas/...} ids from there.
 * A small copy of test-support's {@code Schemas}: test-support depends on contracts, not the reverse.
 */
final class SchemaFiles {
    static final String ROOT = "taskgate-schemas/";
    static final String ID_BASE = "https://taskgate.dev/schemas/";
    static final String EXAMPLES = "examples/";

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(
            SpecVersion.VersionFlag.V202012,
            builder -> builder.schemaMappers(mappers -> mappers.mapPrefix(ID_BASE, "classpath:" + ROOT)));
    // format is only an annotation in 2020-12 unless asserted; the contract relies on date-time and uuid
    private static final SchemaValidatorsConfig CONFIG =
            SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
    private static final Map<String, JsonSchema> COMPILED = new ConcurrentHashMap<>();

    private SchemaFiles() {}

    /** Validation messages for {@code node} against the schema at {@code schemaPath}; empty when valid. */
    /**
     * The published, insecure key the examples' payload members are sealed with (docs/security.md "Payloads on
     * Kafka"): {@code example-1}, the 32 ASCII bytes {@code taskgate-schema-example-key-0001}.
     */
    static final String EXAMPLE_PAYLOAD_KEY = "example-1:dGFza2dhdGUtc2NoZW1hLWV4YW1wbGUta2V5LTAwMDE=";

    private static final RecordPayloads EXAMPLE_PAYLOADS = new RecordPayloads(new PayloadCipher(
            PayloadKeyRing.parse(PayloadKeyRing.CONFIG_KEY, List.of(EXAMPLE_PAYLOAD_KEY)), new SecureRandom()));

    /** A record's bytes with its payload members opened with the example key, as a consumer reads it. */
    static byte[] opened(byte[] record) {
        return EXAMPLE_PAYLOADS.open(record);
    }

    /** A record's bytes with its payload members sealed with the example key, as a producer writes it. */
    static byte[] sealed(byte[] record) {
        return EXAMPLE_PAYLOADS.seal(record);
    }

    static List<String> validate(String schemaPath, JsonNode node) {
        JsonSchema schema = COMPILED.computeIfAbsent(
                schemaPath, path -> FACTORY.getSchema(SchemaLocation.of(ID_BASE + path), CONFIG));
        return schema.validate(node).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }

    /** Compiles a schema given inline (no $id needed) and builds all its validators, failing if it is not valid. */
    static JsonSchema compile(JsonNode schema) {
        JsonSchema compiled = FACTORY.getSchema(schema, CONFIG);
        compiled.initializeValidators();
        return compiled;
    }

    /** The JSON file at {@code path} under the schemas root. */
    static JsonNode json(String path) {
        try {
            return Wire.mapper().readTree(bytes(path));
        } catch (IOException e) {
            throw new UncheckedIOException(path, e);
        }
    }

    /** The exact bytes of the file at {@code path} under the schemas root. */
    static byte[] bytes(String path) {
        try (InputStream in = SchemaFiles.class.getClassLoader().getResourceAsStream(ROOT + path)) {
            if (in == null) {
                throw new IllegalArgumentException("not on the classpath: " + ROOT + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(path, e);
        }
    }

    /** Whether a file exists at {@code path} under the schemas root. */
    static boolean exists(String path) {
        return SchemaFiles.class.getClassLoader().getResource(ROOT + path) != null;
    }

    /** Paths (relative to the schemas root, sorted) of the files under {@code folder} whose names end with {@code suffix}. */
    static List<String> files(String folder, String suffix) {
        Path root = root();
        Path dir = root.resolve(folder);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema an example is an instance of: {@code examples/<dir>/<Type>[.<variant>].json -> <dir>/<Type>.schema.json}. */
    static String schemaPathOf(String examplePath) {
        String rel = examplePath.substring(EXAMPLES.length());
        int slash = rel.lastIndexOf('/');
        String file = rel.substring(slash + 1);
        return rel.substring(0, slash + 1) + typeNameOf(file) + ".schema.json";
    }

    /**
     * The schema object at {@code schemaPath}, following top-level {@code $ref}s to other files (an alias such as
     * {@code api/ExecutionSnapshot.schema.json} refers to a definition in {@code kafka/common.schema.json}).
     */
    static JsonNode resolvedSchema(String schemaPath) {
        JsonNode schema = json(schemaPath);
        String base = schemaPath;
        while (schema.has("$ref") && !schema.has("properties")) {
            String ref = schema.get("$ref").asText();
            int hash = ref.indexOf('#');
            String file = hash < 0 ? ref : ref.substring(0, hash);
            String pointer = hash < 0 ? "" : ref.substring(hash + 1);
            if (!file.isEmpty()) {
                base = Path.of(base).resolveSibling(file).normalize().toString().replace('\\', '/');
            }
            schema = json(base).at(pointer);
        }
        return schema;
    }

    /** {@code Finished.tool-error.json -> Finished}. */
    static String typeNameOf(String fileName) {
        return fileName.substring(0, fileName.indexOf('.'));
    }

    private static Path root() {
        URL url = SchemaFiles.class.getClassLoader().getResource(ROOT);
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IllegalStateException("schemas not on the classpath as a directory: " + url);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
