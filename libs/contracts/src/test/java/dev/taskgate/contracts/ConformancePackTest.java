package dev.taskgate.contracts;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** {@code schemas/operations/conformance-pack.json} is a valid pack, added to the catalog only when asked for. */
class ConformancePackTest {
    private static final String PACK = "operations/conformance-pack.json";
    private static final String SCHEMA = "operations/catalog.schema.json";

    static Stream<OperationSpec> packOperations() {
        List<String> core =
                OperationCatalog.load().all().stream().map(OperationSpec::name).toList();
        return OperationCatalog.load(true).all().stream().filter(op -> !core.contains(op.name()));
    }

    @Test
    void packValidatesAgainstTheCatalogSchema() {
        assertThat(SchemaFiles.validate(SCHEMA, SchemaFiles.json(PACK))).isEmpty();
    }

    @Test
    void packIsAbsentByDefaultAndAppendedAfterTheCoreWhenEnabled() {
        List<String> core =
                OperationCatalog.load().all().stream().map(OperationSpec::name).toList();
        List<String> withPack = OperationCatalog.load(true).all().stream()
                .map(OperationSpec::name)
                .toList();

        assertThat(core).doesNotContain("test_simple_text", "greet", "slow_compute");
        assertThat(OperationCatalog.load(false).all())
                .extracting(OperationSpec::name)
                .isEqualTo(core);
        assertThat(withPack)
                .startsWith(core.toArray(String[]::new))
                .contains("test_simple_text", "greet", "slow_compute", "test_tool_with_task")
                .doesNotHaveDuplicates();
    }

    @Test
    void packDeclaresTheSuitesTaskPolicies() {
        OperationCatalog catalog = OperationCatalog.load(true);

        assertThat(catalog.find("greet")).map(OperationSpec::taskSupport).contains("forbidden");
        assertThat(catalog.find("slow_compute")).map(OperationSpec::taskSupport).contains("optional");
        assertThat(catalog.find("test_tool_with_task"))
                .map(OperationSpec::taskSupport)
                .contains("required");
        assertThat(catalog.find("demo.echo")).map(OperationSpec::taskSupport).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packOperations")
    void packInputSchemasCompileAsDraft202012(OperationSpec operation) {
        assertThatCode(() -> SchemaFiles.compile(operation.inputSchema())).doesNotThrowAnyException();
        assertThat(operation.inputSchema().path("type").asText()).isEqualTo("object");
    }

    @Test
    void schemaRejectsAnUnknownTaskSupportValue() {
        ObjectNode pack = SchemaFiles.json(PACK).deepCopy();
        ((ObjectNode) pack.at("/operations/0")).put("taskSupport", "sometimes");

        assertThat(SchemaFiles.validate(SCHEMA, pack)).isNotEmpty();
    }
}
