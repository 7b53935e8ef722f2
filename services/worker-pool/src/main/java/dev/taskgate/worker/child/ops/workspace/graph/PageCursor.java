package dev.taskgate.worker.child.ops.workspace.graph;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The continuation token of {@code workspace.inspect} pages: binds the graph identity, the revision of the page it
 * continues and the offsets of the next page. Opaque to callers ({@code wsg1.} + base64url JSON); tampering with it
 * can only point at another page of a graph the caller may read anyway, or be rejected.
 *
 * @param graphId    the graph it pages through
 * @param revision   the revision the previous pages were computed on
 * @param nodeOffset the first node of the next page
 * @param edgeOffset the first edge of the next page
 */
public record PageCursor(String graphId, String revision, int nodeOffset, int edgeOffset) {
    private static final String PREFIX = "wsg1.";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public PageCursor {
        Objects.requireNonNull(graphId, "graphId");
        Objects.requireNonNull(revision, "revision");
        if (nodeOffset < 0 || edgeOffset < 0) {
            throw new IllegalArgumentException("offsets must not be negative");
        }
    }

    /** The opaque token. */
    public String encode() {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("g", graphId);
        json.put("r", revision);
        json.put("n", nodeOffset);
        json.put("e", edgeOffset);
        try {
            return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(MAPPER.writeValueAsBytes(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a cursor", e);
        }
    }

    /**
     * The cursor in {@code token}.
     *
     * @throws IllegalArgumentException when {@code token} is not a cursor this operation issued
     */
    public static PageCursor decode(String token) {
        if (token == null || !token.startsWith(PREFIX)) {
            throw new IllegalArgumentException("the cursor is not a workspace.inspect cursor");
        }
        try {
            JsonNode json = MAPPER.readTree(new String(
                    Base64.getUrlDecoder().decode(token.substring(PREFIX.length())), StandardCharsets.UTF_8));
            if (json == null
                    || !json.path("g").isTextual()
                    || !json.path("r").isTextual()
                    || !json.path("n").isInt()
                    || !json.path("e").isInt()) {
                throw new IllegalArgumentException("the cursor is not a workspace.inspect cursor");
            }
            return new PageCursor(
                    json.get("g").asText(),
                    json.get("r").asText(),
                    json.get("n").asInt(),
                    json.get("e").asInt());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the cursor is not a workspace.inspect cursor", e);
        }
    }
}
