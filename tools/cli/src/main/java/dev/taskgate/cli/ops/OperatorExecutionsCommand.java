package dev.taskgate.cli.ops;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.TaskgateCli;

/** {@code taskgate ops executions ...}: every principal's executions in the project. */
@Command(
        name = "executions",
        description = "The project's executions, whoever started them.",
        subcommands = {
            OperatorExecutionsCommand.List.class,
            OperatorExecutionsCommand.Get.class,
            OperatorExecutionsCommand.Payload.class,
            OperatorExecutionsCommand.Cancel.class
        })
public final class OperatorExecutionsCommand extends CommandGroup {

    /** {@code ops executions list}. */
    @Command(name = "list", description = "One page of executions, newest first (scope executions:operator:status).")
    static final class List implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--status", description = "Only this status (queued, working, input_required, completed, ...).")
        String status;

        @Option(names = "--tool", description = "Only calls of this tool (its exact name).")
        String tool;

        @Option(
                names = "--principal",
                description = "Only executions of this owner: the whole principal (as OWNER shows it) or its subject.")
        String principal;

        @Option(
                names = "--created-from",
                paramLabel = "INSTANT",
                description = "Only executions created at or after this instant (RFC 3339, e.g. 2026-12-04T10:00:00Z).")
        String createdFrom;

        @Option(
                names = "--created-before",
                paramLabel = "INSTANT",
                description = "Only executions created before this instant (RFC 3339).")
        String createdBefore;

        @Option(names = "--limit", defaultValue = "20", description = "Per page, 1-100 (default 20).")
        int limit;

        @Option(names = "--cursor", description = "Continue from a page's next_cursor.")
        String cursor;

        @Override
        public Integer call() {
            return TaskgateCli.of(spec)
                    .printList(
                            OpsCommand.client(spec)
                                    .executions(
                                            new OperatorClient.ExecutionFilter(
                                                    status, tool, principal, createdFrom, createdBefore),
                                            limit,
                                            cursor),
                            OperatorTables::executions);
        }
    }

    /** A subcommand about one execution. */
    abstract static class OnExecution implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "ID", description = "The execution id (tgx_...).")
        String id;
    }

    /** {@code ops executions get ID}. */
    @Command(
            name = "get",
            description =
                    "Safe status: owner, attempt, replacements after owner loss; never the payload (executions:operator:status).")
    static final class Get extends OnExecution {
        @Override
        public Integer call() {
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).execution(id));
        }
    }

    /** {@code ops executions payload ID}. */
    @Command(name = "payload", description = "Input and result (executions:operator:payload; audited).")
    static final class Payload extends OnExecution {
        @Override
        public Integer call() {
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).payload(id));
        }
    }

    /** {@code ops executions cancel ID}. */
    @Command(
            name = "cancel",
            description = "Cancel anyone's execution; prints the outcome (executions:operator:cancel; audited).")
    static final class Cancel extends OnExecution {
        @Override
        public Integer call() {
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).cancel(id));
        }
    }
}
