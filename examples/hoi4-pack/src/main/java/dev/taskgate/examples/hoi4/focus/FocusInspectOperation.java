package dev.taskgate.examples.hoi4.focus;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.examples.hoi4.tool.ToolInput;
import dev.taskgate.examples.hoi4.tool.WorkspaceTool;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolResults;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

/** {@code hoi4.focus_inspect}: the focus trees of the workspace's mod as graphs, with their problems and coverage. */
public final class FocusInspectOperation extends WorkspaceTool {
    public static final String NAME = "hoi4.focus_inspect";
    static final int DEFAULT_MAX_FOCUSES = 1000;

    public FocusInspectOperation() {
        super(NAME);
    }

    @Override
    protected String call(JsonNode input, WorkspaceReader workspace, ToolContext context) throws ToolStoppedException {
        FocusScan focusScan = FocusScan.of(workspace, context);
        Optional<String> treeId = ToolInput.text(input, "tree");
        Optional<List<FocusGraph>> graphs = focusScan.graphs(treeId);
        if (graphs.isEmpty()) {
            return ToolResults.error(focusScan.unknownTree(treeId.orElseThrow()));
        }
        int maxFocuses = ToolInput.integer(input, "max_focuses", DEFAULT_MAX_FOCUSES);
        return ToolResults.structured(FocusReport.of(focusScan.scan(), focusScan.files(), graphs.get(), maxFocuses));
    }
}
