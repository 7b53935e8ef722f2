package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ProgressTokens;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;

/**
 * Asks job-control to create a durable execution, or to return the one already bound to the receipt.
 * Keyed on Kafka by the receipt namespace so duplicate submissions are serialised on one partition.
 * It carries no {@code executionId}: job-control assigns it.
 *
 * @param messageId  unique per command
 * @param occurredAt when the frontend sent it
 * @param replyTo    the frontend instance waiting for the reply
 * @param caller     the authenticated caller
 * @param surface    the API generation the call came through
 * @param receiptKey the idempotency key (REST {@code Idempotency-Key}, MCP {@code requestKey}, or derived)
 * @param toolName   the registered operation
 * @param input      the arguments, already validated against the operation's input schema
 * @param taskSurface the task surface the call belongs to, for admission control; {@code null} (absent, e.g. from
 *                    an older frontend) means {@link TaskSurface#NATIVE}
 * @param taskTtlMs   the task lifetime the MCP caller asked for (2025-11-25 {@code task.ttl}) or the frontend chose
 *                    (2026-07-28), in milliseconds from creation; job-control clamps it to [1 min, 7 days] and uses
 *                    its configured default when absent. Ignored for REST executions.
 * @param progressToken the MCP {@code progressToken} of a task-augmented 2025-11-25 {@code tools/call}, kept so the
 *                      task's progress is reported under it on any replica ({@link ProgressTokens}); absent otherwise
 * @param scopes     the scopes the caller's token granted, as the frontend verified them; job-control refuses a
 *                   mutating operation without {@code tools:write} ({@code Rejected} 403 {@code insufficient-scope}).
 *                   Absent (an older frontend) means none.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record SubmitExecution(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("caller") Caller caller,
        @JsonProperty("surface") Surface surface,
        @JsonProperty("receiptKey") String receiptKey,
        @JsonProperty("toolName") String toolName,
        @JsonProperty("input") JsonNode input,
        @JsonProperty("taskSurface") TaskSurface taskSurface,
        @JsonProperty("taskTtlMs") Long taskTtlMs,
        @JsonProperty("progressToken") JsonNode progressToken,
        @JsonProperty("scopes") List<String> scopes)
        implements ExecutionCommand {

    public SubmitExecution {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(surface, "surface");
        Objects.requireNonNull(receiptKey, "receiptKey");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(input, "input");
        if (!input.isObject()) {
            throw new IllegalArgumentException("input must be a JSON object");
        }
        if (progressToken != null && (progressToken.isNull() || progressToken.isMissingNode())) {
            progressToken = null;
        }
        if (progressToken != null && !ProgressTokens.isStorable(progressToken)) {
            throw new IllegalArgumentException("progressToken must be a string of at most " + ProgressTokens.MAX_CHARS
                    + " characters or a 64-bit integer");
        }
        scopes = Scopes.copy(scopes);
    }

    /** A submission without a task surface (the native one): the signature before {@code taskSurface} existed. */
    public SubmitExecution(
            UUID messageId,
            Instant occurredAt,
            String replyTo,
            Caller caller,
            Surface surface,
            String receiptKey,
            String toolName,
            JsonNode input) {
        this(messageId, occurredAt, replyTo, caller, surface, receiptKey, toolName, input, null, null, null, null);
    }

    /** A submission without a requested task TTL: the signature before {@code taskTtlMs} existed. */
    public SubmitExecution(
            UUID messageId,
            Instant occurredAt,
            String replyTo,
            Caller caller,
            Surface surface,
            String receiptKey,
            String toolName,
            JsonNode input,
            TaskSurface taskSurface) {
        this(
                messageId,
                occurredAt,
                replyTo,
                caller,
                surface,
                receiptKey,
                toolName,
                input,
                taskSurface,
                null,
                null,
                null);
    }

    /** A submission without a progress token: the signature before {@code progressToken} existed. */
    public SubmitExecution(
            UUID messageId,
            Instant occurredAt,
            String replyTo,
            Caller caller,
            Surface surface,
            String receiptKey,
            String toolName,
            JsonNode input,
            TaskSurface taskSurface,
            Long taskTtlMs) {
        this(
                messageId,
                occurredAt,
                replyTo,
                caller,
                surface,
                receiptKey,
                toolName,
                input,
                taskSurface,
                taskTtlMs,
                null,
                null);
    }

    /** A submission without scopes: the signature before {@code scopes} existed. */
    public SubmitExecution(
            UUID messageId,
            Instant occurredAt,
            String replyTo,
            Caller caller,
            Surface surface,
            String receiptKey,
            String toolName,
            JsonNode input,
            TaskSurface taskSurface,
            Long taskTtlMs,
            JsonNode progressToken) {
        this(
                messageId,
                occurredAt,
                replyTo,
                caller,
                surface,
                receiptKey,
                toolName,
                input,
                taskSurface,
                taskTtlMs,
                progressToken,
                null);
    }

    /** Whether the caller's token granted {@code scope} (absent scopes: none). */
    public boolean grants(String scope) {
        return scopes != null && scopes.contains(scope);
    }

    /** The task surface admission applies to: {@link TaskSurface#NATIVE} when absent. */
    @JsonIgnore
    public TaskSurface admissionSurface() {
        return taskSurface == null ? TaskSurface.NATIVE : taskSurface;
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.SUBMIT;
    }
}
