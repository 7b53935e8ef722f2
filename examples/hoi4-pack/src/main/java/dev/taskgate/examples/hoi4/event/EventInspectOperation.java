package dev.taskgate.examples.hoi4.event;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.examples.hoi4.scan.ScanResult;
import dev.taskgate.examples.hoi4.scan.ScriptFolderScan;
import dev.taskgate.examples.hoi4.tool.ToolInput;
import dev.taskgate.examples.hoi4.tool.WorkspaceTool;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolResults;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

/** {@code hoi4.event_inspect}: the events of the workspace's mod, which fire which, their problems and coverage. */
public final class EventInspectOperation extends WorkspaceTool {
    public static final String NAME = "hoi4.event_inspect";
    static final int DEFAULT_MAX_EVENTS = 1000;
    private static final ScriptFolderScan FOLDER = new ScriptFolderScan("events");

    public EventInspectOperation() {
        super(NAME);
    }

    @Override
    protected String call(JsonNode input, WorkspaceReader workspace, ToolContext context) throws ToolStoppedException {
        ScanResult scan = FOLDER.scan(workspace, context);
        EventFiles files = EventFiles.read(scan.parsed());
        Optional<String> namespace = ToolInput.text(input, "namespace");
        int maxEvents = ToolInput.integer(input, "max_events", DEFAULT_MAX_EVENTS);
        return ToolResults.structured(EventReport.of(scan, files, namespace, maxEvents));
    }
}
