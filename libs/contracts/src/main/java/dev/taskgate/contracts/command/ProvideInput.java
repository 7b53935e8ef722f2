package dev.taskgate.contracts.command;

import java.time.Instant;
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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProvideInput(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("replyTo") String replyTo,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("caller") Caller caller,
        @JsonProperty("responses") Map<String, JsonNode> responses)
        implements ExecutionCommand {

    public ProvideInput {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(caller, "caller");
        responses = InputMaps.objects(responses, "responses");
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.PROVIDE_INPUT;
    }
}
