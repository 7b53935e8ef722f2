package dev.taskgate.e2e;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.PrometheusText;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18 item 4: the packaged services' metrics after a known workload, scraped from each management interface.
 * Other system tests share the stack, so the counters are compared as at least what this workload adds.
 */
@ExtendWith(LocalStack.class)
class MetricsE2E {
    private static final int EXECUTIONS = 3;

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("metrics-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void aKnownWorkloadShowsInTheServicesMetrics() {
        Map<String, String> created = Map.of("kind", "submit", "outcome", "created");
        double createdBefore = value("job-control", "taskgate_commands_total", created);

        for (int i = 0; i < EXECUTIONS; i++) {
            JsonPath result = DemoExecutions.result(token, "demo.echo", Map.of("n", i));
            assertThat(result.getInt("structuredContent.n")).isEqualTo(i);
        }

        assertThat(value("job-control", "taskgate_commands_total", created) - createdBefore)
                .isGreaterThanOrEqualTo(EXECUTIONS);
        // a child another test crashed may still be starting: ready comes back to configured
        await().atMost(Duration.ofSeconds(60))
                .until(() -> value("worker-pool", "taskgate_worker_children_ready", Map.of())
                        == value("worker-pool", "taskgate_worker_children_configured", Map.of()));
        assertThat(value("worker-pool", "taskgate_worker_children_configured", Map.of()))
                .isPositive();
        assertThat(value("mcp-frontend", "http_server_requests_seconds_count", Map.of("method", "POST")))
                .isGreaterThanOrEqualTo(EXECUTIONS);
        String dispatcher = scrape("webhook-dispatcher");
        assertThat(dispatcher).contains("jvm_memory_used_bytes");
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
