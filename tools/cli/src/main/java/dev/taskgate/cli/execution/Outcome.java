package dev.taskgate.cli.execution;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.Io;
import dev.taskgate.cli.http.ApiException;
import dev.taskgate.cli.http.ApiResponse;

/**
 * The end of {@code call}, {@code watch} and {@code result}: a completed execution's result written to standard
 * output exactly as the API stored it, and the exit code its end means.
 */
public final class Outcome {
    private Outcome() {}

    /**
     * Prints the result of the terminal execution {@code execution} and returns the exit code: 0, or 1 when the
     * result says {@code isError}; a failed or cancelled execution ends the command with its message.
     */
    public static int print(Io io, ExecutionClient client, JsonNode execution) {
        String id = execution.path("execution_id").asText();
        String status = execution.path("status").asText();
        ApiResponse result;
        try {
            result = client.result(id);
        } catch (ApiException e) {
            if (e.problem().status() == 409) {
                boolean cancelled = "execution-cancelled".equals(e.problem().slug()) || "cancelled".equals(status);
                throw new CliException(
                        cancelled ? ExitCodes.CANCELLED : ExitCodes.FAILED,
                        (cancelled ? "Execution " + id + " was cancelled" : "Execution " + id + " failed") + ": "
                                + (e.problem().detail() != null ? e.problem().detail() : status));
            }
            throw e;
        }
        if (result.status() == 202) {
            throw new CliException(
                    ExitCodes.NOT_FINISHED,
                    "Execution " + id + " has not ended yet ("
                            + result.json().path("status").asText() + "); wait with: taskgate executions watch " + id);
        }
        io.writeExactly(result.body());
        if (io.terminal()) {
            io.out().println();
        }
        return isError(result) ? ExitCodes.FAILED : ExitCodes.OK;
    }

    private static boolean isError(ApiResponse result) {
        try {
            return result.json().path("isError").asBoolean(false);
        } catch (CliException e) {
            return false;
        }
    }
}
