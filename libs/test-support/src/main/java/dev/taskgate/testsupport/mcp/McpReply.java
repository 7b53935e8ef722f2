package dev.taskgate.testsupport.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * One whole answer of the MCP endpoint: status, headers and the exact body bytes, read as plain JSON or, for a
 * {@code text/event-stream} answer, as its SSE events (WHATWG SSE: {@code data:} lines joined with {@code \n}).
 */
public final class McpReply {
    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;

    McpReply(int status, Map<String, List<String>> headers, byte[] body) {
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    /** The status code. */
    public int status() {
        return status;
    }

    /** A header's first value (case-insensitive name), or {@code null}. */
    public String header(String name) {
        return headers.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name))
                .flatMap(e -> e.getValue().stream())
                .findFirst()
                .orElse(null);
    }

    /** Every header as received. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The {@code Content-Type}, or {@code null}. */
    public String contentType() {
        return header("Content-Type");
    }

    /** The {@code Mcp-Session-Id} the answer carries, or {@code null}. */
    public String sessionId() {
        return header("Mcp-Session-Id");
    }

    /** Whether the answer is an SSE stream. */
    public boolean isStream() {
        String type = contentType();
        return type != null && type.startsWith("text/event-stream");
    }

    /** The exact body bytes. */
    public byte[] bytes() {
        return body;
    }

    /** The body as UTF-8 text. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The body parsed as one JSON document, whatever its content type. */
    public JsonNode body() {
        try {
            return Wire.mapper().readTree(body);
        } catch (IOException e) {
            throw new AssertionError("body is not JSON: " + this, e);
        }
    }

    /** The data of each SSE event of a stream answer. */
    public List<String> events() {
        return Sse.events(List.of(text().split("\r?\n", -1)));
    }

    /** How many SSE comment lines ({@code : …}) a stream answer carried. */
    public long comments() {
        return Sse.comments(List.of(text().split("\r?\n", -1)));
    }

    /** The JSON-RPC messages of the answer: each SSE event's data in order, or the body; none for an empty body. */
    public List<JsonNode> messages() {
        if (isStream()) {
            return Sse.parse(events());
        }
        return body.length == 0 ? List.of() : List.of(body());
    }

    /**
     * The JSON-RPC response: the body of a plain answer, or a stream's last message (the response ends the
     * stream).
     */
    public JsonNode json() {
        if (!isStream()) {
            return body();
        }
        List<JsonNode> messages = messages();
        if (messages.isEmpty()) {
            throw new AssertionError("no JSON-RPC message in " + this);
        }
        return messages.get(messages.size() - 1);
    }

    /** The {@code result} member of the response ({@code MissingNode} when absent). */
    public JsonNode result() {
        return json().path("result");
    }

    /**
     * The {@code result} member of a plain JSON answer as it was sent: the exact text, not a re-serialisation (the
     * envelope is the server's own, {@code {"jsonrpc","id","result":…}}, so the result runs to the closing brace).
     */
    public String rawResult() {
        String text = text();
        int start = text.indexOf("\"result\":");
        if (start < 0) {
            throw new AssertionError("no result in " + this);
        }
        return text.substring(start + "\"result\":".length(), text.lastIndexOf('}'));
    }

    @Override
    public String toString() {
        return status + " " + headers + " " + text();
    }
}
