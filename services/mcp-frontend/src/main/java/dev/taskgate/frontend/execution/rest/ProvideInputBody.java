package dev.taskgate.frontend.execution.rest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.taskgate.frontend.execution.InputResponseShape;
import dev.taskgate.frontend.execution.InputViolation;
import dev.taskgate.frontend.execution.LoneSurrogates;
import dev.taskgate.frontend.problem.ProblemKind;

/**
 * The body of {@code POST .../tool-executions/{id}/input}: {@code {"request_key": string, "response":
 * ElicitResult}}. Not JSON → 400 {@code malformed-json}; any other shape (other members, a missing or empty key, a
 * response that fits none of the input responses, {@link InputResponseShape#violationOfAny}) → 400
 * {@code invalid-request} with {@code errors}.
 *
 * @param requestKey the key from the execution's {@code input_requests}
 * @param response   the answer: an MCP {@code ElicitResult} {@code {action, content?}}, or for a relayed sampling or
 *                   roots request a {@code CreateMessageResult} or {@code ListRootsResult}
 */
public record ProvideInputBody(String requestKey, JsonNode response) {
    /** Longest accepted request key (job-control mints far shorter ones). */
    public static final int MAX_KEY_LENGTH = 256;

    private static final Set<String> MEMBERS = Set.of("request_key", "response");

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** Parses and checks the shape; throws the problem for the first defect. */
    public static ProvideInputBody parse(byte[] body) {
        JsonNode root = readJson(body);
        LoneSurrogates.find(root).ifPresent(pointer -> {
            throw invalid(pointer, LoneSurrogates.MESSAGE);
        });
        if (!root.isObject()) {
            throw invalid("", "The body must be a JSON object with the members request_key and response.");
        }
        List<String> unknown = new ArrayList<>();
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!MEMBERS.contains(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw invalid(
                    "/" + unknown.get(0).replace("~", "~0").replace("/", "~1"),
                    "Unknown member(s) " + unknown + "; the body accepts only request_key and response.");
        }
        JsonNode key = root.get("request_key");
        if (key == null
                || !key.isTextual()
                || key.asText().isEmpty()
                || key.asText().length() > MAX_KEY_LENGTH) {
            throw invalid(
                    "/request_key",
                    "request_key is required: a string of 1-" + MAX_KEY_LENGTH
                            + " characters taken from the execution's input_requests.");
        }
        JsonNode response = root.get("response");
        if (response == null || response.isNull()) {
            throw invalid(
                    "/response",
                    "response is required: {\"action\": \"accept\"|\"decline\"|\"cancel\", " + "\"content\"?: {...}}.");
        }
        InputViolation violation = InputResponseShape.violationOfAny(response).orElse(null);
        if (violation != null) {
            throw invalid("/response" + violation.pointer(), "response: " + violation.message() + ".");
        }
        return new ProvideInputBody(key.asText(), response);
    }

    private static JsonNode readJson(byte[] body) {
        if (body.length == 0) {
            throw ProblemKind.MALFORMED_JSON.exception("The body is empty; expected a JSON object.");
        }
        try (JsonParser parser = STRICT.createParser(body)) {
            JsonNode root = STRICT.readTree(parser);
            if (root == null || root.isMissingNode()) {
                throw ProblemKind.MALFORMED_JSON.exception("The body holds no JSON value.");
            }
            return root;
        } catch (IOException e) {
            throw ProblemKind.MALFORMED_JSON.exception("The body is not valid JSON.");
        }
    }

    private static RuntimeException invalid(String pointer, String message) {
        return ProblemKind.INVALID_REQUEST
                .problem(message)
                .with("errors", List.of(Map.of("pointer", pointer, "message", message)))
                .toException();
    }
}
