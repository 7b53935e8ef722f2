package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads the repository's Grafana dashboard (deploy/grafana) and Prometheus rule file (deploy/prometheus) for tests:
 * their PromQL expressions, after checking that each file has the shape its consumer expects. A shape error is an
 * {@link IllegalArgumentException} naming the file and the place.
 */
public final class MonitoringDefinitions {
    private static final Set<String> RULE_KEYS =
            Set.of("alert", "expr", "for", "keep_firing_for", "labels", "annotations");
    private static final Set<String> SEVERITIES = Set.of("critical", "warning", "info");
    private static final Pattern ALERT_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern DURATION = Pattern.compile("(\\d+(ms|[smhdwy]))+");

    private MonitoringDefinitions() {}

    /**
     * Every PromQL expression of a Grafana dashboard: each panel target's {@code expr} (rows' nested panels too) and
     * the query of each {@code query} template variable.
     */
    public static List<String> dashboardExpressions(Path dashboard) {
        JsonNode root = read(new ObjectMapper(), dashboard);
        JsonNode panels = root.path("panels");
        if (!panels.isArray() || panels.isEmpty()) {
            throw problem(dashboard, "panels", "no panels");
        }
        List<String> expressions = new ArrayList<>();
        collectTargets(dashboard, panels, "panels", expressions);
        for (JsonNode variable : root.path("templating").path("list")) {
            if ("query".equals(variable.path("type").asText())) {
                JsonNode query = variable.path("query");
                expressions.add(query.isObject() ? query.path("query").asText() : query.asText());
            }
        }
        if (expressions.isEmpty()) {
            throw problem(dashboard, "panels", "no panel has a target");
        }
        return expressions;
    }

    /**
     * Every alert's expression of a Prometheus rule file, after checking its shape: {@code groups[]} with a unique
     * {@code name} and {@code rules[]}, each rule an alert with a unique {@code alert} name, an {@code expr}, a
     * {@code for} duration, {@code labels.severity} (critical, warning or info) and {@code annotations} with a
     * {@code summary} and a {@code description}, and no other key.
     */
    public static List<String> ruleExpressions(Path rules) {
        JsonNode root = read(new YAMLMapper(), rules);
        JsonNode groups = root.path("groups");
        if (!groups.isArray() || groups.isEmpty()) {
            throw problem(rules, "groups", "no groups");
        }
        Set<String> groupNames = new HashSet<>();
        Set<String> alertNames = new HashSet<>();
        List<String> expressions = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            JsonNode group = groups.get(g);
            String where = "groups[" + g + "]";
            if (!groupNames.add(text(rules, group, "name", where))) {
                throw problem(
                        rules,
                        where,
                        "group name used twice: " + group.get("name").asText());
            }
            JsonNode groupRules = group.path("rules");
            if (!groupRules.isArray() || groupRules.isEmpty()) {
                throw problem(rules, where, "no rules");
            }
            for (int r = 0; r < groupRules.size(); r++) {
                expressions.add(alertRule(rules, groupRules.get(r), where + ".rules[" + r + "]", alertNames));
            }
        }
        return expressions;
    }

    private static String alertRule(Path file, JsonNode rule, String where, Set<String> alertNames) {
        for (Iterator<String> keys = rule.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!RULE_KEYS.contains(key)) {
                throw problem(file, where, "unknown key " + key);
            }
        }
        String alert = text(file, rule, "alert", where);
        if (!ALERT_NAME.matcher(alert).matches() || !alertNames.add(alert)) {
            throw problem(file, where, "alert name not a unique identifier: " + alert);
        }
        String duration = text(file, rule, "for", where);
        if (!DURATION.matcher(duration).matches()) {
            throw problem(file, where, "for is not a duration: " + duration);
        }
        String severity = text(file, rule.path("labels"), "severity", where + ".labels");
        if (!SEVERITIES.contains(severity)) {
            throw problem(file, where, "severity not one of " + SEVERITIES + ": " + severity);
        }
        text(file, rule.path("annotations"), "summary", where + ".annotations");
        text(file, rule.path("annotations"), "description", where + ".annotations");
        return text(file, rule, "expr", where);
    }

    private static void collectTargets(Path file, JsonNode panels, String where, List<String> expressions) {
        for (int p = 0; p < panels.size(); p++) {
            JsonNode panel = panels.get(p);
            String at = where + "[" + p + "]";
            JsonNode targets = panel.path("targets");
            for (int t = 0; t < targets.size(); t++) {
                expressions.add(text(file, targets.get(t), "expr", at + ".targets[" + t + "]"));
            }
            collectTargets(file, panel.path("panels"), at + ".panels", expressions);
        }
    }

    private static String text(Path file, JsonNode node, String key, String where) {
        JsonNode value = node.path(key);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw problem(file, where, "no " + key);
        }
        return value.asText();
    }

    private static JsonNode read(ObjectMapper mapper, Path file) {
        try {
            JsonNode root = mapper.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                throw problem(file, "the root", "not an object");
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + file, e);
        }
    }

    private static IllegalArgumentException problem(Path file, String where, String what) {
        return new IllegalArgumentException(file.getFileName() + " " + where + ": " + what);
    }
}
