package dev.taskgate.examples.hoi4.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.taskgate.examples.hoi4.script.ScriptBlock;
import dev.taskgate.examples.hoi4.script.ScriptParseException;
import dev.taskgate.examples.hoi4.script.ScriptParser;
import dev.taskgate.operation.api.ToolContext;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

/**
 * Reads and parses the {@code *.txt} files directly inside one game folder (e.g. {@code common/national_focus}) of
 * every workspace root, reporting progress per file and stopping between files when asked.
 */
public final class ScriptFolderScan {
    private final String folder;

    /** @param folder a relative folder path with {@code /} separators and no trailing slash */
    public ScriptFolderScan(String folder) {
        this.folder = folder;
    }

    /** The workspace paths this scan reads, in workspace order. */
    public List<String> matching(List<String> workspacePaths) {
        return workspacePaths.stream().filter(this::matches).toList();
    }

    boolean matches(String workspacePath) {
        int rootEnd = workspacePath.indexOf('/');
        if (rootEnd < 0) {
            return false;
        }
        String relative = workspacePath.substring(rootEnd + 1);
        String prefix = folder + "/";
        if (!relative.startsWith(prefix)) {
            return false;
        }
        String name = relative.substring(prefix.length());
        return name.endsWith(".txt") && name.length() > ".txt".length() && name.indexOf('/') < 0;
    }

    public ScanResult scan(WorkspaceReader workspace, ToolContext context) throws ToolStoppedException {
        List<String> paths = matching(workspace.files());
        List<ParsedFile> parsed = new ArrayList<>();
        List<FileFailure> failed = new ArrayList<>();
        int total = paths.size();
        for (int i = 0; i < total; i++) {
            if (context.isStopRequested()) {
                throw new ToolStoppedException("stopped after " + i + " of " + total + " files in " + folder);
            }
            String path = paths.get(i);
            Optional<byte[]> content = workspace.read(path);
            if (content.isEmpty()) {
                failed.add(new FileFailure(path, 0, 0, "no longer readable"));
                context.progress(i + 1, (double) total, "could not read " + path);
                continue;
            }
            try {
                ScriptBlock root = ScriptParser.parse(path, content.get());
                parsed.add(new ParsedFile(path, root));
                context.progress(i + 1, (double) total, "parsed " + path);
            } catch (ScriptParseException e) {
                failed.add(new FileFailure(path, e.line(), e.column(), e.problem()));
                context.progress(i + 1, (double) total, "could not parse " + path);
            }
        }
        return new ScanResult(total, parsed, failed);
    }
}
