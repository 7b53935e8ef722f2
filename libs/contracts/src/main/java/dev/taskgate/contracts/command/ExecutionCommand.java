package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A request from a frontend to job-control on {@code taskgate.commands.v1}. job-control answers every
 * command with a {@link CommandReply} on {@code taskgate.command-replies.v1}, addressed to
 * {@link #replyTo()} and correlated by {@link #messageId()}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = SubmitExecution.class, name = "SubmitExecution"),
    @JsonSubTypes.Type(value = CancelExecution.class, name = "CancelExecution"),
    @JsonSubTypes.Type(value = ProvideInput.class, name = "ProvideInput")
})
public sealed interface ExecutionCommand permits SubmitExecution, CancelExecution, ProvideInput {

    /** Unique per command; the reply's correlation id. */
    UUID messageId();

    /** When the frontend sent it. */
    Instant occurredAt();

    /** The frontend instance waiting for the reply. */
    String replyTo();

    /** The kind, for exhaustive switches. */
    Kind kind();

    /** Command kinds. */
    enum Kind {
        SUBMIT,
        CANCEL,
        PROVIDE_INPUT
    }
}
