package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * job-control's answer to an {@link ExecutionCommand}, on {@code taskgate.command-replies.v1}, keyed by
 * {@link #replyTo()}. Replies are not durable state: a frontend that misses one retries the command,
 * and the receipt makes the retry return the same execution.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Accepted.class, name = "Accepted"),
    @JsonSubTypes.Type(value = Rejected.class, name = "Rejected")
})
public sealed interface CommandReply permits Accepted, Rejected {

    /** Unique per reply. */
    UUID messageId();

    /** When job-control sent it. */
    Instant occurredAt();

    /** The {@code messageId} of the command this answers. */
    UUID correlationId();

    /** The frontend instance the reply is for. */
    String replyTo();
}
