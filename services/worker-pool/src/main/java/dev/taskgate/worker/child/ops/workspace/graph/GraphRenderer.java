package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.List;

/**
 * Renders a {@link GraphLayout} as SVG and a graph as Graphviz DOT. Every label is escaped for its format; control
 * characters (not allowed in XML 1.0) become U+FFFD. Output depends only on the graph, never on time or hashing order.
 */
public final class GraphRenderer {
    private GraphRenderer() {}

    /** A standalone SVG document of the layout. */
    public static String svg(GraphLayout layout, String title) {
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(layout.width())
                .append("\" height=\"")
                .append(layout.height())
                .append("\" viewBox=\"0 0 ")
                .append(layout.width())
                .append(' ')
                .append(layout.height())
                .append("\" font-family=\"monospace\" font-size=\"12\">\n");
        svg.append("<title>").append(xml(title)).append("</title>\n");
        svg.append(
                "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\""
                        + " markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker></defs>\n");
        for (GraphLayout.Line line : layout.lines()) {
            int x1 = line.from().x() + line.from().width();
            int y1 = line.from().y() + GraphLayout.BOX_HEIGHT / 2;
            int x2 = line.to().x();
            int y2 = line.to().y() + GraphLayout.BOX_HEIGHT / 2;
            if (line.to().x() <= line.from().x()) { // a back or same-column edge: leave from the left side
                x1 = line.from().x();
                x2 = line.to().x() + line.to().width();
            }
            svg.append("<line x1=\"")
                    .append(x1)
                    .append("\" y1=\"")
                    .append(y1)
                    .append("\" x2=\"")
                    .append(x2)
                    .append("\" y2=\"")
                    .append(y2)
                    .append("\" stroke=\"")
                    .append(line.dangling() ? "#c00" : "#555")
                    .append('"')
                    .append(line.dangling() ? " stroke-dasharray=\"4 3\"" : "")
                    .append(" marker-end=\"url(#arrow)\"/>\n");
        }
        for (GraphLayout.Box box : layout.boxes()) {
            svg.append("<g><rect x=\"")
                    .append(box.x())
                    .append("\" y=\"")
                    .append(box.y())
                    .append("\" width=\"")
                    .append(box.width())
                    .append("\" height=\"")
                    .append(GraphLayout.BOX_HEIGHT)
                    .append("\" rx=\"4\" fill=\"")
                    .append(box.dangling() ? "#fee" : "#eef")
                    .append("\" stroke=\"")
                    .append(box.dangling() ? "#c00" : "#336")
                    .append('"')
                    .append(box.dangling() ? " stroke-dasharray=\"4 3\"" : "")
                    .append("/><text x=\"")
                    .append(box.x() + 8)
                    .append("\" y=\"")
                    .append(box.y() + 16)
                    .append("\">")
                    .append(xml(box.label()))
                    .append("</text></g>\n");
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** A Graphviz {@code digraph}: files as boxes, dangling references as dashed red boxes. */
    public static String dot(ReferenceGraph graph, List<GraphNode> nodes, List<GraphEdge> edges) {
        StringBuilder dot = new StringBuilder();
        dot.append("digraph ").append(dotString(graph.graphId())).append(" {\n");
        dot.append("  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n");
        for (GraphNode node : nodes) {
            dot.append("  ")
                    .append(dotString(node.path()))
                    .append(" [rank=")
                    .append(node.depth())
                    .append("];\n");
        }
        for (GraphEdge edge : edges) {
            if (edge.isDangling()) {
                String id = dotString("?" + edge.from() + "#" + edge.ref());
                dot.append("  ")
                        .append(id)
                        .append(" [label=")
                        .append(dotString("? " + edge.ref()))
                        .append(", style=dashed, color=red];\n");
                dot.append("  ")
                        .append(dotString(edge.from()))
                        .append(" -> ")
                        .append(id)
                        .append(" [style=dashed, color=red];\n");
            } else {
                dot.append("  ")
                        .append(dotString(edge.from()))
                        .append(" -> ")
                        .append(dotString(edge.to()))
                        .append(";\n");
            }
        }
        dot.append("}\n");
        return dot.toString();
    }

    /** {@code text} escaped for XML character data and attribute values. */
    public static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    if (isXmlChar(c)) {
                        out.appendCodePoint(c);
                    } else {
                        out.append('\uFFFD');
                    }
                }
            }
        });
        return out.toString();
    }

    /** {@code text} as a quoted DOT string: backslash, quote and line breaks escaped. */
    public static String dotString(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        text.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append('\uFFFD');
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.append('"').toString();
    }

    private static boolean isXmlChar(int c) {
        return c == 0x9
                || c == 0xA
                || c == 0xD
                || (c >= 0x20 && c <= 0xD7FF)
                || (c >= 0xE000 && c <= 0xFFFD)
                || (c >= 0x10000 && c <= 0x10FFFF);
    }
}
