package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MonitoringDefinitionsTest {
    private static final Path REPO = Path.of("../..");
    private static final String RULE = """
              - alert: A
                expr: rate(x_total[5m]) > 0
                for: 5m
                labels: {severity: warning}
                annotations: {summary: s, description: d}
            """;

    @TempDir
    Path dir;

    @Test
    void readsTheCommittedDashboardAndRuleFile() {
        assertThat(MonitoringDefinitions.dashboardExpressions(REPO.resolve("deploy/grafana/taskgate-overview.json")))
                .hasSizeGreaterThan(20);
        assertThat(MonitoringDefinitions.ruleExpressions(REPO.resolve("deploy/prometheus/taskgate-alerts.yaml")))
                .hasSizeGreaterThan(10);
    }

    @Test
    void collectsTargetsOfNestedPanelsAndQueryVariables() {
        Path dashboard = write("d.json", """
                {"panels": [{"type": "row", "panels": [{"targets": [{"expr": "a_total"}]}]},
                            {"targets": [{"expr": "b"}, {"expr": "c"}]}],
                 "templating": {"list": [{"type": "datasource", "query": "prometheus"},
                                         {"type": "query", "query": {"query": "d"}}]}}
                """);
        assertThat(MonitoringDefinitions.dashboardExpressions(dashboard)).containsExactly("a_total", "b", "c", "d");
    }

    @Test
    void refusesADashboardTargetWithoutAnExpression() {
        Path dashboard = write("d.json", "{\"panels\": [{\"targets\": [{\"refId\": \"A\"}]}]}");
        assertThatThrownBy(() -> MonitoringDefinitions.dashboardExpressions(dashboard))
                .hasMessage("d.json panels[0].targets[0]: no expr");
    }

    @Test
    void refusesADashboardWithoutTargets() {
        assertThatThrownBy(() -> MonitoringDefinitions.dashboardExpressions(write("d.json", "{\"panels\": []}")))
                .hasMessage("d.json panels: no panels");
        assertThatThrownBy(() -> MonitoringDefinitions.dashboardExpressions(
                        write("e.json", "{\"panels\": [{\"type\": \"text\"}]}")))
                .hasMessage("e.json panels: no panel has a target");
    }

    @Test
    void refusesADashboardThatIsNotJson() {
        assertThatThrownBy(() -> MonitoringDefinitions.dashboardExpressions(write("d.json", "{\"panels\": [")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot parse");
    }

    @Test
    void readsTheExpressionsOfAWellFormedRuleFile() {
        assertThat(MonitoringDefinitions.ruleExpressions(rules(RULE))).containsExactly("rate(x_total[5m]) > 0");
    }

    @Test
    void refusesARuleFileWithoutGroupsOrRules() {
        assertThatThrownBy(() -> MonitoringDefinitions.ruleExpressions(write("r.yaml", "groups: []\n")))
                .hasMessage("r.yaml groups: no groups");
        assertThatThrownBy(() -> MonitoringDefinitions.ruleExpressions(write("s.yaml", "groups:\n  - name: g\n")))
                .hasMessage("s.yaml groups[0]: no rules");
        assertThatThrownBy(() -> MonitoringDefinitions.ruleExpressions(write("t.yaml", "- a\n")))
                .hasMessage("t.yaml the root: not an object");
    }

    @Test
    void refusesEachMissingOrMalformedPartOfARule() {
        assertRefused(RULE.replace("    expr: rate(x_total[5m]) > 0\n", ""), "groups[0].rules[0]: no expr");
        assertRefused(RULE.replace("    for: 5m\n", ""), "groups[0].rules[0]: no for");
        assertRefused(RULE.replace("for: 5m", "for: five minutes"), "for is not a duration: five minutes");
        assertRefused(RULE.replace("{severity: warning}", "{team: ops}"), "groups[0].rules[0].labels: no severity");
        assertRefused(RULE.replace("severity: warning", "severity: page"), "severity not one of");
        assertRefused(RULE.replace("summary: s, ", ""), "groups[0].rules[0].annotations: no summary");
        assertRefused(RULE.replace(", description: d", ""), "groups[0].rules[0].annotations: no description");
        assertRefused(RULE.replace("- alert: A", "- record: A"), "unknown key record");
        assertRefused(RULE.replace("- alert: A", "- alert: A B"), "alert name not a unique identifier: A B");
    }

    @Test
    void refusesAnAlertOrAGroupNamedTwice() {
        assertRefused(RULE + RULE, "groups[0].rules[1]: alert name not a unique identifier: A");
        Path twice = write("r.yaml", "groups:\n- name: g\n  rules:\n" + RULE + "- name: g\n  rules:\n" + RULE);
        assertThatThrownBy(() -> MonitoringDefinitions.ruleExpressions(twice))
                .hasMessage("r.yaml groups[1]: group name used twice: g");
    }

    @Test
    void namesEverySampleOfAnExpositionUnderTheNameAQuerySelects() {
        String exposition = """
                # HELP t_seconds a timer
                # TYPE t_seconds summary
                t_seconds_count{outcome="a"} 1.0
                t_seconds_sum{outcome="a"} 0.5
                # TYPE t_seconds_max gauge
                t_seconds_max{outcome="a"} 0.5
                c_total 3.0

                """;
        assertThat(PrometheusText.names(exposition))
                .containsExactly("c_total", "t_seconds_count", "t_seconds_max", "t_seconds_sum");
    }

    private void assertRefused(String rule, String message) {
        assertThatThrownBy(() -> MonitoringDefinitions.ruleExpressions(rules(rule)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    private Path rules(String rule) {
        return write("rules.yaml", "groups:\n- name: g\n  rules:\n" + rule);
    }

    private Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
