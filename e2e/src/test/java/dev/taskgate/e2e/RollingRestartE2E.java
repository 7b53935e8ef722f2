package dev.taskgate.e2e;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18 item 7: a rollout of every service of a running stack under load loses nothing. {@link RolloutStack} runs
 * two instances of job-control, worker-pool, mcp-frontend and webhook-dispatcher; {@link RolloutLoad} runs four
 * clients (two REST, one MCP task, one synchronous MCP) with a fixed count of operations while each instance in turn
 * gets SIGTERM, exits, is started again and is ready before the next one goes, as {@code kubectl rollout restart} does
 * it. A webhook subscription of the project receives the lifecycle deliveries on a {@link NodeReceiver}.
 *
 * <p>Afterwards: every execution completed in its first attempt with its exact result (a graceful stop lets the runs
 * in progress finish, so nothing is replaced or recovered), as many executions as operations, no request answered
 * with a 5xx or cut (a refused connection is the only failure a client may see, and is sent to the other frontend),
 * every execution's lifecycle webhook delivered, no record dead-lettered. Prints one figures line.
 */
@LongTier
@ExtendWith(LocalStack.class)
class RollingRestartE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration EXIT_BOUND = Duration.ofSeconds(45);
    private static final Duration SETTLE = Duration.ofSeconds(90);
    private static final int PER_BATCH = 2;
    private static final List<RolloutLoad.Client> CLIENTS = List.of(
            RolloutLoad.Client.REST, RolloutLoad.Client.REST, RolloutLoad.Client.MCP_TASK, RolloutLoad.Client.MCP_SYNC);
    private static final List<String> DEAD_LETTERED =
            List.of(Topics.COMMANDS, Topics.WORK, Topics.CONTROL, Topics.WORKER_EVENTS, Topics.LIFECYCLE);

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void rollingEveryServiceUnderLoadLosesNothing() throws Exception {
        long testStart = System.nanoTime();
        String run = UUID.randomUUID().toString().substring(0, 8);
        String project = "rollout-" + run;
        List<String> tokens = new ArrayList<>();
        for (int c = 0; c < CLIENTS.size(); c++) {
            tokens.add(Tokens.forSubject("rollout-" + run + "-c" + c)
                    .org("acme")
                    .project(project)
                    .scopes("tools:call")
                    .ttl(Duration.ofHours(1))
                    .sign());
        }
        String admin = Tokens.forSubject("rollout-" + run + "-admin")
                .org("acme")
                .project(project)
                .scopes("webhooks:admin", "executions:operator:status")
                .ttl(Duration.ofHours(1))
                .sign();

        List<KafkaTestClient.TopicWatcher> deadLetters = new ArrayList<>();
        try (KafkaTestClient kafka = LocalStack.kafka();
                RolloutStack stack = new RolloutStack();
                NodeReceiver receiver = NodeReceiver.start(LocalStack.repo())) {
            for (String topic : DEAD_LETTERED) {
                deadLetters.add(kafka.watch(LocalStack.topic(topic) + ".dlq"));
            }
            stack.start();
            receiver.secret(subscribe(stack, project, admin, receiver.url()));

            List<ServiceProcess> order = stack.rolloutOrder();
            RolloutLoad load =
                    new RolloutLoad(stack.frontends(), run, project, CLIENTS, tokens, order.size() + 1, PER_BATCH);
            long loadStart = System.nanoTime();
            load.start();
            List<RolloutStack.Restart> restarts = new ArrayList<>();
            for (int step = 0; step < order.size(); step++) {
                load.open(step + 1);
                restarts.add(stack.restart(order.get(step), EXIT_BOUND));
            }
            assertThat(load.awaitDone(Duration.ofMinutes(3)))
                    .as("every client finished; problems so far: %s", load.problems)
                    .isTrue();
            long loadMillis = (System.nanoTime() - loadStart) / 1_000_000;

            Map<UUID, Execution> executions = executionsOf(project);
            Set<UUID> delivered = awaitDelivered(receiver, executions.keySet());
            List<String> operatorViews = operatorViews(stack, project, admin, load.restHandles);
            List<String> deadLettered = new ArrayList<>();
            for (KafkaTestClient.TopicWatcher w : deadLetters) {
                w.drainToEnd().forEach(r -> deadLettered.add(r.topic() + "/" + r.partition() + "/" + r.offset()));
            }

            long maxStop = restarts.stream()
                    .mapToLong(RolloutStack.Restart::stopMillis)
                    .max()
                    .orElse(0);
            long maxStart = restarts.stream()
                    .mapToLong(RolloutStack.Restart::startMillis)
                    .max()
                    .orElse(0);
            System.out.printf(
                    "rollout: requests=%d executions=%d operations=%d restarts=%d retries=%d balancer_refusals=%d "
                            + "max_pause=%dms max_stop=%dms max_start=%dms problems=%d load=%dms wall=%dms%n",
                    load.requests.get(),
                    executions.size(),
                    load.operations.get(),
                    restarts.size(),
                    load.retries.get(),
                    stack.jobControlService().refusals.get(),
                    load.maxPauseMillis.get(),
                    maxStop,
                    maxStart,
                    load.problems.size(),
                    loadMillis,
                    (System.nanoTime() - testStart) / 1_000_000);
            restarts.forEach(r -> System.out.println("rollout: " + r));

            assertThat(load.problems)
                    .as("5xx answers, cut requests, wrong results")
                    .isEmpty();
            assertThat(restarts).hasSize(order.size());
            assertThat(load.operations.get()).isEqualTo(load.plannedOperations());
            assertThat(executions)
                    .as("one execution per operation: no retry made a second one")
                    .hasSize(load.plannedOperations());
            assertThat(executions.values())
                    .as("completed in the first attempt, never replaced or recovered")
                    .allSatisfy(e -> {
                        assertThat(e.state()).as(e.toString()).isEqualTo("completed");
                        assertThat(e.attempt()).as(e.toString()).isEqualTo(1);
                        assertThat(e.replacements()).as(e.toString()).isZero();
                        assertThat(e.recoveries()).as(e.toString()).isZero();
                    });
            assertThat(operatorViews)
                    .as("operator views that are not attempt 1 without recoveries")
                    .isEmpty();
            assertThat(delivered)
                    .as("every execution's lifecycle webhook delivered")
                    .containsExactlyInAnyOrderElementsOf(executions.keySet());
            assertThat(deadLettered).as("dead-lettered records").isEmpty();
            assertThat(stack.jobControlService().dropped.get())
                    .as("connections to job-control no instance took")
                    .isZero();
        } finally {
            for (KafkaTestClient.TopicWatcher w : deadLetters) {
                w.close();
            }
        }
    }

    /** Subscribes the receiver to the project's lifecycle webhooks through a ready dispatcher; returns the secret. */
    private static String subscribe(RolloutStack stack, String project, String admin, String url) {
        ServiceProcess dispatcher = stack.dispatchers().pick().orElseThrow();
        var created = given().auth()
                .oauth2(admin)
                .contentType(ContentType.JSON)
                .body(Map.of("url", url, "event_types", List.of("tool.execution.lifecycle")))
                .post(dispatcher.baseUrl() + "/v1/orgs/acme/projects/" + project + "/webhook-subscriptions");
        created.then().statusCode(201);
        return created.path("secret");
    }

    /** The execution ids whose lifecycle webhook the receiver verified and answered 200, once all of them arrived. */
    private static Set<UUID> awaitDelivered(NodeReceiver receiver, Set<UUID> expected) {
        Set<UUID> delivered = new HashSet<>();
        try {
            await().atMost(SETTLE).pollInterval(Duration.ofMillis(500)).until(() -> {
                delivered.clear();
                for (NodeReceiver.Received r : receiver.log()) {
                    if (r.verified() && r.action().equals("200")) {
                        String handle =
                                JSON.readTree(r.body()).at("/data/execution_id").asText();
                        ExecutionHandles.parse(handle).ifPresent(c -> delivered.add(c.executionId()));
                    }
                }
                return delivered.containsAll(expected);
            });
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            // the assertion names what is missing
        }
        return delivered;
    }

    /** The operator view of each REST execution; a line for each that is not attempt 1 without recoveries. */
    private static List<String> operatorViews(
            RolloutStack stack, String project, String operator, Iterable<String> handles) {
        List<String> wrong = new ArrayList<>();
        for (String handle : handles) {
            ServiceProcess frontend = stack.frontends().pick().orElseThrow();
            JsonPath view = given().auth()
                    .oauth2(operator)
                    .get(frontend.baseUrl() + "/v1/orgs/acme/projects/" + project + "/operator/tool-executions/"
                            + handle)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            List<Object> recoveries = view.getList("recoveries");
            if (view.getInt("attempt") != 1 || (recoveries != null && !recoveries.isEmpty())) {
                wrong.add(view.prettify());
            }
        }
        return wrong;
    }

    /** One execution of the project as job-control stored it. */
    private record Execution(UUID id, String surface, String state, int attempt, int replacements, int recoveries) {}

    private static Map<UUID, Execution> executionsOf(String project) throws Exception {
        Map<UUID, Execution> rows = new HashMap<>();
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(LocalStack.jdbcUrl());
                PreparedStatement s = c.prepareStatement("select e.id, e.surface, e.state, e.attempt, e.replacements, "
                        + "(select count(*) from jobctl.execution_recovery r where r.execution_id = e.id) "
                        + "from jobctl.execution e where e.org_id = 'acme' and e.project_id = ?")) {
            s.setString(1, project);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    UUID id = r.getObject(1, UUID.class);
                    rows.put(
                            id,
                            new Execution(id, r.getString(2), r.getString(3), r.getInt(4), r.getInt(5), r.getInt(6)));
                }
            }
        }
        return rows;
    }
}
