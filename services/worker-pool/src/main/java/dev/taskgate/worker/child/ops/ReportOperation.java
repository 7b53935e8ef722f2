package dev.taskgate.worker.child.ops;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.artifact.ArtifactRef;

/**
 * {@code demo.report}: writes a small text report as an artifact of the execution's workspace and links it from the
 * result (a {@code resource_link} content item and {@code structuredContent.artifacts}). With a {@code key}, it first
 * loads the report retained under that key and states its size, then replaces it: the artifact path exercised end
 * to end until the workspace graph operations use it.
 */
public final class ReportOperation implements Operation {
    static final String NAME = "report.txt";
    static final String MEDIA_TYPE = "text/plain; charset=utf-8";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public String run(JsonNode input, OperationContext context) {
        String title = input.path("title").asText("Report");
        Optional<String> key =
                input.hasNonNull("key") ? Optional.of(input.get("key").asText()) : Optional.empty();
        Optional<byte[]> previous = key.flatMap(context::loadArtifact);
        StringBuilder text = new StringBuilder(title).append('\n');
        for (JsonNode line : input.path("lines")) {
            text.append(line.asText()).append('\n');
        }
        ArtifactRef ref = context.saveArtifact(NAME, MEDIA_TYPE, text.toString().getBytes(StandardCharsets.UTF_8), key);

        ObjectNode result = MAPPER.createObjectNode();
        ArrayNode content = result.putArray("content");
        content.addObject()
                .put("type", "text")
                .put(
                        "text",
                        "Report saved as " + ref.path()
                                + previous.map(p -> " (replacing a report of " + p.length + " bytes)")
                                        .orElse(""));
        // MCP ResourceLink: type, uri and name are required (2025-11-25 and 2026-07-28 schemas alike); uri is absolute
        // when the worker knows the public base URL, else the path relative to the endpoint (docs/worker-pool.md
        // "Artifacts").
        content.addObject()
                .put("type", "resource_link")
                .put("uri", ref.uri())
                .put("name", ref.name())
                .put("mimeType", ref.mediaType())
                .put("size", ref.size());
        ObjectNode structured = result.putObject("structuredContent");
        ObjectNode artifact = structured.putArray("artifacts").addObject();
        artifact.put("id", ref.id())
                .put("name", ref.name())
                .put("mediaType", ref.mediaType())
                .put("sha256", ref.sha256())
                .put("size", ref.size())
                .put("path", ref.path());
        previous.ifPresent(p -> structured.put("previous_size", p.length));
        result.put("isError", false);
        try {
            return MAPPER.writeValueAsString(result);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the result", e);
        }
    }
}
