package dev.taskgate.worker.child.ops;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * {@code demo.sleep}: waits {@code seconds}, reporting progress once per elapsed whole second, and stops
 * early at the next safe point (at most {@value #SAFE_POINT_MILLIS} ms later) when asked to.
 */
public final class SleepOperation implements Operation {
    static final long SAFE_POINT_MILLIS = 100;

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        JsonNode secondsNode = input.get("seconds");
        if (secondsNode == null || !secondsNode.isNumber() || secondsNode.asDouble() < 0) {
            throw new IllegalArgumentException("seconds must be a non-negative number");
        }
        double seconds = secondsNode.asDouble();
        String total = format(seconds);
        long totalMillis = Math.round(seconds * 1000);
        long start = System.nanoTime();
        long reported = 0;
        while (true) {
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            long whole = Math.min(elapsed, totalMillis) / 1000;
            if (whole > reported) {
                reported = whole;
                context.progress(whole, seconds, "slept " + whole + " of " + total + " seconds");
            }
            if (elapsed >= totalMillis) {
                return CallToolResults.text("slept " + total + " seconds", false);
            }
            long untilNextSecond = (reported + 1) * 1000 - elapsed;
            long wait = Math.max(1, Math.min(SAFE_POINT_MILLIS, Math.min(totalMillis - elapsed, untilNextSecond)));
            if (context.awaitStop(Duration.ofMillis(wait))) {
                throw new OperationStoppedException("stopped after " + reported + " of " + total + " seconds");
            }
        }
    }

    private static String format(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }
}
