package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 20's outage test: {@value #IN_FLIGHT} executions in flight — {@value #LONG} {@code demo.sleep} runs long
 * enough to span both outages, the rest short sleeps and echoes queued behind them — while PostgreSQL is stopped
 * (fast shutdown) for {@code taskgate.outage.postgres-down} seconds (default 60) and started again, then the Kafka
 * broker for {@code taskgate.outage.kafka-down} seconds (default 60); {@value #AFTER} more are submitted once both
 * are back. Every execution completes with its exact result in its first attempt (the operator view's attempt 1, no
 * recoveries), no owner loss is recorded, and both dead-letter topics stay empty. Prints one figures line.
 *
 * <p>It runs on its own PostgreSQL and Kafka ({@link PrivateInfra}, {@link PrivateStack}): the shared test
 * infrastructure must never go away under the other tests. Outage tier ({@code bin/test --outage}), never in CI.
 */
@OutageTier
class OutageE2E {
    static final int IN_FLIGHT = 100;
    static final int LONG = 3;
    static final int AFTER = 10;
    /** One child per long run and three for the short ones, so that short ones run and finish during the outages. */
    private static final int WORKER_CHILDREN = LONG + 3;

    private static final int SUBMITTERS = 8;
    private static final Duration SUBMIT_BOUND = Duration.ofSeconds(180);
    private static final AtomicInteger RESUBMISSIONS = new AtomicInteger();

    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final String OPERATOR_VIEW = "/v1/orgs/acme/projects/demo/operator/tool-executions/";
    private static final String DEAD_LETTERS = "/v1/orgs/taskgate/projects/operator/operator/dead-letters";
    private static final List<String> TERMINAL = List.of("completed", "failed", "cancelled");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** One execution of the test and the result it must end with. */
    private record Work(int index, String key, String tool, ObjectNode input, JsonNode expected) {}

    @Test
    @Timeout(value = 25, unit = TimeUnit.MINUTES)
    void everyExecutionCompletesOnceThroughPostgresAndKafkaOutages() throws Exception {
        Duration pgDown = Duration.ofSeconds(Long.getLong("taskgate.outage.postgres-down", 60));
        Duration kafkaDown = Duration.ofSeconds(Long.getLong("taskgate.outage.kafka-down", 60));
        String run = UUID.randomUUID().toString().substring(0, 8);
        String subject = "outage-" + run;
        String principal = Tokens.DEFAULT_ISSUER + " " + subject;
        String token = Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .ttl(Duration.ofHours(2))
                .sign();
        String operator = Tokens.forSubject("outage-operator")
                .org("acme")
                .project("demo")
                .scopes("executions:operator:status")
                .ttl(Duration.ofHours(2))
                .sign();
        String deadLetterAdmin = Tokens.forSubject("outage-operator")
                .org("taskgate")
                .project("operator")
                .scopes("deadletters:admin")
                .ttl(Duration.ofHours(2))
                .sign();
        // the long runs span the submissions, both outages, stopping and starting each dependency and the time the
        // services take to be ready again
        long longSeconds = pgDown.plus(kafkaDown).toSeconds() + 120;
        List<Work> work = plan(run, longSeconds);

        try (PrivateInfra infra = new PrivateInfra("outage")) {
            infra.start();
            try (PrivateStack stack = new PrivateStack("outage", infra)) {
                stack.start(
                        Map.of("worker-pool", Map.of("TASKGATE_WORKER_CHILDREN", Integer.toString(WORKER_CHILDREN))));
                String frontend = stack.frontendUrl();
                ServiceProcess jobControl = stack.service("job-control");
                long started = System.nanoTime();

                List<String> ids = new ArrayList<>();
                // the long runs first, so that they hold their children when the short ones queue up behind them
                for (Work w : work.subList(0, LONG)) {
                    ids.add(submit(frontend, token, w));
                }
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> countInState(stack, principal, List.of("working")) >= LONG);
                ids.addAll(submitAll(frontend, token, work.subList(LONG, IN_FLIGHT)));
                int terminalAtPgStop = countInState(stack, principal, TERMINAL);

                // PostgreSQL goes away: job-control's readiness says so, its consumers hold their records
                Instant pgStoppedAt = Instant.now();
                infra.stopPostgres(PrivateInfra.PgShutdown.FAST);
                Instant pgGone = Instant.now();
                await().atMost(pgDown.plusSeconds(30))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> !isReady(jobControl));
                hold(pgGone, pgDown);
                infra.startPostgres();
                Instant pgStartedAt = Instant.now();
                await().atMost(Duration.ofSeconds(180))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> isReady(jobControl));
                long pgReadyMillis =
                        Duration.between(pgStartedAt, Instant.now()).toMillis();
                int terminalAtPgStart = countInState(stack, principal, TERMINAL);

                // then Kafka
                Instant kafkaStoppedAt = Instant.now();
                infra.stopKafka();
                Instant kafkaGone = Instant.now();
                hold(kafkaGone, kafkaDown);
                int terminalAtKafkaStart = countInState(stack, principal, TERMINAL);
                infra.startKafka();
                Instant kafkaStartedAt = Instant.now();
                await().atMost(Duration.ofSeconds(180))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> isReady(jobControl)
                                && isReady(stack.service("worker-pool"))
                                && isReady(stack.service("mcp-frontend")));
                long kafkaReadyMillis =
                        Duration.between(kafkaStartedAt, Instant.now()).toMillis();

                ids.addAll(submitAll(frontend, token, work.subList(IN_FLIGHT, work.size())));
                await().atMost(Duration.ofSeconds(longSeconds + 300))
                        .pollInterval(Duration.ofSeconds(1))
                        .until(() -> countInState(stack, principal, TERMINAL) == work.size());
                Instant lastEnded = lastUpdate(stack, principal);

                // the verdict: exact results, first attempts, no recovery, nothing dead-lettered
                List<String> problems = new ArrayList<>();
                int duplicates = 0;
                for (int i = 0; i < work.size(); i++) {
                    Work w = work.get(i);
                    String id = ids.get(i);
                    Reply status = get(frontend, BASE + "/" + id, token);
                    String state = status.json().path("status").asText();
                    if (!state.equals("completed")) {
                        problems.add(w.index + " " + w.tool + " " + id + ": " + status.body);
                        continue;
                    }
                    Reply result = get(frontend, BASE + "/" + id + "/result", token);
                    if (result.status != 200 || !result.json().equals(w.expected)) {
                        problems.add(w.index + " " + w.tool + " " + id + ": expected " + w.expected + " but got "
                                + result.status + " " + result.body);
                    }
                    JsonNode view = get(frontend, OPERATOR_VIEW + id, operator).json();
                    if (view.path("attempt").asInt() != 1
                            || view.path("recoveries").size() != 0) {
                        duplicates++;
                        problems.add(w.index + " " + w.tool + " " + id + " ran more than once: " + view);
                    }
                }
                int ownerLoss = recoveries(stack, principal);
                JsonNode deadLetters =
                        get(frontend, DEAD_LETTERS, deadLetterAdmin).json();
                int deadLettered = deadLetters.path("items").size();

                System.out.printf(
                        "outage: executions=%d (in flight %d: %d long of %d s, %d short; %d after) "
                                + "postgres_down=%dms (fast; stopping took %dms) ready_after_postgres=%dms "
                                + "kafka_down=%dms (stopping took %dms) ready_after_kafka=%dms "
                                + "last_completion_after_kafka_start=%dms "
                                + "completed_before_postgres_stop=%d by_postgres_start=%d by_kafka_start=%d "
                                + "completed=%d duplicates=%d false_owner_loss=%d dead_letters=%d resubmissions=%d wall=%dms%n",
                        work.size(),
                        IN_FLIGHT,
                        LONG,
                        longSeconds,
                        IN_FLIGHT - LONG,
                        AFTER,
                        Duration.between(pgStoppedAt, pgStartedAt).toMillis(),
                        Duration.between(pgStoppedAt, pgGone).toMillis(),
                        pgReadyMillis,
                        Duration.between(kafkaStoppedAt, kafkaStartedAt).toMillis(),
                        Duration.between(kafkaStoppedAt, kafkaGone).toMillis(),
                        kafkaReadyMillis,
                        Math.max(0, Duration.between(kafkaStartedAt, lastEnded).toMillis()),
                        terminalAtPgStop,
                        terminalAtPgStart,
                        terminalAtKafkaStart,
                        work.size()
                                - (int) problems.stream()
                                        .filter(p -> !p.contains("ran more than once"))
                                        .count(),
                        duplicates,
                        ownerLoss,
                        deadLettered,
                        RESUBMISSIONS.get(),
                        (System.nanoTime() - started) / 1_000_000);

                assertThat(problems)
                        .as("executions not completed exactly once with their result")
                        .isEmpty();
                assertThat(ownerLoss).as("owner-loss settlements").isZero();
                assertThat(deadLetters.path("items"))
                        .as("dead letters: " + deadLetters)
                        .isEmpty();
            }
        }
    }

    /** The long runs first, then short sleeps and echoes in turn; the last {@value #AFTER} are echoes. */
    private static List<Work> plan(String run, long longSeconds) {
        List<Work> work = new ArrayList<>();
        for (int i = 0; i < IN_FLIGHT + AFTER; i++) {
            ObjectNode input = JSON.createObjectNode();
            if (i < LONG || (i < IN_FLIGHT && i % 2 == 0)) {
                // the long ones end at different moments; the short ones take 3-8 s
                long seconds = i < LONG ? longSeconds + 10L * i : 3 + i % 6;
                input.put("seconds", seconds);
                work.add(new Work(i, run + "-" + i, "demo.sleep", input, text("slept " + seconds + " seconds")));
            } else {
                input.put("outage", run).put("index", i);
                ObjectNode expected = text(input.toString());
                expected.set("structuredContent", input);
                work.add(new Work(i, run + "-" + i, "demo.echo", input, expected));
            }
        }
        return work;
    }

    private static ObjectNode text(String text) {
        ObjectNode result = JSON.createObjectNode();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        result.put("isError", false);
        return result;
    }

    /** Keeps a dependency away until {@code length} after it was stopped: the outage's length is the test's input. */
    private static void hold(Instant stoppedAt, Duration length) throws InterruptedException {
        long left = Duration.between(Instant.now(), stoppedAt.plus(length)).toMillis();
        if (left > 0) {
            Thread.sleep(left);
        }
    }

    /** Submits side by side; the ids in the order of {@code work}. */
    private static List<String> submitAll(String frontend, String token, List<Work> work) throws Exception {
        ExecutorService submitters = Executors.newFixedThreadPool(SUBMITTERS);
        try {
            List<Future<String>> ids = new ArrayList<>();
            for (Work w : work) {
                ids.add(submitters.submit(() -> submit(frontend, token, w)));
            }
            List<String> done = new ArrayList<>();
            for (Future<String> id : ids) {
                done.add(id.get(SUBMIT_BOUND.toSeconds() + 120, TimeUnit.SECONDS));
            }
            return done;
        } finally {
            submitters.shutdownNow();
        }
    }

    /**
     * Submits until the frontend accepts (202), repeating the same request with the same Idempotency-Key after a 5xx
     * or 429 as a client is told to (a loaded machine's first rebalances can outlast the frontend's wait for
     * job-control); bounded by {@link #SUBMIT_BOUND}.
     */
    private static String submit(String frontend, String token, Work w) throws Exception {
        ObjectNode body = JSON.createObjectNode().put("tool_name", w.tool);
        body.set("input", w.input);
        HttpRequest request = HttpRequest.newBuilder(URI.create(frontend + BASE))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)
                .header("Idempotency-Key", "outage-" + w.key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build();
        long deadline = System.nanoTime() + SUBMIT_BOUND.toNanos();
        Reply reply = send(request);
        while ((reply.status >= 500 || reply.status == 429) && System.nanoTime() < deadline) {
            RESUBMISSIONS.incrementAndGet();
            TimeUnit.MILLISECONDS.sleep(500);
            reply = send(request);
        }
        assertThat(reply.status).as("submission %d: %s", w.index, reply.body).isEqualTo(202);
        return reply.json().path("execution_id").asText();
    }

    private static Reply get(String frontend, String path, String token) {
        return send(HttpRequest.newBuilder(URI.create(frontend + path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token)
                .GET()
                .build());
    }

    private static boolean isReady(ServiceProcess service) {
        try {
            return HTTP.send(
                                    HttpRequest.newBuilder(URI.create(service.managementUrl() + "/q/health/ready"))
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Reply send(HttpRequest request) {
        try {
            HttpResponse<String> response =
                    HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An answer with its status and body. */
    private record Reply(int status, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + status + " " + body, e);
            }
        }
    }

    private static int countInState(PrivateStack stack, String principal, List<String> states) throws SQLException {
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(stack.jdbcUrl());
                PreparedStatement s = c.prepareStatement(
                        "select count(*) from jobctl.execution where principal = ? and state = any(?)")) {
            s.setString(1, principal);
            s.setArray(2, c.createArrayOf("text", states.toArray()));
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    private static Instant lastUpdate(PrivateStack stack, String principal) throws SQLException {
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(stack.jdbcUrl());
                PreparedStatement s =
                        c.prepareStatement("select max(updated_at) from jobctl.execution where principal = ?")) {
            s.setString(1, principal);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getTimestamp(1).toInstant();
            }
        }
    }

    /** Settlements of a lost owner recorded for the principal's executions (docs/job-control.md). */
    private static int recoveries(PrivateStack stack, String principal) throws SQLException {
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(stack.jdbcUrl());
                PreparedStatement s = c.prepareStatement("select count(*) from jobctl.execution_recovery r "
                        + "join jobctl.execution e on e.id = r.execution_id where e.principal = ?")) {
            s.setString(1, principal);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }
}
