package dev.taskgate.contracts.work;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The caller answered one input request of a running operation: the instance holding the execution under this
 * epoch hands the response to its child, which continues. Carries the operation's own key, never the public
 * request key.
 *
 * @param messageId   unique per record
 * @param occurredAt  when job-control committed the answer
 * @param executionId the execution
 * @param epoch       the dispatch epoch the request was made under
 * @param requestKey  the key the operation gave the request in {@code InputRequested.requests}
 * @param response    the MCP {@code InputResponse}, e.g. an {@code ElicitResult} {@code {action, content?}}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record InputProvided(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("requestKey") String requestKey,
        @JsonProperty("response") JsonNode response)
        implements ControlSignal {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "InputProvided";

    public InputProvided {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(requestKey, "requestKey");
        Objects.requireNonNull(response, "response");
        if (!response.isObject()) {
            throw new IllegalArgumentException("response must be a JSON object");
        }
    }
}
