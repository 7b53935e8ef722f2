package dev.taskgate.worker.child.ops;

import java.time.Duration;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code demo.count}: a long read-only traversal in miniature. Counts {@code to} steps of {@code step_ms}, saving a
 * frontier {@code {"next": n}} after every step, bound to the source revision {@code demo.count/v1/<to>}. A
 * replacement continues from a resumed frontier only if the revision matches and the frontier is in range; otherwise
 * it starts afresh. The result is the same either way. Every step's progress follows its saved frontier and names the
 * point a replacement resumed at, so a caller (and the system tests) can see where a replacement continued. It logs
 * its start and end at info and every step at debug, so a log message also comes while the count runs.
 */
public final class CountOperation implements Operation {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        int to = input.path("to").asInt();
        long stepMillis = input.path("step_ms").asLong(0);
        if (to < 1 || stepMillis < 0) {
            throw new IllegalArgumentException("to must be at least 1 and step_ms not negative");
        }
        String revision = revisionOf(to);
        int start = startOf(context.resumeFrom(), revision, to);
        context.progress(start, (double) to, start == 0 ? "counting from the beginning" : "resumed at " + start);
        context.log(OperationLogLevel.INFO, "demo.count", TextNode.valueOf("counting to " + to + " from " + start));
        for (int next = start; next < to; next++) {
            if (context.awaitStop(Duration.ofMillis(Math.max(1, stepMillis)))) {
                throw new OperationStoppedException("stopped at " + next + " of " + to);
            }
            context.saveCheckpoint(revision, "{\"next\":" + (next + 1) + "}");
            context.progress(next + 1, (double) to, stepMessage(next + 1, to, start));
            context.log(OperationLogLevel.DEBUG, "demo.count", TextNode.valueOf("step " + (next + 1) + " of " + to));
        }
        context.log(OperationLogLevel.INFO, "demo.count", TextNode.valueOf("counted to " + to));
        return CallToolResults.text("counted to " + to, false);
    }

    /** The progress message of a step: how far the count is, and where this run resumed if it did. */
    static String stepMessage(int done, int to, int resumedAt) {
        return "at " + done + " of " + to + (resumedAt > 0 ? " (resumed at " + resumedAt + ")" : "");
    }

    /** The source revision: what the count depends on. */
    static String revisionOf(int to) {
        return "demo.count/v1/" + to;
    }

    /** Where to continue: the resumed frontier if it belongs to this source revision and is in range, else 0. */
    static int startOf(Optional<FrontierResume> resume, String revision, int to) {
        if (resume.isEmpty() || !resume.get().revision().equals(revision)) {
            return 0;
        }
        try {
            JsonNode next = MAPPER.readTree(resume.get().frontier()).get("next");
            return next != null && next.isInt() && next.asInt() >= 0 && next.asInt() <= to ? next.asInt() : 0;
        } catch (JsonProcessingException e) {
            return 0;
        }
    }
}
