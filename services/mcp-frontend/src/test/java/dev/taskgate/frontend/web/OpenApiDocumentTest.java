package dev.taskgate.frontend.web;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.support.Api;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document the running service serves is the committed {@code schemas/openapi/mcp-frontend.json}
 * (docs/openapi.md): a resource change without a regenerated file fails here. {@code -Dtaskgate.openapi.write=true}
 * first writes the served document to that file.
 */
@QuarkusTest
class OpenApiDocumentTest {
    static final Path COMMITTED = Path.of("../../schemas/openapi/mcp-frontend.json");
    static final String REGENERATE = "(with bin/test-infra up) ./mvnw -B -pl services/mcp-frontend -am test "
            + "-Dtest=OpenApiDocumentTest -Dsurefire.failIfNoSpecifiedTests=false -Dtaskgate.openapi.write=true";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    URI base;

    /** The management interface's root, {@code /q/}. */
    @TestHTTPResource(value = "/", management = true)
    URI management;

    @Test
    void servesTheCommittedDocument() throws IOException {
        JsonNode served = served();
        if (Boolean.getBoolean("taskgate.openapi.write")) {
            Files.writeString(COMMITTED, format(served), StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(COMMITTED))
                .as("%s is missing; write it with: %s", COMMITTED, REGENERATE)
                .isTrue();
        List<String> differences = new ArrayList<>();
        differences("", JSON.readTree(COMMITTED.toFile()), served, differences);
        assertThat(differences)
                .as(
                        "the served OpenAPI document differs from %s at these JSON pointers (committed -> served); "
                                + "regenerate it with: %s",
                        COMMITTED, REGENERATE)
                .isEmpty();
    }

    @Test
    void isAnOpenApi31DocumentWithABearerScheme() throws IOException {
        JsonNode served = served();
        assertThat(served.path("openapi").asText()).startsWith("3.1.");
        assertThat(served.at("/components/securitySchemes/bearer/scheme").asText())
                .isEqualTo("bearer");
    }

    @Test
    void everyOperationIsNamedSecuredAndAnswersProblems() throws IOException {
        JsonNode served = served();
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
        try (var in = getClass().getClassLoader().getResourceAsStream("taskgate-schemas/kafka/common.schema.json")) {
            contract = JSON.readTree(in).at("/$defs/problem");
        }
        assertThat(served.at("/components/schemas/Problem")).isEqualTo(contract);
    }

    @Test
    void isNotServedOnThePublicListener() {
        assertThat(Api.at(base).get("/q/openapi").status()).isEqualTo(404);
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

    private JsonNode served() throws IOException {
        Api.Result document =
                Api.at(management).header("Accept", "application/json").get("openapi");
        assertThat(document.status()).isEqualTo(200);
        return JSON.readTree(document.bytes());
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
