package dev.taskgate.frontend.execution.rest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.taskgate.frontend.execution.LoneSurrogates;
import dev.taskgate.frontend.problem.ProblemKind;

/**
 * The body of a create request, {@code {"tool_name": string, "input": object}} with an optional {@code gateway_id}
 * (the namespace of an upstream MCP server, docs/gateway.md: {@code {"gateway_id": "github", "tool_name":
 * "create_issue"}} names {@code github.create_issue}), parsed from the raw bytes so that every defect gets its documented
 * problem: not JSON → 400 {@code malformed-json}; not that shape (other members, wrong types, missing members) → 400
 * {@code invalid-request}.
 *
 * @param toolName   the tool to run, with the gateway's namespace when {@code gateway_id} named one
 * @param input      its arguments
 * @param viaGateway whether {@code gateway_id} named the namespace: then only an upstream's tool may answer to it
 */
public record CreateExecutionBody(String toolName, JsonNode input, boolean viaGateway) {
    private static final Set<String> MEMBERS = Set.of("tool_name", "input", "gateway_id");

    // Exact decimals: the input is forwarded, and a binary double would change numbers like 0.1.
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** Parses and checks the shape; throws the problem for the first defect. */
    public static CreateExecutionBody parse(byte[] body) {
        JsonNode root = readJson(body);
        LoneSurrogates.find(root).ifPresent(pointer -> {
            throw invalid(pointer, LoneSurrogates.MESSAGE);
        });
        if (!root.isObject()) {
            throw invalid("", "The body must be a JSON object with the members tool_name and input.");
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
                    "/" + escape(unknown.get(0)),
                    "Unknown member(s) " + unknown + "; the body accepts only tool_name, input and gateway_id.");
        }
        JsonNode toolName = root.get("tool_name");
        if (toolName == null || toolName.isNull()) {
            throw invalid("/tool_name", "tool_name is required.");
        }
        if (!toolName.isTextual() || toolName.asText().isEmpty()) {
            throw invalid("/tool_name", "tool_name must be a non-empty string.");
        }
        JsonNode input = root.get("input");
        if (input == null || input.isNull()) {
            throw invalid("/input", "input is required (use {} for a tool without arguments).");
        }
        if (!input.isObject()) {
            throw invalid("/input", "input must be a JSON object.");
        }
        JsonNode gateway = root.get("gateway_id");
        if (gateway != null && (!gateway.isTextual() || gateway.asText().isEmpty())) {
            throw invalid("/gateway_id", "gateway_id must be a non-empty string: the namespace of an upstream.");
        }
        String name = gateway == null ? toolName.asText() : gateway.asText() + "." + toolName.asText();
        return new CreateExecutionBody(name, input, gateway != null);
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
            if (parser.nextToken() != null) {
                throw ProblemKind.MALFORMED_JSON.exception("The body holds more than one JSON value.");
            }
            return root;
        } catch (IOException e) {
            throw ProblemKind.MALFORMED_JSON.exception("The body is not valid JSON: " + summary(e));
        }
    }

    // Jackson messages carry a source excerpt; keep only the first line and the location.
    private static String summary(IOException e) {
        if (e instanceof JsonProcessingException) {
            JsonProcessingException jpe = (JsonProcessingException) e;
            String first = String.valueOf(jpe.getOriginalMessage()).split("\n", 2)[0];
            JsonLocation at = jpe.getLocation();
            return at != null && at.getLineNr() > 0
                    ? first + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"
                    : first;
        }
        return "unreadable content (" + e.getClass().getSimpleName() + ")";
    }

    private static RuntimeException invalid(String pointer, String message) {
        return ProblemKind.INVALID_REQUEST
                .problem(message)
                .with("errors", List.of(Map.of("pointer", pointer, "message", message)))
                .toException();
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
