package dev.taskgate.frontend.support;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.frontend.execution.ToolInputValidator;

/** The catalog plus a mutating tool {@code test.rewrite} (the shipped catalog has none yet). */
@Alternative
@Singleton
public class ToolsWithTestMutation extends ToolInputValidator {
    /** The mutating test tool. */
    public static final String REWRITE = "test.rewrite";

    ToolsWithTestMutation() {
        super(operations());
    }

    private static List<OperationSpec> operations() {
        List<OperationSpec> all = new ArrayList<>(OperationCatalog.load().all());
        all.add(new OperationSpec(
                REWRITE,
                "1",
                "Rewrite",
                "Rewrites a file (test only)",
                true,
                null,
                Wire.mapper().createObjectNode().put("type", "object")));
        return all;
    }
}
