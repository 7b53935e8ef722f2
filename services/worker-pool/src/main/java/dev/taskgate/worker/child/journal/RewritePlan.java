package dev.taskgate.worker.child.journal;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a mutating operation intends to change, computed before anything is touched. Its hash identifies it in the
 * transaction journal: SHA-256 over every change's path, pre-image hash and post-image hash, in path order. A plan
 * without changes is {@link #isEmpty() empty} and is never committed.
 *
 * @param summary a short payload-free description, e.g. "replace 'a' with 'b' in 2 of 3 files"
 * @param changes the changed files, each path once
 */
public record RewritePlan(String summary, List<FileChange> changes) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public RewritePlan {
        Objects.requireNonNull(summary, "summary");
        changes =
                changes.stream().sorted(Comparator.comparing(FileChange::path)).toList();
        if (changes.stream().map(FileChange::path).distinct().count() != changes.size()) {
            throw new IllegalArgumentException("a plan names each file once");
        }
    }

    /** Whether the plan changes nothing (such a plan never binds a journal entry). */
    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /** The plan's identity in the journal. */
    public String planHash() {
        StringBuilder canonical = new StringBuilder();
        for (FileChange change : changes) {
            canonical
                    .append(change.path())
                    .append('\0')
                    .append(change.preImageHash())
                    .append('\0')
                    .append(change.postImageHash())
                    .append('\n');
        }
        return ContentHash.of(canonical.toString());
    }

    /** The journal form sent to the parent: {@code {planHash, planSummary, files: [{path, pre.., post..}]}}. */
    public ObjectNode toJournal() {
        ObjectNode journal =
                MAPPER.createObjectNode().put("planHash", planHash()).put("planSummary", summary);
        ArrayNode files = journal.putArray("files");
        for (FileChange change : changes) {
            files.addObject()
                    .put("path", change.path())
                    .put("preImageHash", change.preImageHash())
                    .put("postImageHash", change.postImageHash());
        }
        return journal;
    }
}
