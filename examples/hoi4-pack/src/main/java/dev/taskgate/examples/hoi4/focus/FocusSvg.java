package dev.taskgate.examples.hoi4.focus;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws a focus tree as SVG: a box per focus at its grid position, a line from each prerequisite down to the focus
 * that requires it, a dashed line between mutually exclusive focuses, the focus id in each box.
 */
final class FocusSvg {
    static final int COLUMN_WIDTH = 130;
    static final int ROW_HEIGHT = 90;
    private static final int BOX_WIDTH = 120;
    private static final int BOX_HEIGHT = 44;
    private static final int MARGIN = 20;

    private FocusSvg() {}

    /** The picture of the first {@code maxFocuses} focuses of the graph and the lines between them. */
    static String render(FocusGraph graph, int maxFocuses) {
        List<PlacedFocus> focuses = graph.focuses().stream().limit(maxFocuses).toList();
        int minX = focuses.stream().mapToInt(PlacedFocus::x).min().orElse(0);
        int maxX = focuses.stream().mapToInt(PlacedFocus::x).max().orElse(0);
        int minY = focuses.stream().mapToInt(PlacedFocus::y).min().orElse(0);
        int maxY = focuses.stream().mapToInt(PlacedFocus::y).max().orElse(0);
        int width = (maxX - minX) * COLUMN_WIDTH + BOX_WIDTH + 2 * MARGIN;
        int height = (maxY - minY) * ROW_HEIGHT + BOX_HEIGHT + 2 * MARGIN;
        Map<String, int[]> corner = new HashMap<>();
        for (PlacedFocus focus : focuses) {
            corner.put(focus.id(), new int[] {
                (focus.x() - minX) * COLUMN_WIDTH + MARGIN, (focus.y() - minY) * ROW_HEIGHT + MARGIN
            });
        }

        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(width)
                .append(' ')
                .append(height)
                .append("\" font-family=\"sans-serif\" font-size=\"11\">\n")
                .append("<title>")
                .append(escape("focus tree " + graph.tree().id()))
                .append("</title>\n")
                .append("<g stroke=\"#555\" stroke-width=\"1.5\" fill=\"none\">\n");
        for (PrerequisiteEdge edge : graph.edges()) {
            int[] from = corner.get(edge.from());
            int[] to = corner.get(edge.to());
            if (from != null && to != null) {
                line(svg, from[0] + BOX_WIDTH / 2, from[1] + BOX_HEIGHT, to[0] + BOX_WIDTH / 2, to[1], "");
            }
        }
        for (ExclusivePair pair : graph.exclusive()) {
            int[] a = corner.get(pair.first());
            int[] b = corner.get(pair.second());
            if (a != null && b != null) {
                line(
                        svg,
                        a[0] + BOX_WIDTH / 2,
                        a[1] + BOX_HEIGHT / 2,
                        b[0] + BOX_WIDTH / 2,
                        b[1] + BOX_HEIGHT / 2,
                        " stroke=\"#b22\" stroke-dasharray=\"6 4\"");
            }
        }
        svg.append("</g>\n");
        for (PlacedFocus focus : focuses) {
            int[] at = corner.get(focus.id());
            String id = escape(focus.id());
            svg.append("<g><title>")
                    .append(id)
                    .append("</title><rect x=\"")
                    .append(at[0])
                    .append("\" y=\"")
                    .append(at[1])
                    .append("\" width=\"")
                    .append(BOX_WIDTH)
                    .append("\" height=\"")
                    .append(BOX_HEIGHT)
                    .append("\" rx=\"4\" fill=\"")
                    .append(focus.focus().shared() ? "#e8f0e0" : "#f4ecd8")
                    .append("\" stroke=\"#333\"/><text x=\"")
                    .append(at[0] + BOX_WIDTH / 2)
                    .append("\" y=\"")
                    .append(at[1] + BOX_HEIGHT / 2 + 4)
                    .append("\" text-anchor=\"middle\">")
                    .append(id)
                    .append("</text></g>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    private static void line(StringBuilder svg, int x1, int y1, int x2, int y2, String style) {
        svg.append("<line x1=\"")
                .append(x1)
                .append("\" y1=\"")
                .append(y1)
                .append("\" x2=\"")
                .append(x2)
                .append("\" y2=\"")
                .append(y2)
                .append('"')
                .append(style)
                .append("/>\n");
    }

    /** Text and attribute content, with the five XML special characters and any control character escaped. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    // XML 1.0 cannot carry most control characters even as references
                    boolean allowed = (c >= 0x20 && c != 0xFFFE && c != 0xFFFF) || c == '\t' || c == '\n' || c == '\r';
                    out.append(allowed ? c : '\uFFFD');
                }
            }
        }
        return out.toString();
    }
}
