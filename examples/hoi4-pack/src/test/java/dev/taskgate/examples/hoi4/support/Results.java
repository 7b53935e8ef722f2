package dev.taskgate.examples.hoi4.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads a tool's result text. */
public final class Results {
    public static final ObjectMapper JSON = new ObjectMapper();

    private Results() {}

    public static JsonNode parse(String result) {
        try {
            return JSON.readTree(result);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + result, e);
        }
    }

    /** The structured content of a successful result. */
    public static JsonNode structured(String result) {
        JsonNode node = parse(result);
        if (node.path("isError").asBoolean(false)) {
            throw new AssertionError("a tool error: " + result);
        }
        return node.get("structuredContent");
    }

    /** The first text block of a tool error, failing when the result is not one. */
    public static String errorText(String result) {
        JsonNode node = parse(result);
        if (!node.path("isError").asBoolean(false)) {
            throw new AssertionError("not a tool error: " + result);
        }
        return node.at("/content/0/text").asText();
    }
}
