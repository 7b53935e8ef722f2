package dev.taskgate.contracts.work;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.contracts.journal.JournalEntry;

/**
 * job-control → worker-pool on {@code taskgate.work.v1}: run one registered operation under a dispatch
 * epoch. The worker reports back on {@code taskgate.worker-events.v1} with the same epoch; reports for
 * any other epoch are ignored by job-control (fencing).
 *
 * @param messageId   unique per record
 * @param occurredAt  when the dispatch was committed
 * @param executionId the execution
 * @param attempt     1 for the first dispatch, higher for replacements
 * @param epoch       the fencing token of this dispatch
 * @param operation   a name from the operation catalog; never a path, class or command line
 * @param toolVersion the catalog version the input was validated against
 * @param input       validated input for the operation
 * @param deadline    when the execution fails if it has not finished
 * @param journal     for a reconciliation run only: the journal entry bound before the previous owner was lost; the
 *                    worker then checks the files against it (and restores pre-images of a partial apply) instead of
 *                    running the operation, which is never planned or applied twice
 * @param checkpoint  for a replacement of a read-only operation only: the latest authenticated frontier; the
 *                    operation continues from it if the source still has its revision, else starts afresh;
 *                    ignored when {@code journal} is present (a reconciliation run never resumes)
 * @param workspace   the execution's workspace id {@code "<org>/<project>"}, from its organization and project;
 *                    operations whose catalog spec needs a workspace run over the directories the worker registered
 *                    under this id. {@code null} from a job-control that predates it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunOperation(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("attempt") int attempt,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("operation") String operation,
        @JsonProperty("toolVersion") String toolVersion,
        @JsonProperty("input") JsonNode input,
        @JsonProperty("deadline") Instant deadline,
        @JsonProperty("journal") JournalEntry journal,
        @JsonProperty("checkpoint") FrontierCheckpoint checkpoint,
        @JsonProperty("workspace") String workspace) {

    /** The value of the {@code type} property and header. */
    public static final String TYPE = "RunOperation";

    public RunOperation {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(input, "input");
        if (!input.isObject()) {
            throw new IllegalArgumentException("input must be a JSON object");
        }
        Objects.requireNonNull(deadline, "deadline");
    }

    /** A regular dispatch: runs the operation. */
    public RunOperation(
            UUID messageId,
            Instant occurredAt,
            UUID executionId,
            int attempt,
            long epoch,
            String operation,
            String toolVersion,
            JsonNode input,
            Instant deadline) {
        this(messageId, occurredAt, executionId, attempt, epoch, operation, toolVersion, input, deadline, null);
    }

    /** A regular dispatch or a reconciliation run, without a frontier checkpoint. */
    public RunOperation(
            UUID messageId,
            Instant occurredAt,
            UUID executionId,
            int attempt,
            long epoch,
            String operation,
            String toolVersion,
            JsonNode input,
            Instant deadline,
            JournalEntry journal) {
        this(
                messageId,
                occurredAt,
                executionId,
                attempt,
                epoch,
                operation,
                toolVersion,
                input,
                deadline,
                journal,
                null);
    }

    /** A dispatch without a workspace id (the shape before {@code workspace} was added). */
    public RunOperation(
            UUID messageId,
            Instant occurredAt,
            UUID executionId,
            int attempt,
            long epoch,
            String operation,
            String toolVersion,
            JsonNode input,
            Instant deadline,
            JournalEntry journal,
            FrontierCheckpoint checkpoint) {
        this(
                messageId,
                occurredAt,
                executionId,
                attempt,
                epoch,
                operation,
                toolVersion,
                input,
                deadline,
                journal,
                checkpoint,
                null);
    }

    /** The record's type name, serialised as {@code type}. */
    @JsonProperty("type")
    public String type() {
        return TYPE;
    }
}
