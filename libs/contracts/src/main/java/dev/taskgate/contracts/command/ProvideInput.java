package dev.taskgate.contracts.command;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.input.InputMaps;

/**
 * Answers input requests of an execution the caller owns. Responses under currently outstanding request keys are
 * recorded and forwarded to the worker; other keys (stale, answered, unknown) are ignored, and so is a response
 * for a terminal execution. The reply is {@code Accepted} with the execution afterwards (its remaining
 * {@code inputRequests}), or {@code Rejected} 404 when the caller does not own it.
 *
 * @param messageId   unique per command
 * @param occurredAt  when the frontend sent it
 * @param replyTo     the frontend instance waiting for the reply
 * @param executionId the execution
 * @param caller      the authenticated caller; must own the execution
 * @param responses   request key (as published in {@code ExecutionSnapshot.inputRequests}) → MCP
 *                    {@code InputResponse}
 * @param scopes      the scopes the caller's current token granted, as the frontend verified them; answering an
 *                    execution whose tool is mutating (as submitted or by its current policy) needs
 *                    {@code tools:write} (else {@code Rejected} 403 {@code insufficient-scope}). Absent (an older
 *                    frontend) means none.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProvideInput(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("caller") Caller caller,
        @JsonProperty("responses") Map<String, JsonNode> responses,
        @JsonProperty("scopes") List<String> scopes)
        implements ExecutionCommand {

    /** The form before {@code scopes} was added: a caller without scopes. */
    public ProvideInput(
            UUID messageId,
            Instant occurredAt,
            String replyTo,
            UUID executionId,
            Caller caller,
            Map<String, JsonNode> responses) {
        this(messageId, occurredAt, replyTo, executionId, caller, responses, null);
    }

    /** Whether the caller's token granted {@code scope} (absent scopes: none). */
    public boolean grants(String scope) {
        return scopes != null && scopes.contains(scope);
    }

    public ProvideInput {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(caller, "caller");
        responses = InputMaps.objects(responses, "responses");
        scopes = Scopes.copy(scopes);
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.PROVIDE_INPUT;
    }
}
