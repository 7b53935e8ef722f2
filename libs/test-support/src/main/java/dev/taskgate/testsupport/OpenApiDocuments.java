package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks every public service's OpenAPI document passes (docs/openapi.md): the served document is the committed
 * {@code schemas/openapi/<service>.json} ({@code -Dtaskgate.openapi.write=true} first writes it there), it is
 * OpenAPI 3.1 with the bearer scheme, and every operation is named, tagged, secured and answers problems.
 */
public final class OpenApiDocuments {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROBLEM_CONTRACT = "taskgate-schemas/kafka/common.schema.json";

    private OpenApiDocuments() {}

    /** The committed file of {@code service}, seen from that service's module folder. */
    public static Path committed(String service) {
        return Path.of("../../schemas/openapi/" + service + ".json");
    }

    /** Parses a served document. */
    public static JsonNode parse(byte[] served) throws IOException {
        return JSON.readTree(served);
    }

    /** {@code served} equals the committed file of {@code service}; on a difference, names each JSON pointer. */
    public static void assertCommitted(String service, JsonNode served) throws IOException {
        Path committed = committed(service);
        String regenerate = "(with bin/test-infra up) ./mvnw -B -pl services/" + service + " -am test "
                + "-Dtest=OpenApiDocumentTest -Dsurefire.failIfNoSpecifiedTests=false -Dtaskgate.openapi.write=true";
        if (Boolean.getBoolean("taskgate.openapi.write")) {
            Files.writeString(committed, format(served), StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(committed))
                .as("%s is missing; write it with: %s", committed, regenerate)
                .isTrue();
        List<String> differences = new ArrayList<>();
        differences("", JSON.readTree(committed.toFile()), served, differences);
        assertThat(differences)
                .as(
                        "the served OpenAPI document differs from %s at these JSON pointers (committed -> served); "
                                + "regenerate it with: %s",
                        committed, regenerate)
                .isEmpty();
    }

    /** OpenAPI 3.1 with the {@code bearer} security scheme. */
    public static void assertOpenApi31WithBearer(JsonNode served) {
        assertThat(served.path("openapi").asText()).startsWith("3.1.");
        assertThat(served.at("/components/securitySchemes/bearer/scheme").asText())
                .isEqualTo("bearer");
    }

    /**
     * Every operation has a unique id, tags, bearer security and a {@code default} problem answer, and the
     * {@code Problem} schema is the contract's.
     */
    public static void assertEveryOperationNamedSecuredAndAnsweringProblems(JsonNode served) throws IOException {
        Set<String> operationIds = new TreeSet<>();
        List<JsonNode> operations = new ArrayList<>();
        served.path("paths").forEach(path -> path.forEach(operations::add));
        assertThat(operations).isNotEmpty();
        for (JsonNode operation : operations) {
            assertThat(operationIds.add(operation.path("operationId").asText()))
                    .as("unique operationId: %s", operation)
                    .isTrue();
            assertThat(operation.path("tags")).as("tags of %s", operation).isNotEmpty();
            assertThat(operation.at("/security/0").has("bearer")).isTrue();
            assertThat(operation
                            .at("/responses/default/content/application~1problem+json/schema/$ref")
                            .asText())
                    .isEqualTo("#/components/schemas/Problem");
        }
        assertThat(operationIds).doesNotContain("");
        JsonNode contract;
        try (InputStream in = OpenApiDocuments.class.getClassLoader().getResourceAsStream(PROBLEM_CONTRACT)) {
            contract = JSON.readTree(in).at("/$defs/problem");
        }
        assertThat(served.at("/components/schemas/Problem")).isEqualTo(contract);
    }

    // Object members compare regardless of order, array elements in order; reports each differing pointer.
    static void differences(String pointer, JsonNode committed, JsonNode served, List<String> out) {
        if (committed.isObject() && served.isObject()) {
            Set<String> names = new TreeSet<>();
            committed.fieldNames().forEachRemaining(names::add);
            served.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                differences(
                        pointer + "/" + name.replace("~", "~0").replace("/", "~1"),
                        committed.path(name),
                        served.path(name),
                        out);
            }
        } else if (committed.isArray() && served.isArray() && committed.size() == served.size()) {
            for (int i = 0; i < committed.size(); i++) {
                differences(pointer + "/" + i, committed.get(i), served.get(i), out);
            }
        } else if (!committed.equals(served)) {
            out.add(pointer + ": " + abbreviate(committed) + " -> " + abbreviate(served));
        }
    }

    private static String abbreviate(JsonNode node) {
        String text = node.isMissingNode() ? "(absent)" : node.toString();
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }

    // two-space indentation, "key": value, one array element per line, LF, a final newline: stable diffs
    static String format(JsonNode document) throws IOException {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        return JSON.writer(printer).writeValueAsString(document) + "\n";
    }
}
