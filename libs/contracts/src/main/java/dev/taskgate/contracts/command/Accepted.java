package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionSnapshot;

/**
 * The command took effect (or had already): the execution as committed.
 *
 * @param messageId     unique per reply
 * @param occurredAt    when job-control sent it
 * @param correlationId the command's {@code messageId}
 * @param replyTo       the frontend instance the reply is for
 * @param executionId   the execution concerned
 * @param created       for a submission: {@code true} when this command created the execution,
 *                      {@code false} when the receipt returned an existing one
 * @param execution     the execution's safe status after the command
 * @param stopDelivered for a cancel that asked a running execution to stop: {@code true} when the stop was seen
 *                      published to the owner's control topic, {@code false} when it is recorded but its delivery
 *                      was not confirmed in time (the relay keeps trying); absent when no stop was asked for
 *                      (docs/job-control.md "Cancellation")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Accepted(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("correlationId") UUID correlationId,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("created") boolean created,
        @JsonProperty("execution") ExecutionSnapshot execution,
        @JsonProperty("stopDelivered") Boolean stopDelivered)
        implements CommandReply {

    public Accepted {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(execution, "execution");
    }

    /** A reply that asked no execution to stop. */
    public Accepted(
            UUID messageId,
            Instant occurredAt,
            UUID correlationId,
            String replyTo,
            UUID executionId,
            boolean created,
            ExecutionSnapshot execution) {
        this(messageId, occurredAt, correlationId, replyTo, executionId, created, execution, null);
    }

    /** This reply, saying whether the stop it asked for was seen delivered. */
    public Accepted withStopDelivered(boolean delivered) {
        return new Accepted(messageId, occurredAt, correlationId, replyTo, executionId, created, execution, delivered);
    }
}
