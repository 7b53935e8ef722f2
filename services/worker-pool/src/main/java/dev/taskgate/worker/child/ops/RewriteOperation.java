package dev.taskgate.worker.child.ops;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.journal.FileChange;
import dev.taskgate.worker.child.journal.JournaledFiles;
import dev.taskgate.worker.child.journal.JournaledRewrite;
import dev.taskgate.worker.child.journal.RewritePlan;

/**
 * {@code demo.rewrite}: literal search/replace over the named files under the worker's rewrite sandbox, through the
 * transaction journal. Plans first (an unchanged plan ends without a commit), asks to commit, applies atomically
 * with pre-images kept (restoring them on failure), optionally holds the applied result for {@code hold_seconds},
 * and returns a result that names the plan. A stop before the grant ends it with nothing changed; after the grant
 * it reports what it applied. A reconciliation run reconstructs the outcome from the journal and the files.
 */
public final class RewriteOperation implements Operation {
    /** The child system property naming the sandbox; the parent sets it from its configuration. */
    public static final String ROOT_PROPERTY = "taskgate.rewrite.root";

    private final Optional<Path> sandbox;

    /** Uses the sandbox the parent passed as {@value #ROOT_PROPERTY}. */
    public RewriteOperation() {
        this(Optional.ofNullable(System.getProperty(ROOT_PROPERTY)).map(Path::of));
    }

    /** @param sandbox the directory every path is relative to, if configured */
    public RewriteOperation(Optional<Path> sandbox) {
        this.sandbox = sandbox;
    }

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        JournaledFiles files = files();
        String search = input.path("search").asText();
        String replace = input.path("replace").asText();
        if (search.isEmpty()) {
            throw new IllegalArgumentException("search must not be empty");
        }
        List<String> paths = new ArrayList<>();
        input.path("files").forEach(p -> paths.add(p.asText()));
        List<FileChange> changes = new ArrayList<>();
        for (String path : paths) {
            byte[] before = files.read(path)
                    .orElseThrow(() -> new IllegalArgumentException("no such file in the sandbox: " + path));
            String text = new String(before, StandardCharsets.UTF_8);
            if (text.contains(search)) {
                changes.add(new FileChange(
                        path, before, text.replace(search, replace).getBytes(StandardCharsets.UTF_8)));
            }
        }
        RewritePlan plan =
                new RewritePlan("replace a literal in " + changes.size() + " of " + paths.size() + " files", changes);
        if (plan.isEmpty()) {
            return CallToolResults.text("no changes: no file contains the search text; nothing was committed", false);
        }
        return JournaledRewrite.commitAndApply(
                context, files, plan, input.path("hold_seconds").asDouble(0), RewriteOperation::committed);
    }

    @Override
    public String reconcile(JsonNode input, JsonNode journal) {
        return JournaledRewrite.reconcile(files(), journal, RewriteOperation::committed);
    }

    /** The result of an applied plan; a reconstruction from the journal returns exactly the same text. */
    static String committed(String planHash, List<String> paths) {
        return CallToolResults.text(
                "rewrote " + paths.size() + " files (plan " + planHash + "): " + String.join(", ", paths), false);
    }

    private JournaledFiles files() {
        return new JournaledFiles(sandbox.orElseThrow(() -> new IllegalStateException(
                "demo.rewrite needs a sandbox directory (taskgate.worker.rewrite.sandbox); nothing was changed")));
    }
}
