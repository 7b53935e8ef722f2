package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.input.InputMaps;

/**
 * The running operation asks for input and waits for it (tasks extension §7). job-control stores each request
 * under a fresh, unguessable request key and moves the execution to {@code input_required}; the answers come back
 * as {@code InputProvided} control signals naming the operation's own key.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation asked
 * @param executionId the execution
 * @param epoch       the dispatch epoch
 * @param workerId    the worker-pool instance
 * @param requests    the operation's own keys (unique within the run) → MCP {@code InputRequest}
 *                    ({@code {method, params}}, e.g. {@code elicitation/create})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record InputRequested(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("requests") Map<String, JsonNode> requests)
        implements WorkerEvent {

    public InputRequested {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        requests = InputMaps.objects(requests, "requests");
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("requests must not be empty");
        }
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.INPUT_REQUESTED;
    }
}
