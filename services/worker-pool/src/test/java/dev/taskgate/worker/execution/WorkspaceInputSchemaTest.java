package dev.taskgate.worker.execution;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

import static dev.taskgate.worker.WorkerTestRecords.json;
import static org.assertj.core.api.Assertions.assertThat;

/** The catalog schemas of the workspace operations refuse bad input before anything runs. */
class WorkspaceInputSchemaTest {
    private final OperationCatalog catalog = OperationCatalog.load();
    private final InputValidator validator = new InputValidator();

    private OperationSpec spec(String name) {
        return catalog.find(name).orElseThrow();
    }

    @Test
    void bothNeedAWorkspaceAndOnlyTheRewriteMutates() {
        assertThat(spec("workspace.search").workspace()).isTrue();
        assertThat(spec("workspace.search").mutating()).isFalse();
        assertThat(spec("workspace.rewrite").workspace()).isTrue();
        assertThat(spec("workspace.rewrite").mutating()).isTrue();
        assertThat(spec("demo.rewrite").workspace()).as("absent means no").isFalse();
    }

    @Test
    void searchAcceptsItsOptionsAndRefusesBadOnes() {
        assertThat(validator.violations(
                        spec("workspace.search"),
                        json("{\"query\":\"x\",\"mode\":\"regex\","
                                + "\"include\":\"src/**\",\"case_sensitive\":false,\"max_results\":1000}")))
                .isEmpty();
        assertThat(validator.violations(spec("workspace.search"), json("{\"query\":\"\"}")))
                .hasSize(1);
        assertThat(validator.violations(spec("workspace.search"), json("{}"))).hasSize(1);
        assertThat(validator.violations(spec("workspace.search"), json("{\"query\":\"x\",\"mode\":\"glob\"}")))
                .hasSize(1);
        assertThat(validator.violations(spec("workspace.search"), json("{\"query\":\"x\",\"max_results\":1001}")))
                .hasSize(1);
        assertThat(validator.violations(spec("workspace.search"), json("{\"query\":\"x\",\"max_results\":0}")))
                .hasSize(1);
        assertThat(validator.violations(spec("workspace.search"), json("{\"query\":\"x\",\"path\":\"/etc\"}")))
                .hasSize(1);
    }

    @Test
    void rewriteTakesEitherASearchReplaceOrEditsNeverBoth() {
        assertThat(validator.violations(
                        spec("workspace.rewrite"),
                        json("{\"search\":\"a\",\"replace\":\"b\"," + "\"mode\":\"literal\",\"include\":\"*.c\"}")))
                .isEmpty();
        assertThat(validator.violations(
                        spec("workspace.rewrite"),
                        json("{\"edits\":[{\"path\":\"src/a.c\"," + "\"old_text\":\"a\",\"new_text\":\"\"}]}")))
                .isEmpty();

        assertThat(validator.violations(spec("workspace.rewrite"), json("{}"))).isNotEmpty();
        assertThat(validator.violations(spec("workspace.rewrite"), json("{\"search\":\"a\"}")))
                .isNotEmpty();
        assertThat(validator.violations(
                        spec("workspace.rewrite"),
                        json("{\"search\":\"a\",\"replace\":\"b\","
                                + "\"edits\":[{\"path\":\"src/a.c\",\"old_text\":\"a\",\"new_text\":\"b\"}]}")))
                .isNotEmpty();
        assertThat(validator.violations(spec("workspace.rewrite"), json("{\"edits\":[]}")))
                .isNotEmpty();
        assertThat(validator.violations(
                        spec("workspace.rewrite"),
                        json("{\"edits\":[{\"path\":\"src/a.c\"," + "\"old_text\":\"\",\"new_text\":\"b\"}]}")))
                .isNotEmpty();
        assertThat(validator.violations(
                        spec("workspace.rewrite"),
                        json("{\"edits\":[{\"path\":\"src/a.c\","
                                + "\"old_text\":\"a\",\"new_text\":\"b\"}],\"include\":\"*.c\"}")))
                .isNotEmpty();
        assertThat(validator.violations(spec("workspace.rewrite"), json("{\"search\":\"\",\"replace\":\"b\"}")))
                .isNotEmpty();
    }
}
