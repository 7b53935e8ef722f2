package dev.taskgate.testsupport.mcp;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/** Reading {@code text/event-stream} lines (WHATWG SSE), shared by {@link McpReply} and {@link McpStream}. */
final class Sse {
    private Sse() {}

    /** The data of each complete event, its {@code data:} lines joined with {@code \n}. */
    static List<String> events(List<String> lines) {
        List<String> events = new ArrayList<>();
        StringBuilder data = null;
        for (String line : lines) {
            if (line.startsWith("data:")) {
                String value = line.substring(5);
                value = value.startsWith(" ") ? value.substring(1) : value;
                data = data == null
                        ? new StringBuilder(value)
                        : data.append('\n').append(value);
            } else if (line.isEmpty() && data != null) {
                events.add(data.toString());
                data = null;
            }
        }
        return events;
    }

    /** How many comment lines there are. */
    static long comments(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith(":")).count();
    }

    /** Each event's data parsed as JSON. */
    static List<JsonNode> parse(List<String> events) {
        List<JsonNode> messages = new ArrayList<>();
        for (String event : events) {
            try {
                messages.add(Wire.mapper().readTree(event));
            } catch (IOException e) {
                throw new AssertionError("event is not JSON: " + event, e);
            }
        }
        return messages;
    }
}
