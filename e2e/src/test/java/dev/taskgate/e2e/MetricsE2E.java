package dev.taskgate.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.MonitoringDefinitions;
import dev.taskgate.testsupport.PromQlMetricNames;
import dev.taskgate.testsupport.PrometheusText;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18 items 4 and 8: the packaged services' metrics after a known workload (demo executions and one call of
 * the counting upstream), scraped from each management interface, and the Grafana dashboard and Prometheus alert
 * rules under deploy/ built on them. Other system tests share the stack, so the counters are compared as at least
 * what this workload adds.
 */
@ExtendWith(LocalStack.class)
class MetricsE2E {
    private static final int EXECUTIONS = 3;
    private static final List<String> SERVICES =
            List.of("mcp-frontend", "job-control", "worker-pool", "webhook-dispatcher");
    private static final Path DASHBOARD = LocalStack.repo().resolve("deploy/grafana/taskgate-overview.json");
    private static final Path ALERTS = LocalStack.repo().resolve("deploy/prometheus/taskgate-alerts.yaml");
    private static final Map<String, String> COUNTING_OK = Map.of("upstream", "counting", "outcome", "ok");

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("metrics-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
        // the counting upstream's tools are listed once job-control discovered them
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(token).contains("counting.echo"));
    }

    @Test
    void aKnownWorkloadShowsInTheServicesMetrics() {
        Map<String, String> created = Map.of("kind", "submit", "outcome", "created");
        Map<String, String> completed = Map.of("outcome", "completed");
        double createdBefore = value("job-control", "taskgate_commands_total", created);
        double pickedUpBefore = value("job-control", "taskgate_executions_pickup_seconds_count", Map.of());
        double ranBefore = value("job-control", "taskgate_executions_run_seconds_count", completed);
        double upstreamBefore = value("worker-pool", "taskgate_upstream_calls_seconds_count", COUNTING_OK);

        for (int i = 0; i < EXECUTIONS; i++) {
            JsonPath result = DemoExecutions.result(token, "demo.echo", Map.of("n", i));
            assertThat(result.getInt("structuredContent.n")).isEqualTo(i);
        }
        callTheCountingUpstream();

        assertThat(value("job-control", "taskgate_commands_total", created) - createdBefore)
                .isGreaterThanOrEqualTo(EXECUTIONS + 1);
        String jobControl = scrape("job-control");
        // every execution of the workload was picked up and ran to completion, the upstream call included
        assertThat(PrometheusText.value(jobControl, "taskgate_executions_pickup_seconds_count", Map.of())
                        - pickedUpBefore)
                .isGreaterThanOrEqualTo(EXECUTIONS + 1);
        assertThat(PrometheusText.value(jobControl, "taskgate_executions_run_seconds_count", completed) - ranBefore)
                .isGreaterThanOrEqualTo(EXECUTIONS + 1);
        assertThat(PrometheusText.value(jobControl, "taskgate_executions_pickup_seconds_bucket", Map.of("le", "+Inf")))
                .as("a percentile histogram")
                .isGreaterThanOrEqualTo(EXECUTIONS + 1);
        assertThat(PrometheusText.names(jobControl))
                .as("exported at 0 before anything is dead-lettered, replayed or recovered")
                .contains(
                        "taskgate_dead_letters_total",
                        "taskgate_dead_letter_replays_total",
                        "taskgate_recoveries_total");
        // the call is timed when its terminal report goes out, before job-control completes the execution
        assertThat(value("worker-pool", "taskgate_upstream_calls_seconds_count", COUNTING_OK) - upstreamBefore)
                .isGreaterThanOrEqualTo(1);
        assertThat(value("worker-pool", "taskgate_upstream_calls_seconds_bucket", COUNTING_OK))
                .as("a percentile histogram")
                .isPositive();
        // a child another test crashed may still be starting: ready comes back to configured
        await().atMost(Duration.ofSeconds(60))
                .until(() -> value("worker-pool", "taskgate_worker_children_ready", Map.of())
                        == value("worker-pool", "taskgate_worker_children_configured", Map.of()));
        assertThat(value("worker-pool", "taskgate_worker_children_configured", Map.of()))
                .isPositive();
        assertThat(PrometheusText.names(scrape("worker-pool"))).contains("taskgate_worker_children_busy");
        assertThat(value("mcp-frontend", "http_server_requests_seconds_count", Map.of("method", "POST")))
                .isGreaterThanOrEqualTo(EXECUTIONS);
        String dispatcher = scrape("webhook-dispatcher");
        assertThat(dispatcher).contains("jvm_memory_used_bytes");
    }

    @Test
    void theDashboardAndTheAlertRulesSelectOnlyMetricsTheServicesExport() {
        // one execution over REST: the request, command, Kafka and call series exist from then on
        assertThat(DemoExecutions.result(token, "demo.echo", Map.of("n", -1)).getInt("structuredContent.n"))
                .isEqualTo(-1);
        callTheCountingUpstream(); // the upstream call series appear with the first call
        Map<String, Set<String>> selected = new TreeMap<>();
        selectedBy(selected, DASHBOARD, MonitoringDefinitions.dashboardExpressions(DASHBOARD));
        selectedBy(selected, ALERTS, MonitoringDefinitions.ruleExpressions(ALERTS));
        assertThat(selected.values()).anySatisfy(files -> assertThat(files).contains(DASHBOARD.getFileName() + ""));
        assertThat(selected.values()).anySatisfy(files -> assertThat(files).contains(ALERTS.getFileName() + ""));

        // a Kafka client's per-partition series appear once it has fetched: wait for them rather than race
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            Set<String> exported = new TreeSet<>();
            for (String service : SERVICES) {
                exported.addAll(PrometheusText.names(scrape(service)));
            }
            Map<String, Set<String>> missing = new TreeMap<>(selected);
            missing.keySet().removeAll(exported);
            assertThat(missing)
                    .as("metrics selected by deploy/ (name=[files]) that no service exports")
                    .isEmpty();
        });
    }

    private static void callTheCountingUpstream() {
        JsonPath result = DemoExecutions.result(token, "counting.echo", Map.of("greeting", "metrics", "n", 1));
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
    }

    private static void selectedBy(Map<String, Set<String>> selected, Path file, List<String> expressions) {
        for (String expression : expressions) {
            for (String name : PromQlMetricNames.of(expression)) {
                selected.computeIfAbsent(name, n -> new TreeSet<>()).add(file.getFileName() + "");
            }
        }
    }

    private static double value(String service, String name, Map<String, String> labels) {
        return PrometheusText.value(scrape(service), name, labels);
    }

    private static String scrape(String service) {
        return given().baseUri(LocalStack.get().service(service).managementUrl())
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }
}
