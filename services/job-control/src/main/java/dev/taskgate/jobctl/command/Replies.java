package dev.taskgate.jobctl.command;

import java.time.Instant;
import java.util.UUID;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.jobctl.execution.Execution;

/** Builds replies addressed to the command's sender and correlated with it. */
public final class Replies {

    private Replies() {}

    /** The command took effect (or had already) and left {@code execution} as given. */
    public static Accepted accepted(
            UUID messageId, Instant at, ExecutionCommand command, Execution execution, boolean created) {
        return new Accepted(
                messageId, at, command.messageId(), command.replyTo(), execution.id(), created, execution.toSnapshot());
    }

    /** The command changed nothing, for the given reason. */
    public static Rejected rejected(UUID messageId, Instant at, ExecutionCommand command, Problem problem) {
        return new Rejected(messageId, at, command.messageId(), command.replyTo(), problem);
    }

    /** The command changed nothing for now; a retry may succeed after about {@code retryAfterSeconds}. */
    public static Rejected rejected(
            UUID messageId, Instant at, ExecutionCommand command, Problem problem, Long retryAfterSeconds) {
        return new Rejected(messageId, at, command.messageId(), command.replyTo(), problem, retryAfterSeconds);
    }
}
