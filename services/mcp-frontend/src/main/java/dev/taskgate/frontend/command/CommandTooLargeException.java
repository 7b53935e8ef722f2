package dev.taskgate.frontend.command;

/**
 * A command too large to hand to job-control: its sealed bytes exceed {@link CommandGateway#MAX_COMMAND_BYTES}, or the
 * broker refused the record for its size. Nothing was sent (or nothing was taken), and the same command never fits:
 * the caller has to send less.
 */
public final class CommandTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int commandBytes;

    CommandTooLargeException(int commandBytes, String message, Throwable cause) {
        super(message, cause);
        this.commandBytes = commandBytes;
    }

    /** The command's sealed size, in bytes. */
    public int commandBytes() {
        return commandBytes;
    }
}
