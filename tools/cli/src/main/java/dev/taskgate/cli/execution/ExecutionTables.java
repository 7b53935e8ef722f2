package dev.taskgate.cli.execution;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.output.Table;

/** Executions as tables for people. */
public final class ExecutionTables {
    private ExecutionTables() {}

    /** One row per execution: id, tool, status, progress, last change. */
    public static String list(JsonNode items) {
        Table table = new Table("EXECUTION", "TOOL", "STATUS", "PROGRESS", "UPDATED");
        for (JsonNode item : items) {
            table.row(
                    item.path("execution_id").asText(),
                    item.path("tool_name").asText(),
                    item.path("status").asText(),
                    progress(item),
                    item.path("updated_at").asText(null));
        }
        return table.render();
    }

    static String progress(JsonNode item) {
        JsonNode progress = item.get("progress");
        if (progress == null || !progress.isNumber()) {
            return null;
        }
        JsonNode total = item.get("total");
        if (total != null && total.isNumber() && total.asDouble() > 0) {
            return (int) Math.floor(100 * Math.min(1, progress.asDouble() / total.asDouble())) + "%";
        }
        return progress.asText();
    }
}
