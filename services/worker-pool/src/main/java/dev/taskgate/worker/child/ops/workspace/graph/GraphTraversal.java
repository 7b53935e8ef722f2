package dev.taskgate.worker.child.ops.workspace.graph;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * Breadth-first traversal of the references between workspace files, from the start files to the requested depth.
 * Files at the depth limit are discovered but not read. Saves a {@link TraversalFrontier} every
 * {@link TraversalLimits#checkpointEvery()} files read, and continues from a resumed one only if it belongs to the
 * same graph and the files it read are unchanged (same revision); otherwise it starts afresh, so old and new
 * evidence are never combined.
 */
public final class GraphTraversal {

    /** What the traversal reports while it runs. */
    public interface Listener {
        /** Whether to stop at the next file. */
        boolean isStopRequested();

        /** A frontier to save, bound to the revision of the files read so far. */
        void checkpoint(String revision, String frontier);

        /** Progress: files read so far, nodes discovered so far, whether this run resumed. */
        void progress(int filesRead, int nodesDiscovered, boolean resumed);
    }

    /** The outcome: the graph and whether the traversal continued from a frontier. */
    public record Outcome(ReferenceGraph graph, boolean resumed) {}

    private final GraphQuery query;
    private final List<String> files;
    private final Function<String, Optional<byte[]>> reader;
    private final Function<SortedMap<String, byte[]>, String> revisionOf;
    private final TraversalLimits limits;
    private final ReferenceResolver resolver;
    private final List<Pattern> patterns;

    /**
     * @param query      what to traverse; every start path must be one of {@code files}
     * @param roots      the workspace's root names, in order (references are tried against them in this order)
     * @param files      every workspace file, sorted, as {@code <root-name>/<rel/path>}
     * @param reader     reads a listed file (empty if it vanished)
     * @param revisionOf the workspace revision function ({@code WorkspaceFiles.revision})
     * @param limits     the bounds of this traversal
     * @throws IllegalArgumentException when a start path is not a workspace file or a pattern does not compile
     */
    public GraphTraversal(
            GraphQuery query,
            List<String> roots,
            List<String> files,
            Function<String, Optional<byte[]>> reader,
            Function<SortedMap<String, byte[]>, String> revisionOf,
            TraversalLimits limits) {
        this.query = query;
        this.files = List.copyOf(files);
        this.reader = reader;
        this.revisionOf = revisionOf;
        this.limits = limits;
        Set<String> fileSet = new HashSet<>(files);
        for (String start : query.start()) {
            if (!fileSet.contains(start)) {
                throw new IllegalArgumentException("start path is not a file of the workspace: " + start);
            }
        }
        this.resolver = new ReferenceResolver(fileSet, roots);
        // MULTILINE, as the workspace compiles them: a pattern may anchor at line starts (Python "from x import")
        this.patterns = query.patterns().stream()
                .map(p -> Pattern.compile(p, Pattern.MULTILINE))
                .toList();
    }

    /** Runs the traversal, continuing from {@code resume} when it is valid for this graph and the current files. */
    public Outcome traverse(Optional<FrontierResume> resume, Listener listener) throws OperationStoppedException {
        State state = resume.flatMap(this::validate).orElseGet(this::fresh);
        boolean resumed = state.cursor > 0;
        listener.progress(state.read.size(), state.nodes.size(), resumed);
        String limitReason = null;
        int sinceCheckpoint = 0;
        while (state.cursor < state.nodes.size()) {
            GraphNode node = state.nodes.get(state.cursor);
            if (node.depth() >= query.depth()) {
                break; // breadth-first: every later node is at the depth limit too
            }
            if (state.read.size() >= limits.maxFilesRead()) {
                limitReason = "max_files_read";
                break;
            }
            if (state.bytesRead >= limits.maxBytesRead()) {
                limitReason = "max_bytes_read";
                break;
            }
            if (listener.isStopRequested()) {
                throw new OperationStoppedException("stopped after reading " + state.read.size() + " files");
            }
            expand(state, node);
            state.cursor++;
            if (++sinceCheckpoint >= limits.checkpointEvery() && state.cursor < state.nodes.size()) {
                sinceCheckpoint = 0;
                String frontier = state.frontier().toJson();
                if (frontier.length() <= limits.maxFrontierChars()) {
                    listener.checkpoint(revisionOf.apply(state.read), frontier);
                }
                listener.progress(state.read.size(), state.nodes.size(), resumed);
            }
        }
        if (limitReason == null && state.nodesCapped) {
            limitReason = "max_nodes_discovered";
        }
        ReferenceGraph graph = new ReferenceGraph(
                query,
                revisionOf.apply(state.read),
                state.nodes,
                state.edges,
                files.size(),
                state.read.size(),
                state.nodes.size() - state.cursor,
                limitReason);
        return new Outcome(graph, resumed);
    }

    private void expand(State state, GraphNode node) {
        Optional<byte[]> content = reader.apply(node.path());
        if (content.isEmpty()) {
            state.unreadable.add(node.path());
            return;
        }
        state.read.put(node.path(), content.get());
        state.bytesRead += content.get().length;
        Map<String, GraphEdge> found = new LinkedHashMap<>();
        for (String ref : references(content.get())) {
            Optional<String> target = resolver.resolve(node.path(), ref);
            GraphEdge edge = new GraphEdge(node.path(), target.orElse(null), ref);
            found.putIfAbsent(edge.identity(), edge);
            if (target.isPresent() && !state.depths.containsKey(target.get())) {
                if (state.nodes.size() < limits.maxNodes()) {
                    state.add(new GraphNode(target.get(), node.depth() + 1));
                } else {
                    state.nodesCapped = true; // the edge stays: the reference exists, its target is not listed
                }
            }
        }
        state.edges.addAll(found.values());
    }

    /** Every captured reference in {@code content}, in pattern order then position order. */
    List<String> references(byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        List<String> refs = new ArrayList<>();
        for (Pattern pattern : patterns) {
            Matcher matcher = pattern.matcher(text);
            int group = matcher.groupCount() >= 1 ? 1 : 0;
            while (matcher.find()) {
                String ref = matcher.group(group);
                if (ref != null && !ref.isBlank()) {
                    refs.add(ref);
                }
            }
        }
        return refs;
    }

    private State fresh() {
        State state = new State();
        for (String start : query.startsEverywhere() ? files : new ArrayList<>(query.start())) {
            if (state.nodes.size() >= limits.maxNodes()) {
                state.nodesCapped = true;
                break;
            }
            state.add(new GraphNode(start, 0));
        }
        return state;
    }

    /** The state a valid frontier describes, after re-reading the files it read; empty if anything differs. */
    private Optional<State> validate(FrontierResume resume) {
        Optional<TraversalFrontier> parsed = TraversalFrontier.parse(resume.frontier());
        if (parsed.isEmpty() || !parsed.get().graphId().equals(query.graphId())) {
            return Optional.empty();
        }
        TraversalFrontier frontier = parsed.get();
        Set<String> listed = new HashSet<>(files);
        State state = new State();
        for (GraphNode node : frontier.nodes()) {
            if (!listed.contains(node.path())
                    || state.depths.containsKey(node.path())
                    || node.depth() > query.depth()) {
                return Optional.empty();
            }
            state.add(node);
        }
        for (String path : frontier.readPaths()) {
            Optional<byte[]> content = reader.apply(path);
            if (content.isEmpty()) {
                return Optional.empty();
            }
            state.read.put(path, content.get());
            state.bytesRead += content.get().length;
        }
        if (!revisionOf.apply(state.read).equals(resume.revision())) {
            return Optional.empty();
        }
        state.cursor = frontier.cursor();
        state.edges.addAll(frontier.edges());
        state.unreadable.addAll(frontier.unreadable());
        state.nodesCapped = frontier.capped();
        return Optional.of(state);
    }

    /** The mutable traversal state of one run. */
    private final class State {
        final List<GraphNode> nodes = new ArrayList<>();
        final Map<String, Integer> depths = new HashMap<>();
        final List<GraphEdge> edges = new ArrayList<>();
        final SortedMap<String, byte[]> read = new TreeMap<>();
        final Set<String> unreadable = new TreeSet<>();
        long bytesRead;
        int cursor;
        boolean nodesCapped;

        void add(GraphNode node) {
            nodes.add(node);
            depths.put(node.path(), node.depth());
        }

        TraversalFrontier frontier() {
            return new TraversalFrontier(query.graphId(), nodes, cursor, edges, unreadable, nodesCapped);
        }
    }
}
