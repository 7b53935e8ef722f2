package dev.taskgate.webhooks.web;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document the running service serves is the committed {@code schemas/openapi/webhook-dispatcher.json}
 * (docs/openapi.md): a resource change without a regenerated file fails here. {@code -Dtaskgate.openapi.write=true}
 * writes the served document to that file instead of comparing.
 */
@QuarkusTest
class OpenApiDocumentTest {
    static final Path COMMITTED = Path.of("../../schemas/openapi/webhook-dispatcher.json");
    static final String REGENERATE = "bin/test-infra up, then ./mvnw -B -pl services/webhook-dispatcher surefire:test "
            + "-Dtest=OpenApiDocumentTest -Dtaskgate.openapi.write=true";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource(value = "openapi", management = true)
    URL document;

    @Test
    void servesTheCommittedDocument() throws IOException {
        JsonNode served = served();
        if (Boolean.getBoolean("taskgate.openapi.write")) {
            Files.writeString(COMMITTED, format(served), StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(COMMITTED))
                .as("%s is missing; write it with: %s", COMMITTED, REGENERATE)
                .isTrue();
        assertThat(served)
                .as("the served OpenAPI document differs from %s; regenerate it with: %s", COMMITTED, REGENERATE)
                .isEqualTo(JSON.readTree(COMMITTED.toFile()));
    }

    @Test
    void isAnOpenApi31DocumentWithABearerScheme() throws IOException {
        JsonNode served = served();
        assertThat(served.path("openapi").asText()).startsWith("3.1.");
        assertThat(served.at("/components/securitySchemes/bearer/scheme").asText())
                .isEqualTo("bearer");
    }

    @Test
    void isNotServedOnThePublicListener() {
        given().when().get("/q/openapi").then().statusCode(404);
    }

    private JsonNode served() throws IOException {
        return JSON.readTree(given().accept("application/json")
                .when()
                .get(document)
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
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
