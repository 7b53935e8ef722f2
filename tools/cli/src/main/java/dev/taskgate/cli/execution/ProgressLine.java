package dev.taskgate.cli.execution;

import java.time.Duration;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The one-line view of a running execution: a bar and percentage when the tool reports a total, the raw progress
 * value when it reports none, the status, the latest status message and the time since the command started, e.g.
 * {@code [######--------------]  33%  working  slept 1 of 3 seconds  0:01}.
 */
public final class ProgressLine {
    static final int BAR_WIDTH = 20;
    private static final int MAX_MESSAGE = 60;

    private ProgressLine() {}

    /** The line for the execution representation {@code execution}, {@code elapsed} after the start. */
    public static String render(JsonNode execution, Duration elapsed) {
        return describe(execution) + "  " + elapsed(elapsed);
    }

    /** The line without the elapsed time: what changed since the last report. */
    public static String describe(JsonNode execution) {
        StringBuilder line = new StringBuilder();
        JsonNode progress = execution.get("progress");
        JsonNode total = execution.get("total");
        if (progress != null && progress.isNumber()) {
            if (total != null && total.isNumber() && total.asDouble() > 0) {
                double fraction = Math.max(0, Math.min(1, progress.asDouble() / total.asDouble()));
                int filled = (int) Math.floor(fraction * BAR_WIDTH);
                line.append('[')
                        .append("#".repeat(filled))
                        .append("-".repeat(BAR_WIDTH - filled))
                        .append("] ")
                        .append(String.format(Locale.ROOT, "%3d%%", (int) Math.floor(fraction * 100)))
                        .append("  ");
            } else {
                line.append("progress ").append(number(progress.asDouble())).append("  ");
            }
        }
        line.append(execution.path("status").asText("unknown"));
        String message = execution.path("status_message").asText("");
        if (!message.isBlank()) {
            String oneLine = message.replaceAll("\\s+", " ").strip();
            line.append("  ")
                    .append(oneLine.length() <= MAX_MESSAGE ? oneLine : oneLine.substring(0, MAX_MESSAGE - 1) + "…");
        }
        return line.toString();
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour on. */
    static String elapsed(Duration elapsed) {
        long seconds = Math.max(0, elapsed.toSeconds());
        long hours = seconds / 3600;
        long minutes = seconds / 60 % 60;
        long rest = seconds % 60;
        return hours > 0
                ? String.format(Locale.ROOT, "%d:%02d:%02d", hours, minutes, rest)
                : String.format(Locale.ROOT, "%d:%02d", minutes, rest);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
