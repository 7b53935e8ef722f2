package dev.taskgate.cli.execution;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Option;

import dev.taskgate.cli.Io;
import dev.taskgate.cli.TaskgateCli;

/** The options of the commands that follow an execution to its end ({@code call}, {@code executions watch}). */
public final class FollowOptions {
    @Option(
            names = "--input-response",
            paramLabel = "JSON|@FILE",
            description = "Answer input requests with this response ({\"action\":\"accept\",\"content\":{...}}), "
                    + "or with {\"<request key>\": response, ...}.")
    String inputResponse;

    @Option(
            names = "--interactive",
            negatable = true,
            description = "Ask at the terminal when the execution needs input (default: when a terminal is attached).")
    Boolean interactive;

    @Option(names = "--quiet", description = "No progress line.")
    boolean quiet;

    @Option(
            names = "--cancel-on-interrupt",
            description = "On Ctrl-C, cancel the execution without asking (default: ask at a terminal, else leave it "
                    + "running and say how to resume).")
    boolean cancelOnInterrupt;

    /** Follows the execution {@code first} describes until it ends, then prints its outcome; the exit code. */
    int followAndPrint(TaskgateCli cli, ExecutionClient client, JsonNode first) {
        Io io = cli.io();
        String id = first.path("execution_id").asText();
        JsonNode given =
                inputResponse == null ? null : JsonArgument.parse(inputResponse, "--input-response", System.in);
        boolean ask = interactive != null ? interactive : io.terminal();
        InputAnswerer answerer =
                new GivenResponses(given, ask ? new InputPrompt(io, GivenResponses.refuse()) : GivenResponses.refuse());
        ExecutionWatcher watcher = new ExecutionWatcher(
                client,
                new ProgressDisplay(io.err(), io.terminal(), quiet),
                answerer,
                duration -> Thread.sleep(duration.toMillis()),
                System::nanoTime);
        Thread onInterrupt = new Thread(() -> interrupted(io, client, id, ask), "taskgate-interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        JsonNode end;
        try {
            end = watcher.follow(id, first);
        } finally {
            removeHook(onInterrupt);
        }
        return Outcome.print(io, client, end);
    }

    // Runs only when the JVM is stopped before the execution ended (Ctrl-C, SIGTERM): cancels when asked to by
    // --cancel-on-interrupt or by the person at the terminal, else leaves the execution running.
    void interrupted(Io io, ExecutionClient client, String id, boolean ask) {
        io.err().println();
        boolean cancel = cancelOnInterrupt
                || (ask && io.terminal() && InterruptPrompt.cancelWanted(io, id, InterruptPrompt.ANSWER_WITHIN));
        if (!cancel) {
            io.err()
                    .println("taskgate: interrupted; execution " + id + " goes on. Follow it: taskgate executions "
                            + "watch " + id + "; cancel it: taskgate executions cancel " + id);
            return;
        }
        try {
            JsonNode after = client.cancel(id);
            io.err()
                    .println("taskgate: interrupted; cancel requested for " + id + " (status "
                            + after.path("status").asText() + ")");
        } catch (RuntimeException e) {
            io.err().println("taskgate: interrupted; cancelling " + id + " failed: " + e.getMessage());
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs
        }
    }
}
