package dev.taskgate.contracts.operator;

import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A checkpoint job-control holds for an execution, as an operator sees it: what kind, when and under which attempt —
 * never its content (a frontier, a staged result or a rewrite plan may quote payload data).
 *
 * @param kind     {@link #RESULT} (a result staged before its terminal report), {@link #FRONTIER} (the latest
 *                 intermediate frontier a replacement would resume from) or {@link #JOURNAL} (a rewrite's plan
 *                 bound for commit)
 * @param epoch    the attempt's epoch that saved it
 * @param sequence a frontier's sequence number (absent for the other kinds)
 * @param revision a frontier's revision label, as the operation named it (absent for the other kinds)
 * @param savedAt  when job-control stored it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorCheckpoint(
        @JsonProperty("kind") String kind,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("sequence") Long sequence,
        @JsonProperty("revision") String revision,
        @JsonProperty("savedAt") Instant savedAt) {
    /** A result staged before its terminal report. */
    public static final String RESULT = "result";
    /** The latest intermediate frontier. */
    public static final String FRONTIER = "frontier";
    /** A rewrite's plan bound in the transaction journal. */
    public static final String JOURNAL = "journal";

    public OperatorCheckpoint {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(savedAt, "savedAt");
    }
}
