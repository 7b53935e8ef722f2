package dev.taskgate.frontend.execution.rest;

import java.time.Instant;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.frontend.execution.StopDelivery;

/**
 * The REST view of an execution ({@code docs/mcp-frontend.md}, "Representation"). Optional members are left out
 * when unknown.
 *
 * @param executionId        the public handle
 * @param toolName           the tool
 * @param status             current state
 * @param createdAt          creation time
 * @param updatedAt          last state change
 * @param executionDeadline  when it fails if still not terminal
 * @param retentionExpiresAt when it and its payloads are purged
 * @param pollIntervalMs     suggested polling interval
 * @param statusMessage      latest human-readable status
 * @param progress           latest progress value
 * @param total              latest progress total
 * @param cancelRequested    whether a cancellation was asked for
 * @param inputRequests      while {@code input_required}: request key → MCP {@code InputRequest}; answer with
 *                           {@code POST .../{id}/input}
 * @param surface            the API it was created through ({@code rest}, {@code mcp-2025}, {@code mcp-2026}); the
 *                           owner reaches it through REST whichever it is, and {@code execution_id} is the id that API
 *                           gave out (issue 20 item 7)
 * @param stopDelivery       only in a cancel's answer that asked a running execution to stop: {@code stop_delivered}
 *                           or {@code stop_delivery_unknown} ({@link StopDelivery})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "ToolExecution")
public record ExecutionRepresentation(
        @JsonProperty("execution_id") String executionId,
        @JsonProperty("tool_name") String toolName,
        @JsonProperty("status") String status,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt,
        @JsonProperty("execution_deadline") Instant executionDeadline,
        @JsonProperty("retention_expires_at") Instant retentionExpiresAt,
        @JsonProperty("poll_interval_ms") long pollIntervalMs,
        @JsonProperty("status_message") String statusMessage,
        @JsonProperty("progress") Double progress,
        @JsonProperty("total") Double total,
        @JsonProperty("cancel_requested") Boolean cancelRequested,
        @JsonProperty("input_requests") Map<String, JsonNode> inputRequests,

        @Schema(enumeration = {"rest", "mcp-2025", "mcp-2026"}) @JsonProperty("surface")
        String surface,

        @Schema(enumeration = {"stop_delivered", "stop_delivery_unknown"}) @JsonProperty("stop_delivery")
        String stopDelivery) {

    /** The view of a snapshot under its handle. */
    public static ExecutionRepresentation of(String handle, ExecutionSnapshot s, long pollIntervalMs) {
        return new ExecutionRepresentation(
                handle,
                s.toolName(),
                s.status().wireName(),
                s.createdAt(),
                s.updatedAt(),
                s.executionDeadline(),
                s.retentionExpiresAt(),
                pollIntervalMs,
                s.statusMessage(),
                s.progress(),
                s.total(),
                s.cancelRequested(),
                s.inputRequests(),
                s.surface().wireName(),
                null);
    }

    /** This view, saying whether the stop a cancel asked for reached the execution's worker. */
    public ExecutionRepresentation withStopDelivery(StopDelivery delivery) {
        return new ExecutionRepresentation(
                executionId,
                toolName,
                status,
                createdAt,
                updatedAt,
                executionDeadline,
                retentionExpiresAt,
                pollIntervalMs,
                statusMessage,
                progress,
                total,
                cancelRequested,
                inputRequests,
                surface,
                delivery.wireName());
    }
}
