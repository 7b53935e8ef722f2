package dev.taskgate.contracts;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** {@code schemas/operations/catalog.json} is a valid catalog and {@link OperationCatalog} reads it. */
class OperationCatalogTest {
    private static final String CATALOG = "operations/catalog.json";
    private static final String SCHEMA = "operations/catalog.schema.json";

    static Stream<OperationSpec> operations() {
        return OperationCatalog.load().all().stream();
    }

    @Test
    void catalogValidatesAgainstItsSchema() {
        assertThat(SchemaFiles.validate(SCHEMA, SchemaFiles.json(CATALOG))).isEmpty();
    }

    @Test
    void operationNamesAreUnique() {
        List<String> names = new ArrayList<>();
        SchemaFiles.json(CATALOG)
                .path("operations")
                .forEach(op -> names.add(op.path("name").asText()));

        assertThat(names).isNotEmpty().doesNotHaveDuplicates();
        assertThat(OperationCatalog.load().all())
                .extracting(OperationSpec::name)
                .containsExactlyElementsOf(names);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operations")
    void inputSchemaCompilesAsDraft202012(OperationSpec operation) {
        assertThatCode(() -> SchemaFiles.compile(operation.inputSchema())).doesNotThrowAnyException();
        assertThat(operation.inputSchema().path("type").asText()).isEqualTo("object");
    }

    @Test
    void inputSchemasAreEnforced() {
        OperationSpec sleep = OperationCatalog.load().find("demo.sleep").orElseThrow();
        var schema = SchemaFiles.compile(sleep.inputSchema());

        assertThat(schema.validate(Wire.mapper().createObjectNode().put("seconds", 5)))
                .isEmpty();
        assertThat(schema.validate(Wire.mapper().createObjectNode().put("seconds", -1)))
                .isNotEmpty();
        assertThat(schema.validate(Wire.mapper().createObjectNode())).isNotEmpty();
    }

    @Test
    void findReturnsRegisteredOperationsOnly() {
        OperationCatalog catalog = OperationCatalog.load();

        assertThat(catalog.find("demo.echo")).map(OperationSpec::version).contains("1");
        assertThat(catalog.find("no.such.tool")).isEmpty();
        assertThat(catalog.find("DEMO.ECHO")).isEmpty();
        assertThat(catalog.find("")).isEmpty();
    }

    @Test
    void schemaRejectsAnOperationWithoutInputSchemaOrMutatingFlag() {
        JsonNode catalog = SchemaFiles.json(CATALOG);
        ObjectNode noInput = catalog.deepCopy();
        ((ObjectNode) noInput.at("/operations/0")).remove("inputSchema");
        ObjectNode noMutating = catalog.deepCopy();
        ((ObjectNode) noMutating.at("/operations/0")).remove("mutating");

        assertThat(SchemaFiles.validate(SCHEMA, noInput)).isNotEmpty();
        assertThat(SchemaFiles.validate(SCHEMA, noMutating)).isNotEmpty();
    }

    @Test
    void schemaRejectsAnInputSchemaThatIsNotAnObjectSchemaOrNotASchema() {
        JsonNode catalog = SchemaFiles.json(CATALOG);
        ObjectNode stringInput = catalog.deepCopy();
        ((ObjectNode) stringInput.at("/operations/0/inputSchema")).put("type", "string");
        ObjectNode invalidSchema = catalog.deepCopy();
        ((ObjectNode) invalidSchema.at("/operations/0/inputSchema")).put("maxProperties", "many");
        ObjectNode badName = catalog.deepCopy();
        ((ObjectNode) badName.at("/operations/0")).put("name", "demo echo; rm -rf /");
        ObjectNode noOperations = catalog.deepCopy();
        noOperations.set("operations", Wire.mapper().createObjectNode());

        assertThat(SchemaFiles.validate(SCHEMA, stringInput)).isNotEmpty();
        assertThat(SchemaFiles.validate(SCHEMA, invalidSchema)).isNotEmpty();
        assertThat(SchemaFiles.validate(SCHEMA, badName)).isNotEmpty();
        assertThat(SchemaFiles.validate(SCHEMA, noOperations)).isNotEmpty();
        assertThat(noOperations.get("operations")).isNotInstanceOf(ArrayNode.class);
    }
}
