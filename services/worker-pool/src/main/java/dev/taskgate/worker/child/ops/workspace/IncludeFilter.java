package dev.taskgate.worker.child.ops.workspace;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.function.Predicate;
import java.util.regex.PatternSyntaxException;

/**
 * Which workspace paths an operation considers: a glob over the whole workspace path ({@code src/**}{@code /*.c},
 * {@code {src,docs}/**}), or, for a glob without {@code /}, over the file name ({@code *.md}). No glob: every file.
 */
final class IncludeFilter {
    private IncludeFilter() {}

    /**
     * @throws IllegalArgumentException for a glob that does not compile
     */
    static Predicate<String> of(String glob) {
        if (glob == null || glob.isEmpty()) {
            return path -> true;
        }
        PathMatcher matcher;
        try {
            matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("invalid include glob: " + e.getDescription() + " in " + glob);
        }
        boolean byName = !glob.contains("/");
        return path -> {
            Path p = Path.of(path);
            return matcher.matches(byName ? p.getFileName() : p);
        };
    }
}
