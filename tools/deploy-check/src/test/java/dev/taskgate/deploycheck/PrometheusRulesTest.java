package dev.taskgate.deploycheck;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alert rules and the dashboard's queries under promtool (docs/operations.md#dashboard-and-alert-rules): the rule
 * file and every dashboard expression parse, and each alert fires on series shaped like the services' after its
 * {@code for}, and not below its threshold (src/test/resources/taskgate-alerts.test.yaml). Which metrics exist is
 * MetricsE2E's part, against a running stack.
 */
class PrometheusRulesTest {
    private static final String RULES = "deploy/prometheus/taskgate-alerts.yaml";
    private static final String DASHBOARD = "deploy/grafana/taskgate-overview.json";
    private static final String UNIT_TESTS = "taskgate-alerts.test.yaml";
    /** Grafana's interval variables, as a dashboard at its default range would fill them in. */
    private static final Map<String, String> GRAFANA_INTERVALS =
            Map.of("$__rate_interval", "5m", "$__interval", "1m", "$__range", "3h");

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?\\w+");
    private static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    Path dir;

    @Test
    void promtoolAcceptsTheAlertRules() {
        Promtool.Result result = Promtool.checkRules(Repo.ROOT.resolve(RULES));
        assertThat(result.status()).as(result.output()).isZero();
        assertThat(result.output()).contains("SUCCESS");
    }

    @Test
    void promtoolAcceptsEveryDashboardExpression() throws IOException {
        List<String> expressions = dashboardExpressions();
        assertThat(expressions).isNotEmpty();
        ObjectNode file = YAML.createObjectNode();
        var rules = file.putArray("groups").addObject().put("name", "dashboard").putArray("rules");
        for (int i = 0; i < expressions.size(); i++) {
            rules.addObject().put("record", "dashboard:expression_" + i).put("expr", expressions.get(i));
        }
        Path recorded = dir.resolve("dashboard-rules.yaml");
        YAML.writeValue(recorded.toFile(), file);

        Promtool.Result result = Promtool.checkRules(recorded);
        assertThat(result.status()).as(result.output()).isZero();
    }

    @Test
    void everyAlertFiresOnItsConditionAndNotBelowIt() throws IOException {
        Path tests = unitTestsAgainst(rulesWithoutAnnotations());
        Promtool.Result result = Promtool.testRules(tests);
        assertThat(result.status()).as(result.output()).isZero();
    }

    @Test
    void everyAlertHasAUnitTest() throws IOException {
        Set<String> tested = new TreeSet<>();
        for (JsonNode test : YAML.readTree(unitTests()).path("tests")) {
            test.path("alert_rule_test")
                    .forEach(t -> tested.add(t.path("alertname").asText()));
        }
        Set<String> alerts = new TreeSet<>();
        for (JsonNode group : YAML.readTree(Repo.ROOT.resolve(RULES).toFile()).path("groups")) {
            group.path("rules").forEach(rule -> alerts.add(rule.path("alert").asText()));
        }
        assertThat(tested).isEqualTo(alerts);
    }

    @Test
    void aThresholdChangedOnPurposeFailsTheUnitTests() throws IOException {
        ObjectNode rules = rulesWithoutAnnotations();
        ObjectNode gc = (ObjectNode) rules.findParents("alert").stream()
                .filter(rule -> rule.path("alert").asText().equals("TaskgateGcOverhead"))
                .findFirst()
                .orElseThrow();
        gc.put("expr", gc.path("expr").asText().replace("> 0.2", "> 0.5"));

        Promtool.Result result = Promtool.testRules(unitTestsAgainst(rules));
        assertThat(result.status()).isNotZero();
        assertThat(result.output()).contains("TaskgateGcOverhead");
    }

    @Test
    void promtoolRefusesAnExpressionThatDoesNotParse() throws IOException {
        Path broken = Files.writeString(
                dir.resolve("broken.yaml"),
                "groups:\n- name: g\n  rules:\n  - alert: A\n    expr: sum(rate(x_total[5m])\n    for: 1m\n");
        assertThat(Promtool.checkRules(broken).status()).isNotZero();
    }

    /** The rule file without annotations: promtool's unit tests compare them whole, the test file names labels. */
    private ObjectNode rulesWithoutAnnotations() throws IOException {
        ObjectNode rules = (ObjectNode) YAML.readTree(Repo.ROOT.resolve(RULES).toFile());
        for (JsonNode rule : rules.findParents("alert")) {
            ((ObjectNode) rule).remove("annotations");
        }
        return rules;
    }

    /** The unit tests in the temporary folder, next to {@code rules} under the name they refer to. */
    private Path unitTestsAgainst(ObjectNode rules) throws IOException {
        YAML.writeValue(dir.resolve("taskgate-alerts.yaml").toFile(), rules);
        return Files.writeString(dir.resolve(UNIT_TESTS), unitTests());
    }

    private static String unitTests() throws IOException {
        try (InputStream in = PrometheusRulesTest.class.getResourceAsStream("/" + UNIT_TESTS)) {
            if (in == null) {
                throw new IllegalStateException(UNIT_TESTS + " is not on the test classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<String> dashboardExpressions() {
        List<String> expressions = new ArrayList<>();
        collect(Repo.json(DASHBOARD).path("panels"), expressions);
        return expressions;
    }

    private static void collect(JsonNode panels, List<String> expressions) {
        for (JsonNode panel : panels) {
            for (JsonNode target : panel.path("targets")) {
                String expression = target.path("expr").asText();
                for (Map.Entry<String, String> interval : GRAFANA_INTERVALS.entrySet()) {
                    expression = expression.replace(interval.getKey(), interval.getValue());
                }
                Matcher left = VARIABLE.matcher(expression);
                if (left.find()) {
                    throw new IllegalStateException(
                            "a dashboard variable this check cannot fill in: " + left.group() + " in " + expression);
                }
                expressions.add(expression);
            }
            collect(panel.path("panels"), expressions);
        }
    }
}
