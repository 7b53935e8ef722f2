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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitGranted(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("planHash") String planHash) implements ControlSignal {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "CommitGranted";

    public CommitGranted {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        JournalFile.requireHash(planHash, "planHash");
    }
}
