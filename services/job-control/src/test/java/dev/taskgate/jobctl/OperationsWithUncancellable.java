package dev.taskgate.jobctl;

import java.util.Optional;

import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * The shipped catalog plus one operation whose catalog entry says {@code cancellable: false}, {@value #NAME}: no
 * shipped operation is, and an operator's cancel of such a running operation answers {@code unsupported}. Enabled
 * only by the test profiles that list it as an alternative.
 */
@Alternative
@Singleton
public class OperationsWithUncancellable implements Operations {

    /** The test-only operation that cannot be stopped once running. */
    public static final String NAME = "test.uncancellable";

    private final OperationCatalog catalog = OperationCatalog.load();
    private final OperationSpec uncancellable = new OperationSpec(
            NAME,
            "1",
            "Test uncancellable",
            "Test-only operation that cannot be stopped once it runs.",
            false,
            null,
            JsonNodeFactory.instance.objectNode().put("type", "object"),
            false,
            null);

    @Override
    public Optional<OperationSpec> find(String name) {
        return NAME.equals(name) ? Optional.of(uncancellable) : catalog.find(name);
    }
}
