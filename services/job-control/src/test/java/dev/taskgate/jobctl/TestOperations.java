package dev.taskgate.jobctl;

import java.util.Map;
import java.util.Optional;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * The shipped catalog plus two test-only operations, in every component test of this module (a prioritised
 * alternative on the test classpath only): {@value #MUTATION}, mutating (the shipped catalog has no mutating operation
 * whose receipt rules a test can drive alone), {@value #UNCANCELLABLE}, which cannot be stopped once it runs, and
 * {@value #POLICY_CHANGES}, whose mutating flag a test changes.
 * Their names cannot clash with a shipped operation's, so every other test sees the shipped catalog unchanged.
 */
@Alternative
@Priority(1)
@Singleton
public class TestOperations implements Operations {

    /** The test-only mutating operation. */
    public static final String MUTATION = "test.mutate";

    /** The test-only operation that cannot be stopped once running. */
    public static final String UNCANCELLABLE = "test.uncancellable";

    /** The test-only operation whose policy a test changes: read-only until {@link #declareMutating}. */
    public static final String POLICY_CHANGES = "test.policy-changes";

    private volatile boolean policyChangesMutating;

    private final OperationCatalog catalog;
    private final Map<String, OperationSpec> extra = Map.of(
            MUTATION,
            new OperationSpec(
                    MUTATION,
                    "1",
                    "Test mutation",
                    "Test-only operation that claims to change something outside Taskgate.",
                    true,
                    null,
                    JsonNodeFactory.instance.objectNode().put("type", "object")),
            UNCANCELLABLE,
            new OperationSpec(
                    UNCANCELLABLE,
                    "1",
                    "Test uncancellable",
                    "Test-only operation that cannot be stopped once it runs.",
                    false,
                    null,
                    JsonNodeFactory.instance.objectNode().put("type", "object"),
                    false,
                    null));

    /** On top of the service's own catalog: the shipped one, with the conformance pack where a profile enables it. */
    TestOperations(OperationCatalog catalog) {
        this.catalog = catalog;
    }

    /** Changes the policy of {@value #POLICY_CHANGES}, as an operator changes an upstream tool's. */
    public void declareMutating(boolean mutating) {
        this.policyChangesMutating = mutating;
    }

    @Override
    public Optional<OperationSpec> find(String name) {
        if (POLICY_CHANGES.equals(name)) {
            return Optional.of(new OperationSpec(
                    POLICY_CHANGES,
                    "1",
                    "Test policy change",
                    "Test-only operation whose mutating flag a test changes.",
                    policyChangesMutating,
                    null,
                    JsonNodeFactory.instance.objectNode().put("type", "object")));
        }
        OperationSpec spec = extra.get(name);
        return spec != null ? Optional.of(spec) : catalog.find(name);
    }
}
