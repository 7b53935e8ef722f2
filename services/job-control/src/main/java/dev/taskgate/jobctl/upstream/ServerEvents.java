package dev.taskgate.jobctl.upstream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * The JSON-RPC messages of an upstream's event stream, one per event (the {@code data} lines of an event joined by
 * newlines, per the SSE format); comments, event ids and events without data are skipped. An event larger than
 * {@link #MAX_EVENT_CHARS} or data that is not one JSON-RPC 2.0 object ends the reading with an exception, since the
 * stream can no longer be trusted.
 */
final class ServerEvents {
    static final int MAX_EVENT_CHARS = 1024 * 1024;

    private final BufferedReader reader;
    private final String upstreamId;

    ServerEvents(InputStream body, String upstreamId) {
        this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        this.upstreamId = upstreamId;
    }

    /** The next message, or {@code null} once the stream has ended. Blocks until one arrives. */
    JsonNode next() throws IOException, UpstreamException {
        StringBuilder data = new StringBuilder();
        boolean hasData = false;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (hasData) {
                    return parse(data.toString());
                }
                continue;
            }
            if (!line.startsWith("data:")) {
                continue;
            }
            if (hasData) {
                data.append('\n');
            }
            data.append(line, line.startsWith("data: ") ? 6 : 5, line.length());
            hasData = true;
            if (data.length() > MAX_EVENT_CHARS) {
                throw new UpstreamException(
                        "upstream " + upstreamId + " sent an event of more than " + MAX_EVENT_CHARS + " characters");
            }
        }
        return null;
    }

    private JsonNode parse(String text) throws UpstreamException {
        try {
            JsonNode node = Wire.mapper().readTree(text);
            if (node != null
                    && node.isObject()
                    && "2.0".equals(node.path("jsonrpc").asText())) {
                return node;
            }
        } catch (JsonProcessingException e) {
            // named below, without the data
        }
        throw new UpstreamException("upstream " + upstreamId + " sent an event that is not a JSON-RPC 2.0 message");
    }
}
