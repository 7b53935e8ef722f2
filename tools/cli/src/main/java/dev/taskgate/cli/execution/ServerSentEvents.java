package dev.taskgate.cli.execution;

import java.util.Iterator;

/**
 * The events in the lines of a {@code text/event-stream} (WHATWG HTML, "Server-sent events"): {@code event:} names
 * an event, {@code data:} lines are joined with line breaks, a blank line dispatches it; comments ({@code :}) and
 * other fields are skipped.
 */
final class ServerSentEvents {
    /**
     * One event.
     *
     * @param name its name ({@code message} when none was given)
     * @param data its data
     */
    record Event(String name, String data) {}

    private final Iterator<String> lines;

    ServerSentEvents(Iterator<String> lines) {
        this.lines = lines;
    }

    /** The next event, or {@code null} once the stream ended. */
    Event next() {
        String name = null;
        StringBuilder data = null;
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.isEmpty()) {
                if (data != null) {
                    return new Event(name == null ? "message" : name, data.toString());
                }
                name = null;
            } else if (line.startsWith("event:")) {
                name = value(line, "event:");
            } else if (line.startsWith("data:")) {
                data = data == null ? new StringBuilder() : data.append('\n');
                data.append(value(line, "data:"));
            }
        }
        return null;
    }

    private static String value(String line, String field) {
        String value = line.substring(field.length());
        return value.startsWith(" ") ? value.substring(1) : value;
    }
}
