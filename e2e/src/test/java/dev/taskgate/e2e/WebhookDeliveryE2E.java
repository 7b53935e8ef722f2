package dev.taskgate.e2e;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.common.mapper.TypeRef;
import io.restassured.http.ContentType;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Lifecycle webhooks through the packaged services: executions driven over the real REST API, a Node receiver that
 * verifies every signature with the {@code standardwebhooks} npm library, injected receiver failures (500, a
 * timeout) and a SIGKILL of webhook-dispatcher in the middle of retries followed by a restart. Nothing is lost,
 * duplicates carry the same webhook-id, every signature is valid. Also measures terminal commit → first attempt.
 */
@ExtendWith(LocalStack.class)
class WebhookDeliveryE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration SETTLE = Duration.ofSeconds(90);
    private static final Set<String> TERMINAL_OR_INPUT = Set.of("completed", "failed", "cancelled", "input_required");

    @BeforeAll
    static void setUp() {
        io.restassured.RestAssured.baseURI = LocalStack.get().frontendUrl();
    }

    @Test
    @SlowTier
    void everySignalArrivesSignedThroughFailuresAndADispatcherKill() throws Exception {
        Project p = new Project();
        try (NodeReceiver receiver = NodeReceiver.start(LocalStack.repo())) {
            receiver.plan("500", "hang", "200");
            receiver.secret(p.subscribe(receiver.url()));

            // webhooks carry the handle the REST call returned (same key, surface, principal and workspace)
            Set<String> terminal = new HashSet<>();
            List<String> handles = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                handles.add(p.create("demo.echo", Map.of("i", i)));
            }
            handles.add(p.create("demo.crash", Map.of()));
            for (String h : handles) {
                p.awaitTerminal(h);
                terminal.add(h);
            }
            // the first attempts (500) arrived: kill the dispatcher while the retries are under way
            await().atMost(SETTLE).until(() -> executionsSeen(receiver).containsAll(terminal));
            ServiceProcess dispatcher = LocalStack.get().service("webhook-dispatcher");
            dispatcher.kill();

            // signals produced while the dispatcher is down wait in Kafka
            List<String> whileDown =
                    List.of(p.create("demo.echo", Map.of("down", 1)), p.create("demo.echo", Map.of("down", 2)));
            for (String h : whileDown) {
                p.awaitTerminal(h);
                terminal.add(h);
            }
            dispatcher.restart(Duration.ofSeconds(120));

            await().atMost(SETTLE)
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> executionsDelivered(receiver).containsAll(terminal));

            List<NodeReceiver.Received> log = receiver.log();
            assertThat(log)
                    .allSatisfy(r -> assertThat(r.verified())
                            .as("signature of %s: %s", r.webhook_id(), r.error())
                            .isTrue());
            Map<String, Set<String>> idsPerExecution = new HashMap<>();
            Map<String, Set<String>> bodiesPerWebhookId = new HashMap<>();
            for (NodeReceiver.Received r : log) {
                JsonNode body = JSON.readTree(r.body());
                assertThat(body.get("type").asText()).isEqualTo("tool.execution.lifecycle");
                assertThat(TERMINAL_OR_INPUT).contains(body.at("/data/state").asText());
                String execution = body.at("/data/execution_id").asText();
                idsPerExecution.computeIfAbsent(execution, k -> new HashSet<>()).add(r.webhook_id());
                bodiesPerWebhookId
                        .computeIfAbsent(r.webhook_id(), k -> new HashSet<>())
                        .add(r.body());
            }
            assertThat(idsPerExecution.keySet()).containsExactlyInAnyOrderElementsOf(terminal);
            assertThat(idsPerExecution.values())
                    .as("one webhook-id per execution, whatever was retried or redelivered")
                    .allSatisfy(ids -> assertThat(ids).hasSize(1));
            assertThat(bodiesPerWebhookId.values())
                    .as("every retry sends the same bytes")
                    .allSatisfy(bodies -> assertThat(bodies).hasSize(1));
            long retried = log.stream()
                    .collect(Collectors.groupingBy(NodeReceiver.Received::webhook_id, Collectors.counting()))
                    .values()
                    .stream()
                    .filter(n -> n > 1)
                    .count();
            assertThat(retried).as("the injected failures caused retries").isEqualTo(terminal.size());
            assertThat(p.subscription()).containsEntry("status", "active");
        }
    }

    @Test
    void measuresTerminalCommitToFirstAttemptLatency() throws Exception {
        Project p = new Project();
        try (NodeReceiver receiver = NodeReceiver.start(LocalStack.repo())) {
            receiver.secret(p.subscribe(receiver.url()));
            List<String> handles = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                handles.add(p.create("demo.echo", Map.of("n", i)));
            }
            Set<String> ids = new HashSet<>(handles);
            await().atMost(SETTLE)
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> executionsDelivered(receiver).containsAll(ids));
            Map<String, Long> firstAttemptLatency = new HashMap<>();
            for (NodeReceiver.Received r : receiver.log()) {
                assertThat(r.verified()).isTrue();
                Instant committed =
                        Instant.parse(JSON.readTree(r.body()).get("timestamp").asText());
                firstAttemptLatency.putIfAbsent(r.webhook_id(), r.received_at_ms() - committed.toEpochMilli());
            }
            List<Long> sorted = firstAttemptLatency.values().stream().sorted().toList();
            long p50 = percentile(sorted, 50);
            long p95 = percentile(sorted, 95);
            System.out.printf(
                    "webhook latency terminal commit -> first attempt: n=%d p50=%d ms p95=%d ms max=%d ms%n",
                    sorted.size(), p50, p95, sorted.get(sorted.size() - 1));
            // a figure against the target (docs/architecture.md "Performance targets": p95 <= 1 s), reported and not
            // asserted: a shared 2-core machine is too noisy for a timed assertion
            assertThat(sorted).hasSize(ids.size());
        }
    }

    private static long percentile(List<Long> sorted, int pct) {
        int index = (int) Math.ceil(pct / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    private static Set<String> executionsSeen(NodeReceiver receiver) {
        return executions(receiver, false);
    }

    private static Set<String> executionsDelivered(NodeReceiver receiver) {
        return executions(receiver, true);
    }

    private static Set<String> executions(NodeReceiver receiver, boolean answered200) {
        Set<String> ids = new HashSet<>();
        for (NodeReceiver.Received r : receiver.log()) {
            if (!answered200 || (r.verified() && r.action().equals("200"))) {
                try {
                    ids.add(JSON.readTree(r.body()).at("/data/execution_id").asText());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return ids;
    }

    /** A fresh project with a token allowed to call tools and manage webhooks. */
    private static final class Project {
        final String project = "wh-e2e-" + UUID.randomUUID();
        final String token = Tokens.forSubject("alice")
                .org("acme")
                .project(project)
                .scopes("tools:call", "webhooks:admin")
                .sign();
        String subscriptionId;

        String base() {
            return "/v1/orgs/acme/projects/" + project;
        }

        /** The subscriptions API is served by webhook-dispatcher itself, not by the frontend. */
        String subscriptions() {
            return LocalStack.get().service("webhook-dispatcher").baseUrl() + base() + "/webhook-subscriptions";
        }

        /** Subscribes the URL; returns the secret. */
        String subscribe(String url) {
            var created = given().auth()
                    .oauth2(token)
                    .contentType(ContentType.JSON)
                    .body(Map.of("url", url, "event_types", List.of("tool.execution.lifecycle")))
                    .post(subscriptions());
            created.then().statusCode(201);
            subscriptionId = created.path("id");
            return created.path("secret");
        }

        Map<String, Object> subscription() {
            return given().auth()
                    .oauth2(token)
                    .get(subscriptions() + "/" + subscriptionId)
                    .then()
                    .statusCode(200)
                    .extract()
                    .as(new TypeRef<Map<String, Object>>() {});
        }

        String create(String tool, Map<String, Object> input) {
            return given().auth()
                    .oauth2(token)
                    .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                    .contentType(ContentType.JSON)
                    .body(Map.of("tool_name", tool, "input", input))
                    .post(base() + "/tool-executions")
                    .then()
                    .statusCode(202)
                    .extract()
                    .path("execution_id");
        }

        void awaitTerminal(String handle) {
            await().atMost(SETTLE)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> Set.of("completed", "failed", "cancelled")
                            .contains(given().auth()
                                    .oauth2(token)
                                    .get(base() + "/tool-executions/" + handle)
                                    .then()
                                    .statusCode(200)
                                    .extract()
                                    .<String>path("status")));
        }
    }
}
