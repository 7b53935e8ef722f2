package dev.taskgate.worker.child.ops.workspace.graph;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a reference graph is computed from, apart from the file contents: its identity.
 *
 * @param workspace the workspace id
 * @param start     the start paths, sorted; empty means every file of the workspace
 * @param depth     how many reference hops to follow from the start files (0..{@link #MAX_DEPTH})
 * @param patterns  the workspace's reference patterns (regexes with one capture group), in their configured order
 */
public record GraphQuery(String workspace, SortedSet<String> start, int depth, List<String> patterns) {
    /** The deepest traversal a caller may ask for. */
    public static final int MAX_DEPTH = 32;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public GraphQuery {
        Objects.requireNonNull(workspace, "workspace");
        start = new TreeSet<>(Objects.requireNonNull(start, "start"));
        patterns = List.copyOf(patterns);
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be between 0 and " + MAX_DEPTH);
        }
    }

    /** Whether the traversal starts from every file. */
    public boolean startsEverywhere() {
        return start.isEmpty();
    }

    /**
     * The graph identity: SHA-256 over the canonical JSON of workspace, start set, depth and patterns. Independent of
     * page sizes and of the file contents (those give the revision).
     */
    public String graphId() {
        try {
            byte[] canonical = MAPPER.writeValueAsBytes(toJson());
            return "g-"
                    + HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(canonical))
                            .substring(0, 32);
        } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot hash a graph query", e);
        }
    }

    /** {@code {workspace, start, depth, patterns}}, members in this order. */
    public ObjectNode toJson() {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("workspace", workspace);
        start.forEach(node.putArray("start")::add);
        node.put("depth", depth);
        patterns.forEach(node.putArray("patterns")::add);
        return node;
    }

    /** The inverse of {@link #toJson()}. */
    public static GraphQuery fromJson(com.fasterxml.jackson.databind.JsonNode node) {
        SortedSet<String> start = new TreeSet<>();
        node.path("start").forEach(s -> start.add(s.asText()));
        List<String> patterns = new java.util.ArrayList<>();
        node.path("patterns").forEach(p -> patterns.add(p.asText()));
        return new GraphQuery(
                node.path("workspace").asText(), start, node.path("depth").asInt(), patterns);
    }
}
