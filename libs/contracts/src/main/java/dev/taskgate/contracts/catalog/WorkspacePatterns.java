package dev.taskgate.contracts.catalog;

import java.util.List;

/** Who may use an upstream's tools: {@code <org>/<project>}, {@code <org>/*} or {@code *}, matched exactly. */
public final class WorkspacePatterns {

    private WorkspacePatterns() {}

    /** Whether a caller in {@code workspace} ({@code <org>/<project>}) is admitted by one of {@code patterns}. */
    public static boolean admits(List<String> patterns, String workspace) {
        if (workspace == null) {
            return false;
        }
        int slash = workspace.indexOf('/');
        String org = slash < 0 ? workspace : workspace.substring(0, slash);
        return patterns.stream().anyMatch(w -> w.equals("*") || w.equals(workspace) || w.equals(org + "/*"));
    }
}
