package dev.taskgate.worker.child;

import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The final frontier of a run that staged a result bound to its sources: {@code {"staged": <CallToolResult text>,
 * "listing"?: <digest>, "sources": {<path>: <content hash>}}}, saved as a checkpoint right before the result is
 * staged. job-control authenticates it like any frontier and hands it to the replacement after an owner loss; the
 * child then publishes {@link #result()} unchanged if {@link #sources()} still hold, else runs the operation afresh.
 * The staged bytes travel in the frontier because only the frontier reaches a replacement.
 */
public record StagedResultFrontier(String result, StagedSources sources) {
    /** A staged frontier longer than this is not saved (as for traversal frontiers): the replacement re-runs. */
    public static final int MAX_CHARS = 256 * 1024;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The frontier's JSON text. */
    public String toJson() {
        ObjectNode node = MAPPER.createObjectNode().put("staged", result);
        if (sources.listing() != null) {
            node.put("listing", sources.listing());
        }
        ObjectNode read = node.putObject("sources");
        sources.contentHashes().forEach(read::put);
        return node.toString();
    }

    /** The staged frontier {@code frontier} holds, or empty when it is another kind of frontier. */
    public static Optional<StagedResultFrontier> parse(String frontier) {
        JsonNode node;
        try {
            node = MAPPER.readTree(frontier);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        if (node == null
                || !node.path("staged").isTextual()
                || !node.path("sources").isObject()
                || (node.has("listing") && !node.get("listing").isTextual())) {
            return Optional.empty();
        }
        SortedMap<String, String> hashes = new TreeMap<>();
        for (Map.Entry<String, JsonNode> read : node.get("sources").properties()) {
            if (!read.getValue().isTextual()) {
                return Optional.empty();
            }
            hashes.put(read.getKey(), read.getValue().asText());
        }
        String listing = node.has("listing") ? node.get("listing").asText() : null;
        return Optional.of(new StagedResultFrontier(node.get("staged").asText(), new StagedSources(listing, hashes)));
    }
}
