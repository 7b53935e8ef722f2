package dev.taskgate.cli.ops;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.output.Table;

/** The operator routes' lists as tables for people. */
final class OperatorTables {
    private OperatorTables() {}

    static String executions(JsonNode items) {
        Table table = new Table("EXECUTION", "OWNER", "TOOL", "STATUS", "SURFACE", "ATTEMPT", "UPDATED");
        for (JsonNode e : items) {
            table.row(
                    e.path("execution_id").asText(),
                    e.path("owner").asText(null),
                    e.path("tool_name").asText(),
                    e.path("status").asText(),
                    e.path("surface").asText(null),
                    e.path("attempt").asText(null),
                    e.path("updated_at").asText(null));
        }
        return table.render();
    }

    static String audit(JsonNode items) {
        Table table = new Table("AT", "PRINCIPAL", "ACTION", "TARGET", "OUTCOME");
        for (JsonNode a : items) {
            table.row(
                    a.path("occurred_at").asText(null),
                    a.path("principal").asText(null),
                    a.path("action").asText(null),
                    a.path("target").asText(null),
                    a.path("outcome").asText(null));
        }
        return table.render();
    }

    static String deadLetters(JsonNode items) {
        Table table = new Table("TOPIC", "PARTITION", "OFFSET", "TYPE", "REASON", "REPLAYS", "AT");
        for (JsonNode d : items) {
            table.row(
                    d.path("topic").asText(),
                    d.path("partition").asText(),
                    d.path("offset").asText(),
                    d.path("message_type").asText(null),
                    d.path("reason").asText(null),
                    d.path("replays").asText(null),
                    d.path("timestamp").asText(null));
        }
        return table.render();
    }

    static String upstreams(JsonNode items) {
        Table table = new Table("UPSTREAM", "NAMESPACE", "SOURCE", "AVAILABLE", "TOOLS", "PROBLEM");
        for (JsonNode u : items) {
            JsonNode state = u.path("state");
            table.row(
                    u.path("id").asText(),
                    state.path("namespace").asText(null),
                    u.path("source").asText(null),
                    state.isMissingNode() ? null : state.path("available").asText(),
                    state.path("tools").asText(null),
                    state.path("problem").asText(null));
        }
        return table.render();
    }

    static String replayed(JsonNode items) {
        Table table = new Table("TOPIC", "PARTITION", "OFFSET", "REPLAYED TO", "REPLAYS");
        for (JsonNode r : items) {
            table.row(
                    r.path("topic").asText(),
                    r.path("partition").asText(),
                    r.path("offset").asText(),
                    r.path("replayed_to").asText(null),
                    r.path("replays").asText(null));
        }
        return table.render();
    }
}
