package dev.taskgate.webhooks.web;

import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.taskgate.webhooks.problem.ProblemKind;
import dev.taskgate.webhooks.problem.Problems;

/**
 * The checks every JSON request body of the API goes through, in order: media type (415), size (413), one
 * JSON value without duplicate members (400 {@code malformed-json}), an object with only known members (400
 * {@code invalid-request}).
 */
public final class JsonBodies {
    /** Largest accepted request body. */
    public static final int MAX_BODY_BYTES = 16 * 1024;

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private JsonBodies() {}

    /** Refuses anything but {@code application/json} (UTF-8) with 415 and bodies over the limit with 413. */
    public static void requireJson(String contentType, byte[] body) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            type = null;
        }
        boolean json = type != null
                && "application".equalsIgnoreCase(type.getType())
                && "json".equalsIgnoreCase(type.getSubtype());
        String charset = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        if (!json || (charset != null && !"utf-8".equals(charset.toLowerCase(Locale.ROOT)))) {
            throw ProblemKind.UNSUPPORTED_MEDIA_TYPE.exception("The body must be sent as application/json (UTF-8).");
        }
        if (body != null && body.length > MAX_BODY_BYTES) {
            throw ProblemKind.PAYLOAD_TOO_LARGE.exception("The body exceeds " + MAX_BODY_BYTES + " bytes.");
        }
    }

    /** The body as one JSON object holding only {@code members}; {@code shape} describes it in the problem. */
    public static JsonNode object(byte[] body, Set<String> members, String shape) {
        JsonNode root = read(body);
        if (!root.isObject()) {
            throw Problems.invalid("", "The body must be a JSON object with " + shape + ".");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!members.contains(name)) {
                throw Problems.invalid(
                        "/" + name.replace("~", "~0").replace("/", "~1"),
                        "Unknown member " + name + "; the body accepts only " + shape + ".");
            }
        }
        return root;
    }

    private static JsonNode read(byte[] body) {
        if (body == null || body.length == 0) {
            throw ProblemKind.MALFORMED_JSON.exception("The body is empty; expected a JSON object.");
        }
        try (JsonParser parser = STRICT.createParser(body)) {
            JsonNode root = STRICT.readTree(parser);
            if (root == null || root.isMissingNode()) {
                throw ProblemKind.MALFORMED_JSON.exception("The body holds no JSON value.");
            }
            if (parser.nextToken() != null) {
                throw ProblemKind.MALFORMED_JSON.exception("The body holds more than one JSON value.");
            }
            return root;
        } catch (IOException e) {
            throw ProblemKind.MALFORMED_JSON.exception("The body is not valid JSON.");
        }
    }
}
