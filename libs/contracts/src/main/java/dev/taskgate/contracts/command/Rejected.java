package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.Problem;

/**
 * The command changed nothing, for the stated reason (conflicting receipt, unknown execution, …).
 *
 * @param messageId     unique per reply
 * @param occurredAt    when job-control sent it
 * @param correlationId the command's {@code messageId}
 * @param replyTo       the frontend instance the reply is for
 * @param problem       why, ready to be returned to the caller
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Rejected(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("correlationId") UUID correlationId,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("problem") Problem problem) implements CommandReply {

    public Rejected {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(problem, "problem");
    }
}
