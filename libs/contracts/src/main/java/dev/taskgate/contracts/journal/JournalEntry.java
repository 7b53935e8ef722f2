package dev.taskgate.contracts.journal;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A rewrite plan bound to the transaction journal: what a reconciliation run needs to reconstruct the outcome of a
 * rewrite whose owner was lost after its commit grant.
 *
 * @param planHash    {@code sha256:<hex>} identity of the plan, computed by the operation
 * @param planSummary a short payload-free description, e.g. "replace 'a' with 'b' in 3 files"
 * @param files       every file the plan changes, at least one, each path once
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record JournalEntry(
        @JsonProperty("planHash") String planHash,
        @JsonProperty("planSummary") String planSummary,
        @JsonProperty("files") List<JournalFile> files) {

    /** At most this many files per plan. */
    public static final int MAX_FILES = 1000;

    public JournalEntry {
        JournalFile.requireHash(planHash, "planHash");
        Objects.requireNonNull(planSummary, "planSummary");
        Objects.requireNonNull(files, "files");
        files = List.copyOf(files);
        if (files.isEmpty()) {
            // a plan that changes nothing never binds a journal entry
            throw new IllegalArgumentException("a journaled plan changes at least one file");
        }
        if (files.size() > MAX_FILES) {
            throw new IllegalArgumentException("a journaled plan changes at most " + MAX_FILES + " files");
        }
        var paths = new HashSet<String>();
        for (JournalFile file : files) {
            if (!paths.add(file.path())) {
                throw new IllegalArgumentException("a plan names each file once: " + file.path());
            }
        }
    }
}
