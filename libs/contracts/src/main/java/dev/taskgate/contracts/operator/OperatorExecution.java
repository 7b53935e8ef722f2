package dev.taskgate.contracts.operator;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

/**
 * The safe status of one execution as an operator sees it (job-control's internal operator API): who owns it and
 * where it stands, never its input, result, error text or status messages, which may quote payload data.
 *
 * @param handle             the public handle the owner sees (minted for the owner and the execution's surface)
 * @param owner              the owning principal ({@code Caller.principal()} form: issuer, space, subject)
 * @param toolName           the operation
 * @param toolVersion        the operation's version at submission
 * @param status             current state
 * @param surface            the API generation it was created through
 * @param createdAt          creation time
 * @param updatedAt          last state change
 * @param executionDeadline  when it fails if still not terminal
 * @param retentionExpiresAt when it and its payloads are purged
 * @param progress           latest progress value, if reported
 * @param total              latest progress total, if known
 * @param cancelRequested    {@code true} once someone asked to cancel it
 * @param attempt            the current dispatch attempt (1 unless its owner was lost and it ran again)
 * @param recoveries         every settlement of a lost owner, oldest first; only on the view of one execution
 *                           (absent from pages)
 * @param ownerLossDetectionAt when the latest loss of its owner was detected; only with {@code recoveries}, absent
 *                           when its owner was never lost
 * @param checkpoints        the checkpoints job-control holds for it, oldest first, without their content; only on
 *                           the view of one execution (absent from pages)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorExecution(
        @JsonProperty("handle") String handle,
        @JsonProperty("owner") String owner,
        @JsonProperty("toolName") String toolName,
        @JsonProperty("toolVersion") String toolVersion,
        @JsonProperty("status") ExecutionStatus status,
        @JsonProperty("surface") Surface surface,
        @JsonProperty("createdAt") Instant createdAt,
        @JsonProperty("updatedAt") Instant updatedAt,
        @JsonProperty("executionDeadline") Instant executionDeadline,
        @JsonProperty("retentionExpiresAt") Instant retentionExpiresAt,
        @JsonProperty("progress") Double progress,
        @JsonProperty("total") Double total,
        @JsonProperty("cancelRequested") boolean cancelRequested,
        @JsonProperty("attempt") Integer attempt,
        @JsonProperty("recoveries") List<OperatorRecovery> recoveries,
        @JsonProperty("ownerLossDetectionAt") Instant ownerLossDetectionAt,
        @JsonProperty("checkpoints") List<OperatorCheckpoint> checkpoints) {

    public OperatorExecution {
        Objects.requireNonNull(handle, "handle");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(surface, "surface");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        recoveries = recoveries == null ? null : List.copyOf(recoveries);
        checkpoints = checkpoints == null ? null : List.copyOf(checkpoints);
    }

    /** This view with the execution's settlements of lost owners, and the latest one's detection time. */
    public OperatorExecution withRecoveries(List<OperatorRecovery> settled) {
        Instant latest =
                settled.isEmpty() ? null : settled.get(settled.size() - 1).detectedAt();
        return with(settled, latest, checkpoints);
    }

    /** This view with the checkpoints job-control holds for the execution. */
    public OperatorExecution withCheckpoints(List<OperatorCheckpoint> held) {
        return with(recoveries, ownerLossDetectionAt, held);
    }

    private OperatorExecution with(List<OperatorRecovery> settled, Instant latestLoss, List<OperatorCheckpoint> held) {
        return new OperatorExecution(
                handle,
                owner,
                toolName,
                toolVersion,
                status,
                surface,
                createdAt,
                updatedAt,
                executionDeadline,
                retentionExpiresAt,
                progress,
                total,
                cancelRequested,
                attempt,
                settled,
                latestLoss,
                held);
    }
}
