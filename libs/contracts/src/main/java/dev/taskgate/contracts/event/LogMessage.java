package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * worker-pool → frontends on {@code taskgate.progress.v1}, best effort: a log message of a running operation, for
 * MCP callers that asked for log notifications ({@code notifications/message}). Never sent to job-control and never
 * stored: a message nobody waits for is dropped. Key: execution id.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the operation logged it
 * @param executionId the execution
 * @param epoch       the dispatch epoch the operation runs under
 * @param workerId    the worker-pool instance
 * @param level       the severity
 * @param logger      the name of the part of the operation that logged it, when it gave one
 * @param data        the message: any JSON value, usually a string
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record LogMessage(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("level") LogLevel level,
        @JsonProperty("logger") String logger,
        @JsonProperty("data") JsonNode data) {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "LogMessage";

    public LogMessage {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(data, "data");
    }

    /** The record's type name, serialised as {@code type}. */
    @JsonProperty("type")
    public String type() {
        return TYPE;
    }
}
