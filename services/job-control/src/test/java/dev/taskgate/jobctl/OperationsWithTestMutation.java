package dev.taskgate.jobctl;

import java.util.Optional;

import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * The shipped catalog plus one mutating operation, {@value #NAME}: the shipped catalog has none, and receipt
 * retention differs for mutating operations. Enabled only by the test profiles that list it as an alternative.
 */
@Alternative
@Singleton
public class OperationsWithTestMutation implements Operations {

    /** The test-only mutating operation. */
    public static final String NAME = "test.mutate";

    private final OperationCatalog catalog = OperationCatalog.load();
    private final OperationSpec mutation = new OperationSpec(
            NAME,
            "1",
            "Test mutation",
            "Test-only operation that claims to change something outside Taskgate.",
            true,
            null,
            JsonNodeFactory.instance.objectNode().put("type", "object"));

    @Override
    public Optional<OperationSpec> find(String name) {
        return NAME.equals(name) ? Optional.of(mutation) : catalog.find(name);
    }
}
