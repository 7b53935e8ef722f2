package dev.taskgate.cli.ops;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.TaskgateCli;

/** {@code taskgate ops ...}: the operator routes of a project (an operator's token, a scope per route). */
@Command(
        name = "ops",
        description = "Operate a project: anyone's executions, the audit log, dead letters, upstream MCP servers.",
        subcommands = {
            OperatorExecutionsCommand.class,
            AuditCommand.class,
            DeadLettersCommand.class,
            UpstreamsCommand.class
        })
public final class OpsCommand extends CommandGroup {
    static OperatorClient client(CommandSpec spec) {
        TaskgateCli cli = TaskgateCli.of(spec);
        return new OperatorClient(cli.api(), cli.profile());
    }
}
