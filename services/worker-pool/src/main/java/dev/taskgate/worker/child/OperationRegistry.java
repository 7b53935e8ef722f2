package dev.taskgate.worker.child;

import java.util.HashMap;
import java.util.List;
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
import dev.taskgate.worker.child.plugin.PluginOperations;

/**
 * The operations a child may run: those compiled into the worker, plus the plug-in operations of the deployment's
 * plug-in jars (on the child's classpath only). A child runs only names found here; it never loads code by name, path
 * or class. Must list exactly the operations of the catalog in
 * {@code schemas/operations/catalog.json} plus the conformance pack (checked by a unit test); the parent hands a child
 * only operations of its own catalog, which holds the pack only when {@code taskgate.conformance.enabled=true}.
 */
public final class OperationRegistry {
    private final Map<String, Operation> byName;
    private final List<String> problems;

    private OperationRegistry(Map<String, Operation> byName, List<String> problems) {
        this.byName = Map.copyOf(byName);
        this.problems = List.copyOf(problems);
    }

    /**
     * The built-in operations followed by the plug-in operations {@code loader} finds ({@link PluginOperations}),
     * with what is wrong with the plug-ins as {@link #problems()}.
     */
    public static OperationRegistry withPlugins(ClassLoader loader) {
        OperationRegistry builtIn = builtIn();
        PluginOperations.Loaded plugins = PluginOperations.load(loader, builtIn.names());
        Map<String, Operation> all = new HashMap<>(builtIn.byName);
        all.putAll(plugins.operations());
        return new OperationRegistry(all, plugins.problems());
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
        return new OperationRegistry(operations, List.of());
    }

    /** The implementation registered under {@code name}, if any. */
    public Optional<Operation> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** What is wrong with the plug-ins on the child's classpath, one sentence each; the parent refuses such a child. */
    public List<String> problems() {
        return problems;
    }

    /** Every registered name, sorted. */
    public Set<String> names() {
        return new TreeMap<>(byName).keySet();
    }
}
