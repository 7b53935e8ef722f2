package dev.taskgate.worker.child.ops.workspace;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.journal.FileChange;
import dev.taskgate.worker.child.journal.JournaledFiles;
import dev.taskgate.worker.child.journal.JournaledRewrite;
import dev.taskgate.worker.child.journal.RewritePlan;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/**
 * {@code workspace.rewrite}: a search/replace (literal or regex, over the files an {@code include} glob selects) or a
 * list of structured edits ({@code {path, old_text, new_text}}, each {@code old_text} occurring exactly once when it
 * is applied) across the files of the run's workspace, through the transaction journal like {@code demo.rewrite}:
 * plan, commit, apply atomically with pre-images kept, restore on failure. A plan that changes nothing, or that is
 * blocked (an edit that does not match exactly once, a path outside the workspace, …), ends without committing; a
 * blocked plan is a tool error naming the reason. A reconciliation run reconstructs the outcome from the journal.
 */
public final class WorkspaceRewriteOperation implements Operation {
    /** The catalog name. */
    public static final String NAME = "workspace.rewrite";
    /** A plan changes at most this many files. */
    static final int MAX_CHANGED_FILES = 1000;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Why a plan cannot be made; nothing is committed. */
    private static final class Blocked extends Exception {
        private static final long serialVersionUID = 1L;

        Blocked(String reason) {
            super(reason);
        }
    }

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        WorkspaceFiles files = WorkspaceText.filesOf(context, NAME);
        RewritePlan plan;
        try {
            plan = input.has("edits")
                    ? planEdits(files, input.get("edits"), context)
                    : planReplace(files, input, context);
        } catch (Blocked e) {
            return CallToolResults.text("blocked: " + e.getMessage() + "; nothing was committed or changed", true);
        }
        if (plan.isEmpty()) {
            return CallToolResults.text("no changes: " + plan.summary() + "; nothing was committed", false);
        }
        if (plan.changes().size() > MAX_CHANGED_FILES) {
            return CallToolResults.text(
                    "blocked: the plan would change " + plan.changes().size() + " files, at most " + MAX_CHANGED_FILES
                            + " per rewrite; nothing was committed or changed",
                    true);
        }
        if (context.isStopRequested()) {
            throw new OperationStoppedException("stopped while planning; nothing was changed");
        }
        return JournaledRewrite.commitAndApply(
                context,
                JournaledFiles.of(files),
                plan,
                input.path("hold_seconds").asDouble(0),
                WorkspaceRewriteOperation::committed);
    }

    @Override
    public String reconcile(JsonNode input, JsonNode journal, OperationContext context) {
        return JournaledRewrite.reconcile(
                JournaledFiles.of(WorkspaceText.filesOf(context, NAME)), journal, WorkspaceRewriteOperation::committed);
    }

    /**
     * The result of an applied plan; a reconstruction from the journal returns exactly the same text (it has only the
     * journal: the plan hash and the paths).
     */
    static String committed(String planHash, List<String> paths) {
        ObjectNode structured = MAPPER.createObjectNode().put("plan_hash", planHash);
        paths.forEach(structured.putArray("files")::add);
        return CallToolResults.structured(
                "rewrote " + paths.size() + " files (plan " + planHash + "): " + String.join(", ", paths),
                structured,
                false);
    }

    private static RewritePlan planReplace(WorkspaceFiles files, JsonNode input, OperationContext context)
            throws Blocked, OperationStoppedException {
        String mode = input.path("mode").asText("literal");
        Pattern pattern;
        Predicate<String> included;
        try {
            pattern = TextPattern.compile(
                    input.path("search").asText(""),
                    mode,
                    input.path("case_sensitive").asBoolean(true));
            included = IncludeFilter.of(input.path("include").asText(""));
        } catch (IllegalArgumentException e) {
            throw new Blocked(e.getMessage());
        }
        String replace = input.path("replace").asText("");
        String replacement = mode.equals("regex") ? replace : Matcher.quoteReplacement(replace);
        List<String> candidates = files.list().stream().filter(included).toList();
        List<FileChange> changes = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (context.isStopRequested()) {
                throw new OperationStoppedException("stopped while planning after " + i + " of " + candidates.size()
                        + " files; nothing was changed");
            }
            String path = candidates.get(i);
            if (Files.isSymbolicLink(files.resolve(path))) {
                continue;
            }
            Optional<byte[]> before = readQuietly(files, path);
            Optional<String> text = before.flatMap(WorkspaceText::text);
            if (text.isEmpty() || !pattern.matcher(text.get()).find()) {
                continue;
            }
            String after;
            try {
                after = pattern.matcher(text.get()).replaceAll(replacement);
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                throw new Blocked("invalid replacement " + replace + ": " + e.getMessage());
            }
            if (!after.equals(text.get())) {
                changes.add(new FileChange(path, before.get(), after.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return new RewritePlan(
                "replace " + mode + " text in " + changes.size() + " of " + candidates.size() + " files", changes);
    }

    private static RewritePlan planEdits(WorkspaceFiles files, JsonNode edits, OperationContext context)
            throws Blocked, OperationStoppedException {
        Map<String, byte[]> before = new LinkedHashMap<>();
        Map<String, String> text = new LinkedHashMap<>();
        int number = 0;
        for (JsonNode edit : edits) {
            int editNumber = ++number;
            if (context.isStopRequested()) {
                throw new OperationStoppedException("stopped while planning; nothing was changed");
            }
            String path = edit.path("path").asText("");
            String oldText = edit.path("old_text").asText("");
            String newText = edit.path("new_text").asText("");
            if (oldText.isEmpty()) {
                throw new Blocked("edit " + editNumber + ": old_text must not be empty");
            }
            if (!text.containsKey(path)) {
                byte[] content;
                try {
                    if (Files.isSymbolicLink(files.resolve(path))) {
                        throw new Blocked("edit " + editNumber + ": " + path + " is a symbolic link; edit its target");
                    }
                    content = files.read(path).orElseThrow(() -> new IllegalArgumentException("no such file"));
                } catch (IllegalArgumentException | UncheckedIOException e) {
                    throw new Blocked("edit " + editNumber + ": " + path + ": " + e.getMessage());
                }
                String decoded = WorkspaceText.text(content)
                        .orElseThrow(
                                () -> new Blocked("edit " + editNumber + ": " + path + " is not a UTF-8 text file"));
                before.put(path, content);
                text.put(path, decoded);
            }
            String current = text.get(path);
            int occurrences = occurrences(current, oldText);
            if (occurrences != 1) {
                throw new Blocked("edit " + editNumber + ": old_text occurs " + occurrences + " times in " + path
                        + "; it must match exactly once");
            }
            text.put(path, current.replace(oldText, newText));
        }
        List<FileChange> changes = new ArrayList<>();
        for (Map.Entry<String, String> file : text.entrySet()) {
            byte[] after = file.getValue().getBytes(StandardCharsets.UTF_8);
            if (!Arrays.equals(after, before.get(file.getKey()))) {
                changes.add(new FileChange(file.getKey(), before.get(file.getKey()), after));
            }
        }
        return new RewritePlan(
                "apply " + number + " edits to " + changes.size() + " of " + text.size() + " files", changes);
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    private static Optional<byte[]> readQuietly(WorkspaceFiles files, String path) {
        try {
            return files.read(path);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
