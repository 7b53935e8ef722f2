package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * Server-sent events as {@code /mcp} writes them for both generations (WHATWG SSE): one JSON-RPC message per
 * {@code message} event, comment lines to keep a silent stream alive, and the response headers that keep proxies
 * from buffering the stream.
 */
final class SseEvents {
    /** The media type of an SSE response. */
    static final String MEDIA_TYPE = "text/event-stream";

    private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATA_EVENT = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NEXT_DATA_LINE = "\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END_EVENT = "\n\n".getBytes(StandardCharsets.US_ASCII);

    private SseEvents() {}

    /** A 200 response streaming {@code body} as {@code text/event-stream}, uncached and unbuffered. */
    static Response response(StreamingOutput body) {
        return Response.ok(body, MEDIA_TYPE)
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")
                .build();
    }

    /** A comment line ({@code : text}) on its own, flushed: a keep-alive or a sign that the stream is open. */
    static void comment(OutputStream out, String text) throws IOException {
        out.write((": " + text + "\n\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The keep-alive comment, flushed. */
    static void keepAlive(OutputStream out) throws IOException {
        out.write(KEEP_ALIVE);
        out.flush();
    }

    /**
     * One JSON message as one event (2026-07-28). A stored tool result is written byte for byte and may hold line
     * breaks as JSON whitespace: each line becomes its own {@code data:} line, which the client joins with
     * {@code \n} again, so the message arrives intact. A blank line ends the event.
     */
    static void event(OutputStream out, byte[] json) throws IOException {
        out.write(DATA_EVENT);
        int start = 0;
        for (int i = 0; i < json.length; i++) {
            if (json[i] == '\n' || json[i] == '\r') {
                out.write(json, start, i - start);
                out.write(NEXT_DATA_LINE);
                if (json[i] == '\r' && i + 1 < json.length && json[i + 1] == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        out.write(json, start, json.length - start);
        out.write(END_EVENT);
        out.flush();
    }

    /**
     * One JSON message as one event on a single {@code data:} line (2025-era). Our JSON is rendered on one line
     * except stored results, whose raw line breaks are JSON whitespace (never inside a string): each becomes a space.
     * Changes {@code json} in place.
     */
    static void eventOnOneLine(OutputStream out, byte[] json) throws IOException {
        for (int i = 0; i < json.length; i++) {
            if (json[i] == '\n' || json[i] == '\r') {
                json[i] = ' ';
            }
        }
        out.write(DATA_EVENT);
        out.write(json);
        out.write(END_EVENT);
        out.flush();
    }
}
