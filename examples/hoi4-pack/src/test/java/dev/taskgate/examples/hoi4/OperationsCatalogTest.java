package dev.taskgate.examples.hoi4;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import dev.taskgate.examples.hoi4.support.Results;
import dev.taskgate.operation.api.ToolOperation;

import static org.assertj.core.api.Assertions.assertThat;

/** The plug-in's catalog entries against Taskgate's catalog schema, its ServiceLoader file and its input schemas. */
class OperationsCatalogTest {
    private static final String CATALOG = "META-INF/taskgate/operations.json";
    // the module's tests run in examples/hoi4-pack; the schema is the repository's own
    private static final Path CATALOG_SCHEMA = Path.of("../../schemas/operations/catalog.schema.json");
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    private static JsonNode catalog() throws IOException {
        try (InputStream in = OperationsCatalogTest.class.getClassLoader().getResourceAsStream(CATALOG)) {
            assertThat(in).as(CATALOG + " on the class path").isNotNull();
            return Results.JSON.readTree(in);
        }
    }

    private static JsonNode entry(String name) throws IOException {
        for (JsonNode operation : catalog().get("operations")) {
            if (operation.get("name").asText().equals(name)) {
                return operation;
            }
        }
        throw new AssertionError("no catalog entry " + name);
    }

    private static List<String> validate(JsonSchema schema, JsonNode instance) {
        return schema.validate(instance).stream()
                .map(ValidationMessage::getMessage)
                .toList();
    }

    @Test
    void validatesAgainstTheCatalogSchema() throws IOException {
        JsonSchema schema = FACTORY.getSchema(Results.JSON.readTree(Files.readString(CATALOG_SCHEMA)));

        assertThat(validate(schema, catalog())).isEmpty();
        assertThat(validate(schema, Results.JSON.readTree("{\"operations\":[{\"name\":\"x y\"}]}")))
                .as("the schema is really applied")
                .isNotEmpty();
    }

    @Test
    void everyEntryHasExactlyOneImplementationAndEveryImplementationAnEntry() throws IOException {
        Map<String, Integer> implementations = new HashMap<>();
        for (ToolOperation operation : ServiceLoader.load(ToolOperation.class)) {
            implementations.merge(operation.name(), 1, Integer::sum);
        }
        List<String> entries = new ArrayList<>();
        catalog().get("operations").forEach(e -> entries.add(e.get("name").asText()));

        assertThat(entries).doesNotHaveDuplicates();
        assertThat(implementations.keySet()).containsExactlyInAnyOrderElementsOf(entries);
        assertThat(implementations.values()).containsOnly(1);
        assertThat(entries).containsExactly("hoi4.focus_inspect", "hoi4.focus_render", "hoi4.event_inspect");
    }

    @Test
    void everyEntryIsAReadOnlyWorkspaceToolWithAStrictBoundedInput() throws IOException {
        for (JsonNode operation : catalog().get("operations")) {
            String name = operation.get("name").asText();
            assertThat(operation.get("version").asText()).as(name).isEqualTo("1");
            assertThat(operation.get("workspace").asBoolean()).as(name).isTrue();
            assertThat(operation.get("mutating").asBoolean()).as(name).isFalse();
            assertThat(operation.get("taskSupport").asText()).as(name).isEqualTo("optional");
            assertThat(operation.at("/annotations/readOnlyHint").asBoolean())
                    .as(name)
                    .isTrue();
            assertThat(operation.get("description").asText()).as(name).hasSizeGreaterThan(100);
            JsonNode input = operation.get("inputSchema");
            assertThat(input.get("additionalProperties").asBoolean(true))
                    .as(name)
                    .isFalse();
            input.get("properties").properties().forEach(property -> {
                JsonNode schema = property.getValue();
                String where = name + "." + property.getKey();
                assertThat(schema.has("description")).as(where).isTrue();
                switch (schema.get("type").asText()) {
                    case "string" ->
                        assertThat(schema.has("minLength") && schema.has("maxLength"))
                                .as(where)
                                .isTrue();
                    case "integer" ->
                        assertThat(schema.has("minimum") && schema.has("maximum"))
                                .as(where)
                                .isTrue();
                    default -> throw new AssertionError(where + ": unexpected type " + schema.get("type"));
                }
            });
        }
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            hoi4.focus_inspect | {}                                              | true
            hoi4.focus_inspect | {"tree": "GER_focus", "max_focuses": 5000}      | true
            hoi4.focus_inspect | {"max_focuses": 1}                              | true
            hoi4.focus_inspect | {"tree": "GER_focus", "depth": 2}               | false
            hoi4.focus_inspect | {"max_focuses": 0}                              | false
            hoi4.focus_inspect | {"max_focuses": 5001}                           | false
            hoi4.focus_inspect | {"max_focuses": 2.5}                            | false
            hoi4.focus_inspect | {"tree": ""}                                    | false
            hoi4.focus_render  | {"tree": "GER_focus"}                           | true
            hoi4.focus_render  | {"tree": "GER_focus", "max_focuses": 200}       | true
            hoi4.focus_render  | {}                                              | false
            hoi4.focus_render  | {"tree": "GER_focus", "format": "png"}          | false
            hoi4.event_inspect | {}                                              | true
            hoi4.event_inspect | {"namespace": "ger", "max_events": 5000}        | true
            hoi4.event_inspect | {"namespace": "ger", "events": 1}               | false
            hoi4.event_inspect | {"max_events": 5001}                            | false
            hoi4.event_inspect | {"namespace": 7}                                | false
            """)
    void inputSchemasAcceptValidInputAndRefuseTheRest(String name, String input, boolean valid) throws IOException {
        JsonSchema schema = FACTORY.getSchema(entry(name).get("inputSchema"));

        List<String> messages = validate(schema, Results.JSON.readTree(input));

        if (valid) {
            assertThat(messages).isEmpty();
        } else {
            assertThat(messages).isNotEmpty();
        }
    }
}
