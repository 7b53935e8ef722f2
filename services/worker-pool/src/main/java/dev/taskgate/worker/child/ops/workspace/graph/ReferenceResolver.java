package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Resolves referenced text to a workspace file: first relative to the referencing file's directory (within its root),
 * then relative to each root in order. A reference that names no listed file, leaves its root through {@code ..}, or
 * is a URL resolves to nothing and becomes a dangling edge.
 */
public final class ReferenceResolver {
    private final Set<String> files;
    private final List<String> roots;

    /**
     * @param files every workspace file, as {@code <root-name>/<rel/path>}
     * @param roots the root names, in the order references are tried against them
     */
    public ReferenceResolver(Set<String> files, List<String> roots) {
        this.files = Set.copyOf(files);
        this.roots = List.copyOf(roots);
    }

    /** The file {@code ref}, found in {@code from}, names, if any. */
    public Optional<String> resolve(String from, String ref) {
        String target = stripQueryAndFragment(ref.trim());
        if (target.isEmpty() || target.contains("://") || target.startsWith("mailto:") || target.contains("\\")) {
            return Optional.empty();
        }
        int slash = from.indexOf('/');
        String root = slash < 0 ? from : from.substring(0, slash);
        if (!target.startsWith("/")) {
            int lastSlash = from.lastIndexOf('/');
            String directory = lastSlash <= slash ? "" : from.substring(slash + 1, lastSlash);
            Optional<String> relative = within(root, directory.isEmpty() ? target : directory + "/" + target);
            if (relative.isPresent()) {
                return relative;
            }
        }
        for (String candidateRoot : roots) {
            Optional<String> rooted = within(candidateRoot, target);
            if (rooted.isPresent()) {
                return rooted;
            }
        }
        return Optional.empty();
    }

    private Optional<String> within(String root, String relative) {
        return normalize(relative).map(path -> root + "/" + path).filter(files::contains);
    }

    /** {@code a/./b/../c} → {@code a/c}; empty when {@code ..} would leave the root. */
    static Optional<String> normalize(String relative) {
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : relative.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (segments.isEmpty()) {
                    return Optional.empty();
                }
                segments.removeLast();
            } else {
                segments.addLast(segment);
            }
        }
        return segments.isEmpty() ? Optional.empty() : Optional.of(String.join("/", segments));
    }

    private static String stripQueryAndFragment(String ref) {
        int cut = ref.length();
        for (char c : new char[] {'#', '?'}) {
            int at = ref.indexOf(c);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return ref.substring(0, cut);
    }
}
