package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A simple layered layout: one column per depth, files sorted by path within a column; a dangling reference gets a
 * box of its own in the column after its source. Deterministic: the same graph always gives the same coordinates.
 * Draws at most {@code maxNodes} files (the first ones in traversal order) and the edges among them.
 */
public final class GraphLayout {
    static final int CHAR_WIDTH = 7;
    static final int BOX_HEIGHT = 24;
    static final int ROW_GAP = 16;
    static final int COLUMN_GAP = 60;
    static final int MARGIN = 20;

    /** A placed box: a file, or (when {@code dangling}) the unresolved text of a reference. */
    public record Box(String id, String label, boolean dangling, int x, int y, int width) {}

    /** A placed edge between two boxes. */
    public record Line(Box from, Box to, boolean dangling) {}

    private final Map<String, Box> boxes = new LinkedHashMap<>();
    private final List<Line> lines = new ArrayList<>();
    private final int drawnNodes;
    private final int drawnEdges;
    private int width;
    private int height;

    /** Lays out at most {@code maxNodes} files of {@code graph}. */
    public GraphLayout(ReferenceGraph graph, int maxNodes) {
        List<GraphNode> drawn =
                graph.nodes().subList(0, Math.min(maxNodes, graph.nodes().size()));
        Map<String, Integer> depthOf = new LinkedHashMap<>();
        drawn.forEach(n -> depthOf.put(n.path(), n.depth()));
        TreeMap<Integer, TreeSet<String>> columns = new TreeMap<>();
        Map<String, String> labels = new TreeMap<>();
        drawn.forEach(n -> {
            columns.computeIfAbsent(n.depth(), d -> new TreeSet<>()).add("f:" + n.path());
            labels.put("f:" + n.path(), n.path());
        });
        List<GraphEdge> edges = new ArrayList<>();
        for (GraphEdge edge : graph.edges()) {
            if (!depthOf.containsKey(edge.from())) {
                continue;
            }
            if (edge.isDangling()) {
                String id = "d:" + edge.from() + "\u0000" + edge.ref();
                columns.computeIfAbsent(depthOf.get(edge.from()) + 1, d -> new TreeSet<>())
                        .add(id);
                labels.put(id, "? " + edge.ref());
                edges.add(edge);
            } else if (depthOf.containsKey(edge.to())) {
                edges.add(edge);
            }
        }
        int x = MARGIN;
        int maxRows = 0;
        for (TreeSet<String> column : columns.values()) {
            int columnWidth = 0;
            for (String id : column) {
                columnWidth = Math.max(columnWidth, boxWidth(labels.get(id)));
            }
            int y = MARGIN;
            for (String id : column) {
                boxes.put(id, new Box(id, labels.get(id), id.startsWith("d:"), x, y, boxWidth(labels.get(id))));
                y += BOX_HEIGHT + ROW_GAP;
            }
            maxRows = Math.max(maxRows, column.size());
            x += columnWidth + COLUMN_GAP;
        }
        for (GraphEdge edge : edges) {
            Box to = boxes.get(edge.isDangling() ? "d:" + edge.from() + "\u0000" + edge.ref() : "f:" + edge.to());
            lines.add(new Line(boxes.get("f:" + edge.from()), to, edge.isDangling()));
        }
        this.drawnNodes = drawn.size();
        this.drawnEdges = edges.size();
        this.width = Math.max(2 * MARGIN, x - COLUMN_GAP + MARGIN);
        this.height = 2 * MARGIN + Math.max(0, maxRows * (BOX_HEIGHT + ROW_GAP) - ROW_GAP);
    }

    private static int boxWidth(String label) {
        return 16 + CHAR_WIDTH * label.codePointCount(0, label.length());
    }

    public List<Box> boxes() {
        return List.copyOf(boxes.values());
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Files drawn. */
    public int drawnNodes() {
        return drawnNodes;
    }

    /** Edges drawn (references to files not drawn are left out). */
    public int drawnEdges() {
        return drawnEdges;
    }
}
