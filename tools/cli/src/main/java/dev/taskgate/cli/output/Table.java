package dev.taskgate.cli.output;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table for people: a header row, columns as wide as their widest cell (a cell wider than
 * {@link #MAX_CELL} is cut with an ellipsis), two spaces between columns, no trailing spaces.
 */
public final class Table {
    /** The widest a cell is shown. */
    public static final int MAX_CELL = 60;

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table with these column names. */
    public Table(String... header) {
        this.header = List.of(header);
    }

    /** Adds a row; null cells are shown as {@code -}. */
    public Table row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells for " + header.size() + " columns");
        }
        List<String> row = new ArrayList<>();
        for (Object cell : cells) {
            row.add(cell(cell));
        }
        rows.add(row);
        return this;
    }

    /** The rendered table, one line per row, each ending in a line break. */
    public String render() {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, header, widths);
        for (List<String> row : rows) {
            line(out, row, widths);
        }
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                line.append("  ");
            }
            line.append(cells.get(i));
            if (i < cells.size() - 1) {
                line.append(" ".repeat(widths[i] - cells.get(i).length()));
            }
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    private static String cell(Object value) {
        if (value == null) {
            return "-";
        }
        String text = value.toString().replaceAll("\\s+", " ").strip();
        if (text.isEmpty()) {
            return "-";
        }
        return text.length() <= MAX_CELL ? text : text.substring(0, MAX_CELL - 1) + "…";
    }
}
