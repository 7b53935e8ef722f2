package dev.taskgate.worker.child.workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A directory tree the operator registered for one {@code <org>/<project>} (worker-pool's
 * {@code taskgate.worker.workspaces}); handed to a child with the {@code run} line of an operation whose catalog
 * entry needs a workspace.
 *
 * @param id                the workspace id {@code "<org>/<project>"}
 * @param roots             at least one root, names unique
 * @param referencePatterns regexes with exactly one capture group: the referenced path (includes, imports, links)
 * @param maxFileBytes      files larger than this are skipped when listing and refused when read
 */
public record Workspace(String id, List<WorkspaceRoot> roots, List<Pattern> referencePatterns, long maxFileBytes) {
    /** The default of {@code max-file-bytes}: 1 MiB. */
    public static final long DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

    /**
     * The default reference patterns: C/C++ {@code #include "x"}, JS/TS {@code import … from 'x'}, {@code import 'x'}
     * and {@code require('x')}, Markdown links {@code ](x)} and Python {@code from x import}.
     */
    public static final List<String> DEFAULT_REFERENCE_PATTERNS = List.of(
            "#\\s*include\\s*\"([^\"]+)\"",
            "\\bimport\\s+(?:[^'\"]*?\\s+from\\s+)?['\"]([^'\"]+)['\"]",
            "\\brequire\\(\\s*['\"]([^'\"]+)['\"]\\s*\\)",
            "\\]\\(([^)\\s#]+)(?:#[^)]*)?\\)",
            "^\\s*from\\s+([\\w.]+)\\s+import\\b");

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern ID = Pattern.compile("[^/\\s]+/[^/\\s]+");

    public Workspace {
        Objects.requireNonNull(id, "id");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("a workspace id is '<org>/<project>': '" + id + "'");
        }
        roots = List.copyOf(roots);
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("workspace " + id + " needs at least one root");
        }
        Set<String> names = new HashSet<>();
        for (WorkspaceRoot root : roots) {
            if (!names.add(root.name())) {
                throw new IllegalArgumentException("workspace " + id + " has two roots named '" + root.name()
                        + "'; give one a name with name=/path");
            }
        }
        referencePatterns = List.copyOf(referencePatterns);
        for (Pattern pattern : referencePatterns) {
            if (pattern.matcher("").groupCount() != 1) {
                throw new IllegalArgumentException("reference pattern of workspace " + id
                        + " must have exactly one capture group (the referenced path): " + pattern.pattern());
            }
        }
        if (maxFileBytes < 1) {
            throw new IllegalArgumentException("max-file-bytes of workspace " + id + " must be positive");
        }
    }

    /** Compiles reference patterns, refusing any that does not compile or has not exactly one capture group. */
    public static List<Pattern> compile(String id, List<String> patterns) {
        List<Pattern> compiled = new ArrayList<>();
        for (String source : patterns) {
            try {
                compiled.add(Pattern.compile(source, Pattern.MULTILINE));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("reference pattern of workspace " + id + " does not compile: "
                        + source + " (" + e.getDescription() + ")");
            }
        }
        return compiled;
    }

    /** The root named {@code name}, if any. */
    public Optional<WorkspaceRoot> root(String name) {
        return roots.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    /** The protocol form sent with a {@code run} line. */
    public ObjectNode toJson() {
        ObjectNode json = MAPPER.createObjectNode().put("id", id).put("maxFileBytes", maxFileBytes);
        roots.forEach(r -> json.withArray("roots")
                .addObject()
                .put("name", r.name())
                .put("directory", r.directory().toString()));
        json.putArray("referencePatterns");
        referencePatterns.forEach(p -> json.withArray("referencePatterns").add(p.pattern()));
        return json;
    }

    /**
     * Reads the protocol form.
     *
     * @throws IllegalArgumentException when it is not a valid workspace
     */
    public static Workspace fromJson(JsonNode json) {
        if (json == null
                || !json.isObject()
                || !json.path("id").isTextual()
                || !json.path("roots").isArray()) {
            throw new IllegalArgumentException("a workspace needs a string 'id' and an array 'roots'");
        }
        String id = json.get("id").asText();
        List<WorkspaceRoot> roots = new ArrayList<>();
        for (JsonNode root : json.get("roots")) {
            roots.add(new WorkspaceRoot(
                    root.path("name").asText(), Path.of(root.path("directory").asText())));
        }
        List<String> patterns = new ArrayList<>();
        json.path("referencePatterns").forEach(p -> patterns.add(p.asText()));
        return new Workspace(
                id, roots, compile(id, patterns), json.path("maxFileBytes").asLong(DEFAULT_MAX_FILE_BYTES));
    }
}
