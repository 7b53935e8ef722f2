package dev.taskgate.contracts;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.input.InputMaps;

/**
 * The safe status of one execution, as job-control reports it: never the input or the result.
 *
 * @param executionId        internal id (never shown to callers; frontends mint public handles from it)
 * @param toolName           the operation
 * @param toolVersion        the operation's version at submission
 * @param status             current state
 * @param surface            the API generation it was created through
 * @param createdAt          creation time
 * @param updatedAt          last state change
 * @param executionDeadline  when it fails if still not terminal
 * @param retentionExpiresAt when it and its payloads are purged
 * @param statusMessage      latest human-readable status or error summary
 * @param progress           latest progress value, if reported
 * @param total              latest progress total, if known
 * @param cancelRequested    {@code true} once a caller asked to cancel a non-terminal execution
 * @param inputRequests      while {@code input_required}: every outstanding request, request key → MCP
 *                           {@code InputRequest} ({@code {method, params}}); absent otherwise
 * @param visibleUntil       MCP executions only: when the task's visibility ends (its TTL); from then on its
 *                           owner's lookups answer not-found while the durable outcome stays behind its receipt.
 *                           Absent for REST executions (visible until {@code retentionExpiresAt})
 * @param toolError          completed executions: whether the tool's stored result says {@code isError: true} (so a
 *                           frontend can tell without reading the result); absent otherwise, and for results stored
 *                           before it was recorded
 * @param progressToken      a 2025-11-25 task's MCP {@code progressToken} ({@link ProgressTokens}), under which its
 *                           progress is reported to its owner; absent otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExecutionSnapshot(
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("toolName") String toolName,
        @JsonProperty("toolVersion") String toolVersion,
        @JsonProperty("status") ExecutionStatus status,
        @JsonProperty("surface") Surface surface,
        @JsonProperty("createdAt") Instant createdAt,
        @JsonProperty("updatedAt") Instant updatedAt,
        @JsonProperty("executionDeadline") Instant executionDeadline,
        @JsonProperty("retentionExpiresAt") Instant retentionExpiresAt,
        @JsonProperty("statusMessage") String statusMessage,
        @JsonProperty("progress") Double progress,
        @JsonProperty("total") Double total,
        @JsonProperty("cancelRequested") Boolean cancelRequested,
        @JsonProperty("inputRequests") Map<String, JsonNode> inputRequests,
        @JsonProperty("visibleUntil") Instant visibleUntil,
        @JsonProperty("toolError") Boolean toolError,
        @JsonProperty("progressToken") JsonNode progressToken) {

    public ExecutionSnapshot {
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(surface, "surface");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        inputRequests = inputRequests == null ? null : InputMaps.objects(inputRequests, "inputRequests");
        if (progressToken != null && (progressToken.isNull() || progressToken.isMissingNode())) {
            progressToken = null;
        }
    }

    /** The snapshot without input requests (the shape before issue 3 item 4). */
    public ExecutionSnapshot(
            UUID executionId,
            String toolName,
            String toolVersion,
            ExecutionStatus status,
            Surface surface,
            Instant createdAt,
            Instant updatedAt,
            Instant executionDeadline,
            Instant retentionExpiresAt,
            String statusMessage,
            Double progress,
            Double total,
            Boolean cancelRequested) {
        this(
                executionId,
                toolName,
                toolVersion,
                status,
                surface,
                createdAt,
                updatedAt,
                executionDeadline,
                retentionExpiresAt,
                statusMessage,
                progress,
                total,
                cancelRequested,
                null,
                null,
                null,
                null);
    }

    /** The snapshot without a visibility end (the shape before issue 5's task TTL). */
    public ExecutionSnapshot(
            UUID executionId,
            String toolName,
            String toolVersion,
            ExecutionStatus status,
            Surface surface,
            Instant createdAt,
            Instant updatedAt,
            Instant executionDeadline,
            Instant retentionExpiresAt,
            String statusMessage,
            Double progress,
            Double total,
            Boolean cancelRequested,
            Map<String, JsonNode> inputRequests) {
        this(
                executionId,
                toolName,
                toolVersion,
                status,
                surface,
                createdAt,
                updatedAt,
                executionDeadline,
                retentionExpiresAt,
                statusMessage,
                progress,
                total,
                cancelRequested,
                inputRequests,
                null,
                null,
                null);
    }

    /** The snapshot without the tool-error flag (the shape before the 2025 task list read it). */
    public ExecutionSnapshot(
            UUID executionId,
            String toolName,
            String toolVersion,
            ExecutionStatus status,
            Surface surface,
            Instant createdAt,
            Instant updatedAt,
            Instant executionDeadline,
            Instant retentionExpiresAt,
            String statusMessage,
            Double progress,
            Double total,
            Boolean cancelRequested,
            Map<String, JsonNode> inputRequests,
            Instant visibleUntil) {
        this(
                executionId,
                toolName,
                toolVersion,
                status,
                surface,
                createdAt,
                updatedAt,
                executionDeadline,
                retentionExpiresAt,
                statusMessage,
                progress,
                total,
                cancelRequested,
                inputRequests,
                visibleUntil,
                null,
                null);
    }

    /** The snapshot without a progress token (the shape before 2025 task progress). */
    public ExecutionSnapshot(
            UUID executionId,
            String toolName,
            String toolVersion,
            ExecutionStatus status,
            Surface surface,
            Instant createdAt,
            Instant updatedAt,
            Instant executionDeadline,
            Instant retentionExpiresAt,
            String statusMessage,
            Double progress,
            Double total,
            Boolean cancelRequested,
            Map<String, JsonNode> inputRequests,
            Instant visibleUntil,
            Boolean toolError) {
        this(
                executionId,
                toolName,
                toolVersion,
                status,
                surface,
                createdAt,
                updatedAt,
                executionDeadline,
                retentionExpiresAt,
                statusMessage,
                progress,
                total,
                cancelRequested,
                inputRequests,
                visibleUntil,
                toolError,
                null);
    }
}
