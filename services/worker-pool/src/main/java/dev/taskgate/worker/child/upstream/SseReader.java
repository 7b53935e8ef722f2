package dev.taskgate.worker.child.upstream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads server-sent events (WHATWG HTML, "event stream interpretation"): {@code data:} lines joined with line feeds,
 * {@code event:} and {@code id:} fields, comments and unknown fields ignored, an event dispatched at a blank line.
 */
final class SseReader {

    /** One dispatched event; {@code event} is {@code message} when the stream did not name it. */
    record Event(String event, String data, String id) {}

    private final BufferedReader lines;

    SseReader(InputStream in) {
        this.lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The next event with data, or empty at the end of the stream. */
    Optional<Event> next() throws IOException {
        StringBuilder data = null;
        String event = null;
        String id = null;
        String line;
        while ((line = lines.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    return Optional.of(new Event(event == null ? "message" : event, data.toString(), id));
                }
                event = null;
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "data" -> {
                    if (data == null) {
                        data = new StringBuilder(value);
                    } else {
                        data.append('\n').append(value);
                    }
                }
                case "event" -> event = value;
                case "id" -> id = value;
                default -> {
                    // "retry" and unknown fields do not concern a client that never reconnects a stream
                }
            }
        }
        // a stream that ends without the blank line drops the unfinished event (as the HTML standard says)
        return Optional.empty();
    }
}
