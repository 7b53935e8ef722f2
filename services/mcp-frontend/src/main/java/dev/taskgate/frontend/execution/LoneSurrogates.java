package dev.taskgate.frontend.execution;

import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Finds unpaired UTF-16 surrogates in parsed JSON. JSON text may escape one ({@code "\ud800"}) and Jackson hands it
 * over as is, but it is no Unicode text: the UTF-8 that job-control, PostgreSQL and the tools use has no encoding for
 * it, so it would silently become {@code ?} somewhere downstream. The edges refuse such input instead.
 */
public final class LoneSurrogates {
    /** The message of the error that points at one. */
    public static final String MESSAGE =
            "A string or member name holds an unpaired UTF-16 surrogate (such as \\ud800 without its partner);"
                    + " send well-formed Unicode text.";

    private LoneSurrogates() {}

    /** The JSON Pointer (RFC 6901) of the first member name or string holding one; empty when there is none. */
    public static Optional<String> find(JsonNode node) {
        return find(node, "");
    }

    private static Optional<String> find(JsonNode node, String pointer) {
        if (node.isTextual()) {
            return hasLoneSurrogate(node.textValue()) ? Optional.of(pointer) : Optional.empty();
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String child = pointer + "/" + field.getKey().replace("~", "~0").replace("/", "~1");
                if (hasLoneSurrogate(field.getKey())) {
                    return Optional.of(child);
                }
                Optional<String> found = find(field.getValue(), child);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Optional<String> found = find(node.get(i), pointer + "/" + i);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the text holds a surrogate that is not half of a pair. */
    public static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
