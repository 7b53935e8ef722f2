package dev.taskgate.worker.execution;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.taskgate.contracts.catalog.OperationCatalog;

import static dev.taskgate.worker.WorkerTestRecords.json;
import static org.assertj.core.api.Assertions.assertThat;

/** The catalog schemas of the workspace graph operations accept their documented inputs and reject bad ones. */
class WorkspaceGraphInputTest {
    private static final String GRAPH = "g-0123456789abcdef0123456789abcdef";
    private static final String REV = "sha256:" + "ab".repeat(32);
    private final OperationCatalog catalog = OperationCatalog.load();
    private final InputValidator validator = new InputValidator();

    private int violations(String operation, String input) {
        var spec = catalog.find(operation).orElseThrow();
        assertThat(spec.workspace()).as("works over a workspace").isTrue();
        return validator
                .violations(spec, json(input.replace("GRAPH", GRAPH).replace("REV", REV)))
                .size();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "workspace.inspect|{}",
                "workspace.inspect|{\"start\":[\"src/main.c\"],\"depth\":0,\"max_nodes\":1,\"max_edges\":1}",
                "workspace.inspect|{\"depth\":32,\"helper_expansion\":true,\"cursor\":\"wsg1.eyJnIjoiZyJ9\"}",
                "workspace.render|{\"start\":[\"docs/a.md\"],\"depth\":2,\"max_nodes\":2000}",
                "workspace.render|{\"graph_id\":\"GRAPH\",\"revision\":\"REV\"}",
                "workspace.compare|{\"graph_id\":\"GRAPH\",\"base\":\"REV\"}",
                "workspace.compare|{\"graph_id\":\"GRAPH\",\"base\":\"REV\",\"head\":\"current\"}",
                "workspace.compare|{\"graph_id\":\"GRAPH\",\"base\":\"REV\",\"head\":\"REV\"}"
            })
    void acceptsDocumentedInput(String operation, String input) {
        assertThat(violations(operation, input)).isZero();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "workspace.inspect|{\"depth\":33}",
                "workspace.inspect|{\"depth\":-1}",
                "workspace.inspect|{\"max_nodes\":0}",
                "workspace.inspect|{\"start\":[\"/etc/passwd\"]}",
                "workspace.inspect|{\"start\":[\"src\"]}",
                "workspace.inspect|{\"start\":[\"a/b\",\"a/b\"]}",
                "workspace.inspect|{\"cursor\":\"not a cursor\"}",
                "workspace.inspect|{\"workspace\":\"other/project\"}",
                "workspace.render|{\"graph_id\":\"GRAPH\"}",
                "workspace.render|{\"revision\":\"REV\"}",
                "workspace.render|{\"graph_id\":\"GRAPH\",\"revision\":\"REV\",\"depth\":2}",
                "workspace.render|{\"graph_id\":\"nope\",\"revision\":\"REV\"}",
                "workspace.render|{\"max_nodes\":2001}",
                "workspace.compare|{\"graph_id\":\"GRAPH\"}",
                "workspace.compare|{\"base\":\"REV\"}",
                "workspace.compare|{\"graph_id\":\"GRAPH\",\"base\":\"current\"}",
                "workspace.compare|{\"graph_id\":\"GRAPH\",\"base\":\"REV\",\"head\":\"latest\"}"
            })
    void rejectsBadInput(String operation, String input) {
        assertThat(violations(operation, input)).isPositive();
    }
}
