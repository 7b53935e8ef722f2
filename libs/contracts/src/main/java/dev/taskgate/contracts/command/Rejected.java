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
 * @param retryAfterSeconds for a refusal that may succeed later (admission limits, status 429): job-control's
 *                      estimate of when a retry of the same command may be admitted, in whole seconds (at least 1);
 *                      {@code null} otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Rejected(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("correlationId") UUID correlationId,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("problem") Problem problem,
        @JsonProperty("retryAfterSeconds") Long retryAfterSeconds)
        implements CommandReply {

    public Rejected {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(problem, "problem");
        if (retryAfterSeconds != null && retryAfterSeconds < 1) {
            throw new IllegalArgumentException("retryAfterSeconds must be at least 1");
        }
    }

    /** A refusal without a retry hint: the signature before {@code retryAfterSeconds} existed. */
    public Rejected(UUID messageId, Instant occurredAt, UUID correlationId, String replyTo, Problem problem) {
        this(messageId, occurredAt, correlationId, replyTo, problem, null);
    }
}
