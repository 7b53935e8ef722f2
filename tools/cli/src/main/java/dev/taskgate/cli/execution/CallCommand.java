package dev.taskgate.cli.execution;

import java.util.UUID;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.TaskgateCli;

/**
 * {@code taskgate call TOOL}: creates a REST execution, follows it with a progress line on standard error,
 * answers its input requests, and prints its result on standard output exactly as stored.
 */
@Command(
        name = "call",
        description = {
            "Run a tool and print its result (the exact CallToolResult JSON).",
            "Progress goes to standard error; the exit code says how it ended (see taskgate --help)."
        })
public final class CallCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TOOL", description = "The tool's name, e.g. demo.echo.")
    String tool;

    @Option(
            names = "--input",
            paramLabel = "JSON|@FILE",
            defaultValue = "{}",
            description = "The tool's input: JSON, @file, or @- for standard input (default: {}).")
    String input;

    @Option(names = "--detach", description = "Print the execution id and return at once.")
    boolean detach;

    @Option(
            names = "--idempotency-key",
            paramLabel = "KEY",
            description = "Idempotency-Key of the creation (default: a new random key). Repeat a call with the same "
                    + "key and input to get the same execution.")
    String idempotencyKey;

    @Mixin
    FollowOptions follow;

    @Override
    public Integer call() {
        TaskgateCli cli = TaskgateCli.of(spec);
        JsonNode arguments = JsonArgument.parse(input, "--input", System.in);
        ExecutionClient client = new ExecutionClient(cli.api(), cli.profile());
        String key = idempotencyKey != null ? idempotencyKey : "cli-" + UUID.randomUUID();
        JsonNode created = client.create(tool, arguments, key);
        if (detach) {
            if (cli.json()) {
                cli.io().out().println(created.toString());
            } else {
                cli.io().out().println(created.path("execution_id").asText());
            }
            return ExitCodes.OK;
        }
        return follow.followAndPrint(cli, client, created);
    }
}
