package dev.taskgate.frontend.command;

import java.util.UUID;

/**
 * As many commands as {@code taskgate.frontend.commands-in-flight} already wait for job-control's reply on this
 * instance: this one was not published. A retry after a moment is safe.
 */
public final class CommandsInFlightException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommandsInFlightException(UUID messageId) {
        super("command " + messageId + " not sent: every place for a command awaiting its reply is taken");
    }
}
