package dev.taskgate.cli.ops;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.TaskgateCli;

/** {@code taskgate ops audit}: the project's audit log. */
@Command(name = "audit", description = "One page of the project's audit log, newest first.")
public final class AuditCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--limit", defaultValue = "20", description = "Per page, 1-100 (default 20).")
    int limit;

    @Option(names = "--cursor", description = "Continue from a page's next_cursor.")
    String cursor;

    @Override
    public Integer call() {
        return TaskgateCli.of(spec).printList(OpsCommand.client(spec).audit(limit, cursor), OperatorTables::audit);
    }
}
