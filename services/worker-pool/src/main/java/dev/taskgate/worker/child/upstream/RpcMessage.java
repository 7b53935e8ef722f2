package dev.taskgate.worker.child.upstream;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One JSON-RPC 2.0 message from the upstream: its parsed tree, for reading, and its text exactly as received, from
 * which {@link #rawMember} cuts a member without re-serialising it (numbers, field order and unknown fields stay as
 * the upstream wrote them).
 */
record RpcMessage(JsonNode tree, String text) {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    /**
     * Parses {@code text}.
     *
     * @return empty when it is not a JSON-RPC 2.0 object
     */
    static Optional<RpcMessage> parse(String text) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(text);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (tree == null
                || !tree.isObject()
                || !"2.0".equals(tree.path("jsonrpc").asText(null))) {
            return Optional.empty();
        }
        boolean request = tree.path("method").isTextual();
        boolean response = tree.has("id") && (tree.has("result") || tree.has("error"));
        return request || response ? Optional.of(new RpcMessage(tree, text)) : Optional.empty();
    }

    boolean isResponse() {
        return !tree.has("method");
    }

    /** A server request: has a method and an id. */
    boolean isRequest() {
        return tree.has("method") && tree.has("id") && !tree.get("id").isNull();
    }

    String method() {
        return tree.path("method").asText();
    }

    JsonNode params() {
        return tree.path("params");
    }

    JsonNode id() {
        return tree.get("id");
    }

    /** Whether this answers the request we sent as {@code id}. */
    boolean answers(long id) {
        JsonNode own = tree.get("id");
        return own != null
                && (own.isIntegralNumber() || own.isTextual())
                && own.asText().equals(Long.toString(id));
    }

    boolean isError() {
        return tree.has("error");
    }

    JsonNode result() {
        return tree.path("result");
    }

    /** {@code error.message} and {@code error.code}, for a failure message. */
    String errorSummary() {
        JsonNode error = tree.path("error");
        return "JSON-RPC error " + error.path("code").asText("?") + ": "
                + error.path("message").asText("");
    }

    /**
     * The text of a member exactly as received, or {@code null} if there is none: {@code path} names a top-level
     * member, or a member of the objects below it ({@code "result", "result"}: the result inlined in a task's status).
     */
    String rawMember(String... path) {
        try (JsonParser parser = FACTORY.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            int level = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals(path[level])) {
                    if (level == path.length - 1) {
                        int start = (int) parser.currentTokenLocation().getCharOffset();
                        parser.skipChildren();
                        int end = (int) parser.currentLocation().getCharOffset();
                        return text.substring(start, end);
                    }
                    if (value != JsonToken.START_OBJECT) {
                        return null;
                    }
                    level++;
                    continue;
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException e) {
            throw new IllegalStateException("a message that parsed once parses again", e);
        }
    }

    /**
     * {@code object} (the text of a JSON object) without its top-level member {@code name}, everything else exactly as
     * written (no re-serialising); {@code object} itself when it has no such member. The comma that separated the
     * member goes with it.
     */
    static String withoutMember(String object, String name) {
        try (JsonParser parser = FACTORY.createParser(object)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return object;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                int start = (int) parser.currentTokenLocation().getCharOffset();
                boolean found = parser.currentName().equals(name);
                parser.nextToken();
                parser.skipChildren();
                // a scalar's text is read lazily: without this its end is not yet where the parser stands
                parser.finishToken();
                if (!found) {
                    continue;
                }
                int end = (int) parser.currentLocation().getCharOffset();
                int after = skipSpace(object, end);
                if (after < object.length() && object.charAt(after) == ',') {
                    end = skipSpace(object, after + 1);
                } else {
                    int before = start - 1;
                    while (before > 0 && Character.isWhitespace(object.charAt(before))) {
                        before--;
                    }
                    if (object.charAt(before) == ',') {
                        start = before;
                    }
                }
                return object.substring(0, start) + object.substring(end);
            }
            return object;
        } catch (IOException e) {
            throw new IllegalStateException("a member cut from a parsed message parses again", e);
        }
    }

    private static int skipSpace(String text, int from) {
        int at = from;
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }
}
