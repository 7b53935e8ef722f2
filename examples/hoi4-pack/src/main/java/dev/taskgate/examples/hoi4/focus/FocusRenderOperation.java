package dev.taskgate.examples.hoi4.focus;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.tool.JsonOut;
import dev.taskgate.examples.hoi4.tool.ToolInput;
import dev.taskgate.examples.hoi4.tool.WorkspaceTool;
import dev.taskgate.operation.api.ArtifactLink;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolResults;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

/** {@code hoi4.focus_render}: one focus tree drawn as SVG, saved as an artifact and linked from the result. */
public final class FocusRenderOperation extends WorkspaceTool {
    public static final String NAME = "hoi4.focus_render";
    /** {@link ToolContext#saveArtifact}'s limit. */
    static final int MAX_ARTIFACT_BYTES = 512 * 1024;

    private static final int MAX_NAME_STEM = 196;

    public FocusRenderOperation() {
        super(NAME);
    }

    @Override
    protected String call(JsonNode input, WorkspaceReader workspace, ToolContext context) throws ToolStoppedException {
        String treeId = ToolInput.text(input, "tree").orElseThrow(() -> new IllegalArgumentException("tree"));
        FocusScan focusScan = FocusScan.of(workspace, context);
        Optional<List<FocusGraph>> graphs = focusScan.graphs(Optional.of(treeId));
        if (graphs.isEmpty()) {
            return ToolResults.error(focusScan.unknownTree(treeId));
        }
        FocusGraph graph = graphs.get().get(0);
        int maxFocuses = ToolInput.integer(input, "max_focuses", FocusInspectOperation.DEFAULT_MAX_FOCUSES);
        byte[] svg = FocusSvg.render(graph, maxFocuses).getBytes(StandardCharsets.UTF_8);
        if (svg.length > MAX_ARTIFACT_BYTES) {
            return ToolResults.error("the picture of focus tree " + treeId + " would be " + svg.length
                    + " bytes, over the artifact limit of " + MAX_ARTIFACT_BYTES + "; ask for fewer max_focuses");
        }
        ArtifactLink link;
        try {
            link = context.saveArtifact(artifactName(treeId), "image/svg+xml", svg);
        } catch (IllegalStateException | IllegalArgumentException e) {
            return ToolResults.error("the picture of focus tree " + treeId + " could not be saved: " + e.getMessage());
        }
        int rendered = Math.min(maxFocuses, graph.focuses().size());
        boolean truncated = rendered < graph.focuses().size();
        ObjectNode summary = JsonOut.object()
                .put("tree", treeId)
                .put("focuses_rendered", rendered)
                .put("focuses_total", graph.focuses().size())
                .put("truncated", truncated)
                .put("problems", graph.problems().size());
        summary.set(
                "artifact",
                JsonOut.object()
                        .put("uri", link.uri())
                        .put("name", link.name())
                        .put("mimeType", link.mediaType())
                        .put("size", link.size()));
        String text = "Rendered focus tree " + treeId + ": " + rendered + " of "
                + graph.focuses().size()
                + " focuses" + (truncated ? " (truncated at max_focuses)" : "") + ", "
                + graph.problems().size()
                + " problems; SVG " + link.name() + " (" + link.size() + " bytes).";
        return ToolResults.builder()
                .addText(text)
                .resourceLink(link)
                .structuredContent(summary)
                .build();
    }

    /** {@code <tree>.svg}, with the characters an artifact name may not hold replaced and the stem shortened. */
    static String artifactName(String treeId) {
        StringBuilder stem = new StringBuilder();
        treeId.codePoints().limit(MAX_NAME_STEM).forEach(c -> {
            boolean refused = Character.isISOControl(c) || c == '/' || c == '\\' || c == '"' || c == '\'';
            stem.appendCodePoint(refused ? '_' : c);
        });
        return stem + ".svg";
    }
}
