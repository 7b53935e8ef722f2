package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.Caller;

/**
 * Asks job-control to cancel an execution the caller owns: a queued one is cancelled at once, a
 * running one is asked to stop cooperatively. Cancelling a terminal execution changes nothing.
 *
 * @param messageId   unique per command
 * @param occurredAt  when the frontend sent it
 * @param replyTo     the frontend instance waiting for the reply
 * @param executionId the execution to cancel
 * @param caller      the authenticated caller; must own the execution
 * @param reason      why, for the audit trail and the stop request
 * @param writeGranted whether the caller's current token holds {@code tools:write}; read by job-controls that
 *                    predate {@code scopes}, which decide from it instead
 * @param scopes      the scopes the caller's current token granted, as the frontend verified them; cancelling an
 *                    execution of a mutating operation needs {@code tools:write} (else {@code Rejected} 403
 *                    {@code insufficient-scope}). Absent (an older frontend) means none.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CancelExecution(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("caller") Caller caller,
        @JsonProperty("reason") String reason,
        @JsonProperty("writeGranted") Boolean writeGranted,
        @JsonProperty("scopes") List<String> scopes)
        implements ExecutionCommand {

    /** The canonical form before {@code writeGranted} was added: a caller without {@code tools:write}. */
    public CancelExecution(
            UUID messageId, Instant occurredAt, String replyTo, UUID executionId, Caller caller, String reason) {
        this(messageId, occurredAt, replyTo, executionId, caller, reason, null, null);
    }

    /** The form before {@code scopes} was added. */
    public CancelExecution(
            UUID messageId,
            Instant occurredAt,
            String replyTo,
            UUID executionId,
            Caller caller,
            String reason,
            Boolean writeGranted) {
        this(messageId, occurredAt, replyTo, executionId, caller, reason, writeGranted, null);
    }

    /** Whether the frontend said the caller's token holds {@code tools:write} (absent: no); see {@link #grants}. */
    public boolean isWriteGranted() {
        return Boolean.TRUE.equals(writeGranted);
    }

    /** Whether the caller's token granted {@code scope} (absent scopes: none). */
    public boolean grants(String scope) {
        return scopes != null && scopes.contains(scope);
    }

    public CancelExecution {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(caller, "caller");
        scopes = Scopes.copy(scopes);
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.CANCEL;
    }
}
