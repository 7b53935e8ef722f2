package dev.taskgate.contracts.work;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.journal.JournalFile;

/**
 * The plan of {@code CommitRequested} is bound to the execution's journal entry: the owner under this epoch may
 * apply it (keeping pre-images). From here on a lost owner's outcome is reconstructed from the journal.
 *
 * @param messageId   unique per record
 * @param occurredAt  when the binding was committed
 * @param executionId the execution
 * @param epoch       the dispatch epoch the grant is for
 * @param planHash    the plan that was bound
 * @param workerId    the worker-pool instance whose request was granted (the execution's recorded owner); only it
 *                    may apply the plan, never a duplicate run of the same dispatch on another instance. Absent in
 *                    records written before it existed: then every instance holding the epoch may act.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitGranted(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("planHash") String planHash,
        @JsonProperty("workerId") String workerId)
        implements ControlSignal {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "CommitGranted";

    public CommitGranted {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        JournalFile.requireHash(planHash, "planHash");
    }

    /** A grant without a named instance. */
    public CommitGranted(UUID messageId, Instant occurredAt, UUID executionId, long epoch, String planHash) {
        this(messageId, occurredAt, executionId, epoch, planHash, null);
    }

    /** Whether the instance {@code instanceId} may act on this grant. */
    public boolean isFor(String instanceId) {
        return workerId == null || workerId.equals(instanceId);
    }
}
