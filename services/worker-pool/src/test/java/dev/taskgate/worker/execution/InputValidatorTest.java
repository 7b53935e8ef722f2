package dev.taskgate.worker.execution;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

import static dev.taskgate.worker.WorkerTestRecords.json;
import static org.assertj.core.api.Assertions.assertThat;

class InputValidatorTest {
    private final OperationCatalog catalog = OperationCatalog.load();
    private final InputValidator validator = new InputValidator();

    private OperationSpec spec(String name) {
        return catalog.find(name).orElseThrow();
    }

    @Test
    void acceptsInputThatMatchesTheCatalogSchema() {
        assertThat(validator.violations(spec("demo.sleep"), json("{\"seconds\":2.5}")))
                .isEmpty();
        assertThat(validator.violations(spec("demo.echo"), json("{\"anything\":[1,{}]}")))
                .isEmpty();
        assertThat(validator.violations(spec("demo.crash"), json("{\"exit_code\":3}")))
                .isEmpty();
    }

    @Test
    void namesEachViolation() {
        assertThat(validator.violations(spec("demo.sleep"), json("{\"extra\":1}")))
                .hasSize(2)
                .anyMatch(m -> m.contains("seconds"))
                .anyMatch(m -> m.contains("extra"));
    }

    @Test
    void checksTypesAndBounds() {
        assertThat(validator.violations(spec("demo.sleep"), json("{\"seconds\":3601}")))
                .hasSize(1);
        assertThat(validator.violations(spec("demo.crash"), json("{\"exit_code\":1.5}")))
                .hasSize(1);
        assertThat(validator.violations(spec("demo.fail"), json("{\"message\":7}")))
                .hasSize(1);
        assertThat(validator.violations(spec("demo.echo"), json("[1]"))).hasSize(1);
    }
}
