package dev.taskgate.examples.hoi4.focus;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.taskgate.examples.hoi4.scan.ScanResult;
import dev.taskgate.examples.hoi4.scan.ScriptFolderScan;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

/**
 * The focus files of a workspace, read and parsed, with the trees a call selects.
 *
 * @param scan which files were read and which failed
 * @param files the trees and shared focuses found
 */
record FocusScan(ScanResult scan, FocusFiles files) {
    static final ScriptFolderScan FOLDER = new ScriptFolderScan("common/national_focus");
    private static final int TREES_NAMED = 50;

    static FocusScan of(WorkspaceReader workspace, ToolContext context) throws ToolStoppedException {
        ScanResult scan = FOLDER.scan(workspace, context);
        return new FocusScan(scan, FocusFiles.read(scan.parsed()));
    }

    /** The graphs of every tree, or of the one named; empty when a tree is named that does not exist. */
    Optional<List<FocusGraph>> graphs(Optional<String> treeId) {
        if (treeId.isEmpty()) {
            return Optional.of(
                    files.trees().stream().map(t -> FocusGraphs.build(t, files)).toList());
        }
        return files.tree(treeId.get()).map(t -> List.of(FocusGraphs.build(t, files)));
    }

    /** The tool error text for a tree id that names no tree: the known trees, and files that could not be parsed. */
    String unknownTree(String treeId) {
        String known = files.trees().isEmpty()
                ? "no focus trees were found"
                : "known trees: "
                        + files.trees().stream()
                                .limit(TREES_NAMED)
                                .map(FocusTree::id)
                                .collect(Collectors.joining(", "))
                        + (files.trees().size() > TREES_NAMED ? ", …" : "");
        String failed = scan.failed().isEmpty()
                ? ""
                : " (" + scan.failed().size() + " of " + scan.filesSeen() + " focus files could not be parsed)";
        return "no focus tree " + treeId + " in common/national_focus; " + known + failed;
    }
}
