package dev.taskgate.worker.child;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import dev.taskgate.worker.child.ops.ConfirmOperation;
import dev.taskgate.worker.child.ops.CountOperation;
import dev.taskgate.worker.child.ops.CrashOperation;
import dev.taskgate.worker.child.ops.EchoOperation;
import dev.taskgate.worker.child.ops.FailOperation;
import dev.taskgate.worker.child.ops.ReportOperation;
import dev.taskgate.worker.child.ops.RewriteOperation;
import dev.taskgate.worker.child.ops.SleepOperation;
import dev.taskgate.worker.child.ops.StagedOperation;
import dev.taskgate.worker.child.ops.conformance.ConformancePack;
import dev.taskgate.worker.child.ops.workspace.CompareOperation;
import dev.taskgate.worker.child.ops.workspace.InspectOperation;
import dev.taskgate.worker.child.ops.workspace.RenderOperation;
import dev.taskgate.worker.child.ops.workspace.WorkspaceGraphSource;
import dev.taskgate.worker.child.ops.workspace.WorkspaceRewriteOperation;
import dev.taskgate.worker.child.ops.workspace.WorkspaceSearchOperation;

/**
 * The fixed set of operations compiled into the worker. A child runs only names found here; it never
 * loads code by name, path or class. Must list exactly the operations of the catalog in
 * {@code schemas/operations/catalog.json} plus the conformance pack (checked by a unit test); the parent hands a child
 * only operations of its own catalog, which holds the pack only when {@code taskgate.conformance.enabled=true}.
 */
public final class OperationRegistry {
    private final Map<String, Operation> byName;

    private OperationRegistry(Map<String, Operation> byName) {
        this.byName = Map.copyOf(byName);
    }

    /** The operations this build ships. */
    public static OperationRegistry builtIn() {
        Map<String, Operation> operations = new HashMap<>(Map.of(
                "demo.echo", new EchoOperation(),
                "demo.sleep", new SleepOperation(),
                "demo.fail", new FailOperation(),
                "demo.crash", new CrashOperation(),
                "demo.confirm", new ConfirmOperation(),
                "demo.staged", new StagedOperation(),
                "demo.rewrite", new RewriteOperation(),
                "demo.count", new CountOperation(),
                "demo.report", new ReportOperation()));
        operations.put(WorkspaceSearchOperation.NAME, new WorkspaceSearchOperation());
        operations.put(WorkspaceRewriteOperation.NAME, new WorkspaceRewriteOperation());
        operations.put("workspace.inspect", new InspectOperation(WorkspaceGraphSource.provider()));
        operations.put("workspace.render", new RenderOperation(WorkspaceGraphSource.provider()));
        operations.put("workspace.compare", new CompareOperation(WorkspaceGraphSource.provider()));
        operations.putAll(ConformancePack.operations());
        return new OperationRegistry(operations);
    }

    /** The implementation registered under {@code name}, if any. */
    public Optional<Operation> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every registered name, sorted. */
    public Set<String> names() {
        return new TreeMap<>(byName).keySet();
    }
}
