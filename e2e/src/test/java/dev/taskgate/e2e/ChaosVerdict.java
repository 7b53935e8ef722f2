package dev.taskgate.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Judges the chaos run once everything settled: no receipt lost or duplicated, every outcome the exact result or an
 * explicit failure, every rewrite applied at most once and consistent with its outcome and journal; and counts the
 * figures (recovery paths from job-control's own columns).
 */
final class ChaosVerdict {
    private static final String STAGED_RECOVERY = "Completed with the result staged before its owner was lost";

    private final ChaosClient client;
    private final ChaosDb db;
    private final Path sandbox;
    private final List<String> principals;
    private final List<ChaosWork> work;
    private final String[] handles;
    private final Map<Integer, JsonNode> finals;

    final List<String> problems = new ArrayList<>();
    final Map<String, Integer> failuresByKindAndCode = new TreeMap<>();
    int completed;
    int recoveredByReplacement;
    int completedFromStaged;
    int reconstructedFromJournal;
    int failedExplicitly;
    int rewritesApplied;
    int lost;

    ChaosVerdict(
            ChaosClient client,
            ChaosDb db,
            Path sandbox,
            List<String> principals,
            List<ChaosWork> work,
            String[] handles,
            Map<Integer, JsonNode> finals) {
        this.client = client;
        this.db = db;
        this.sandbox = sandbox;
        this.principals = principals;
        this.work = work;
        this.handles = handles;
        this.finals = finals;
    }

    void check() throws Exception {
        Map<UUID, ChaosDb.Row> rows = db.executionsOf(principals);
        Map<String, UUID> receipts = db.receiptsOf(principals);
        List<UUID> rewriteIds = new ArrayList<>();
        for (ChaosWork w : work) {
            if (w.kind == ChaosWork.Kind.REWRITE && handles[w.index] != null) {
                rewriteIds.add(ChaosWork.executionId(handles[w.index]));
            }
        }
        Map<UUID, List<String>> journal = db.journalPlanHashes(rewriteIds);
        journal.forEach((id, entries) -> {
            if (entries.size() > 1) {
                problems.add("execution " + id + " has " + entries.size() + " journal entries");
            }
        });
        if (rows.size() != work.size() || receipts.size() != work.size()) {
            problems.add(work.size() + " receipt keys made " + rows.size() + " executions and " + receipts.size()
                    + " receipts");
        }
        for (ChaosWork w : work) {
            checkOne(w, rows, receipts, journal);
        }
    }

    private void checkOne(
            ChaosWork w, Map<UUID, ChaosDb.Row> rows, Map<String, UUID> receipts, Map<UUID, List<String>> journal)
            throws InterruptedException {
        String handle = handles[w.index];
        String what = w.kind + " #" + w.index + " (" + w.key + ")";
        if (handle == null) {
            lost++;
            problems.add(what + ": never accepted");
            return;
        }
        UUID id = ChaosWork.executionId(handle);
        ChaosDb.Row row = rows.get(id);
        if (!id.equals(receipts.get(w.key)) || row == null) {
            lost++;
            problems.add(what + ": the receipt names " + receipts.get(w.key) + ", the submission answered " + id);
            return;
        }
        // the same key once more, after the chaos: the receipt answers with the same execution
        String again = client.submit(w, System.nanoTime() + 30_000_000_000L);
        if (!handle.equals(again)) {
            problems.add(what + ": resubmission named " + again + " instead of " + handle);
        }
        JsonNode last = finals.get(w.index);
        if (last == null) {
            lost++;
            problems.add(what + ": not terminal within the bound; job-control has " + row);
            return;
        }
        String status = last.get("status").asText();
        if ("journal".equals(row.replacedFrom())) {
            reconstructedFromJournal++;
        }
        List<String> entries = journal.getOrDefault(id, List.of());
        String fileContent = w.file == null ? null : ChaosWork.readFile(sandbox.resolve(w.file));
        switch (status) {
            case "completed" -> {
                completed++;
                if (row.statusMessage() != null && row.statusMessage().startsWith(STAGED_RECOVERY)) {
                    completedFromStaged++;
                } else if (row.replacements() > 0 && !"journal".equals(row.replacedFrom())) {
                    recoveredByReplacement++;
                }
                ChaosClient.Reply result = client.result(handle, w.caller);
                if (result == null || result.status() != 200) {
                    problems.add(what + ": completed but the result answered " + result);
                    return;
                }
                String mismatch =
                        w.checkCompleted(result.body(), entries.isEmpty() ? null : entries.get(0), fileContent);
                if (mismatch != null) {
                    problems.add(what + ": " + mismatch + "; job-control has " + row);
                }
            }
            case "failed" -> {
                failedExplicitly++;
                String code = row.errorCode();
                failuresByKindAndCode.merge(w.kind + "/" + code, 1, Integer::sum);
                if (w.file != null
                        && ChaosWork.APPLIED.equals(fileContent)
                        && row.errorMessage() != null
                        && row.errorMessage().contains("nothing was changed")) {
                    // seen: a second run of the same dispatch (same epoch, another worker) re-planned on the applied
                    // file, was refused the commit, and its failure was recorded over the first run's success
                    problems.add(what + ": failed as 'nothing was changed', yet the file shows the rewrite applied "
                            + "(journal plan " + entries + "): " + row);
                } else if (!explicit(w, code, row.errorMessage())) {
                    problems.add(what + ": failed without an explicit owner-loss error: " + row);
                }
                ChaosClient.Reply result = client.result(handle, w.caller);
                if (result == null || result.status() != 409 || !result.body().contains("execution-failed")) {
                    problems.add(what + ": failed but the result answered " + result);
                }
                if (w.file != null && entries.isEmpty() && !ChaosWork.ORIGINAL.equals(fileContent)) {
                    problems.add(what + ": failed without a journal entry, yet the file reads " + fileContent.strip());
                }
            }
            default -> problems.add(what + ": ended " + status + "; job-control has " + row);
        }
        if (w.file != null) {
            if (ChaosWork.APPLIED.equals(fileContent)) {
                rewritesApplied++;
                if (entries.isEmpty()) {
                    problems.add(what + ": the file was rewritten without a journal entry");
                }
            } else if (!ChaosWork.ORIGINAL.equals(fileContent)) {
                problems.add(what + ": file " + w.file + " reads " + fileContent.strip() + " (applied twice?)");
            }
        }
    }

    /** An explicit failure: a crash however it is reported; otherwise owner loss, or a rewrite proven not applied. */
    private static boolean explicit(ChaosWork w, String code, String message) {
        if (code == null || code.isBlank() || message == null || message.isBlank()) {
            return false;
        }
        return w.kind == ChaosWork.Kind.CRASH
                || ("owner-lost".equals(code) && message.contains("not re-run"))
                || (w.kind == ChaosWork.Kind.REWRITE && message.contains("not applied"));
    }
}
