package dev.taskgate.jobctl.command;

import java.util.Objects;

import dev.taskgate.contracts.command.CommandReply;

/**
 * What handling one command produced, once its transaction committed.
 *
 * @param reply         the reply for the frontend that sent the command
 * @param outboxWritten whether the transaction appended outbox rows (the relay is woken then)
 */
public record CommandOutcome(CommandReply reply, boolean outboxWritten) {

    public CommandOutcome {
        Objects.requireNonNull(reply, "reply");
    }
}
