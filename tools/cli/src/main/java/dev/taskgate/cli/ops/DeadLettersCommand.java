package dev.taskgate.cli.ops;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.TaskgateCli;

/**
 * {@code taskgate ops dead-letters ...}: the deployment's dead-lettered records, on the routes of its operator project
 * (scope {@code deadletters:admin}; docs/kafka.md).
 */
@Command(
        name = "dead-letters",
        description = "Dead-lettered records: list them, replay them to their source topic (deadletters:admin).",
        subcommands = {DeadLettersCommand.List.class, DeadLettersCommand.Replay.class})
public final class DeadLettersCommand extends CommandGroup {

    /** {@code ops dead-letters list}. */
    @Command(name = "list", description = "One page of dead-lettered records.")
    static final class List implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--topic", description = "Only this dead-letter topic.")
        String topic;

        @Option(names = "--partition", description = "Only this partition (with --topic).")
        Integer partition;

        @Option(names = "--limit", defaultValue = "20", description = "Per page, 1-100 (default 20).")
        int limit;

        @Option(names = "--cursor", description = "Continue from a page's next_cursor.")
        String cursor;

        @Override
        public Integer call() {
            return TaskgateCli.of(spec)
                    .printList(
                            OpsCommand.client(spec).deadLetters(topic, partition, limit, cursor),
                            OperatorTables::deadLetters);
        }
    }

    /** {@code ops dead-letters replay TOPIC PARTITION (OFFSET | --from N --to N) [--force]}. */
    @Command(
            name = "replay",
            description = "Send one record (or the offsets [from, to)) back to its source topic; a record replayed "
                    + "before needs --force.")
    static final class Replay implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The dead-letter topic.")
        String topic;

        @Parameters(index = "1", paramLabel = "PARTITION")
        int partition;

        @Parameters(index = "2", arity = "0..1", paramLabel = "OFFSET", description = "The record's offset.")
        Long offset;

        @Option(names = "--from", description = "First offset of a range, inclusive (with --to).")
        Long from;

        @Option(names = "--to", description = "End of a range, exclusive (with --from).")
        Long to;

        @Option(names = "--force", description = "Replay records that were replayed before.")
        boolean force;

        @Override
        public Integer call() {
            boolean one = offset != null && from == null && to == null;
            boolean range = offset == null && from != null && to != null;
            if (!one && !range) {
                throw new CliException(ExitCodes.USAGE, "Name one OFFSET, or a range with --from and --to, not both.");
            }
            OperatorClient client = OpsCommand.client(spec);
            TaskgateCli cli = TaskgateCli.of(spec);
            if (offset != null) {
                return cli.print(client.replayDeadLetter(topic, partition, offset, force));
            }
            return cli.printList(client.replayDeadLetters(topic, partition, from, to, force), OperatorTables::replayed);
        }
    }
}
