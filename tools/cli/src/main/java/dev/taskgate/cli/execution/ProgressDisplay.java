package dev.taskgate.cli.execution;

import java.io.PrintStream;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Shows {@link ProgressLine} on standard error. At a terminal the line is redrawn in place on every update (the
 * elapsed time keeps moving); otherwise (a log, a pipe) a line is written only when the progress, status or message
 * changed, so that a log holds each report once.
 */
public final class ProgressDisplay {
    private final PrintStream err;
    private final boolean terminal;
    private final boolean quiet;
    private String lastDescription;
    private int lastWidth;

    /** Writes to {@code err}; {@code terminal}: redraw in place; {@code quiet}: show nothing. */
    public ProgressDisplay(PrintStream err, boolean terminal, boolean quiet) {
        this.err = err;
        this.terminal = terminal;
        this.quiet = quiet;
    }

    /** Shows the execution's state {@code elapsed} after the start. */
    public void update(JsonNode execution, Duration elapsed) {
        if (quiet) {
            return;
        }
        String description = ProgressLine.describe(execution);
        if (terminal) {
            String line = ProgressLine.render(execution, elapsed);
            err.print("\r" + line + " ".repeat(Math.max(0, lastWidth - line.length())));
            lastWidth = line.length();
            err.flush();
        } else if (!description.equals(lastDescription)) {
            err.println(ProgressLine.render(execution, elapsed));
        }
        lastDescription = description;
    }

    /** Ends the redrawn line, before anything else is written. */
    public void finish() {
        if (!quiet && terminal && lastWidth > 0) {
            err.println();
            lastWidth = 0;
        }
    }
}
