package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 6: worker-pool is SIGKILLed while it runs {@code demo.sleep} executions; job-control notices the silence
 * (heartbeat timeout), replaces each execution under a new epoch, and the restarted worker completes them with the
 * exact result a run without a kill returns. Prints the time from each kill to the settlement of each execution
 * (the replacement committed), p50 and max, over a bounded number of kills.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class WorkerOwnerLossE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    // each kill proves the replacement of three held executions; three kills give nine settlement times for p50/max
    private static final int KILLS = 3;
    private static final int EXECUTIONS_PER_KILL = 3;
    private static final int SLEEP_SECONDS = 5;
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = DemoExecutions.callerToken("owner-loss");
    }

    @Test
    void executionsOfAKilledWorkerAreReplacedAndCompleteWithTheExactResult() throws Exception {
        String reference = create();
        DemoExecutions.awaitStatus(token, reference, "completed"::equals);
        byte[] expected = result(reference);
        assertThat(JsonPath.from(new String(expected)).getString("content[0].text"))
                .isEqualTo("slept " + SLEEP_SECONDS + " seconds");

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        List<Long> settleMillis = new ArrayList<>();
        for (int kill = 1; kill <= KILLS; kill++) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < EXECUTIONS_PER_KILL; i++) {
                ids.add(create());
            }
            // LocalStack gives the worker three children: all three run when it is killed
            awaitAllWorking(ids);

            // settlement is measured over what the worker had started (an execution still waiting for a child would
            // never have been acknowledged: Kafka hands it to the restarted worker instead)
            List<String> held = ids.stream()
                    .filter(id -> status(id).getString("status").equals("working"))
                    .toList();
            long killedAt = System.nanoTime();
            worker.kill();
            Map<String, Long> settled = new HashMap<>();
            await().atMost(SETTLE).pollInterval(Duration.ofMillis(50)).until(() -> {
                for (String id : held) {
                    if (!settled.containsKey(id) && isSettled(status(id))) {
                        settled.put(id, (System.nanoTime() - killedAt) / 1_000_000);
                    }
                }
                return settled.size() == held.size();
            });
            settleMillis.addAll(settled.values());
            worker.restart(Duration.ofSeconds(120));

            for (String id : ids) {
                DemoExecutions.awaitStatus(token, id, "completed"::equals);
                assertThat(result(id))
                        .as("the replacement returns exactly what an undisturbed run returns")
                        .isEqualTo(expected);
            }
            System.out.printf("[owner-loss] kill %d: settled after %s ms%n", kill, settled.values());
        }

        Collections.sort(settleMillis);
        long p50 = settleMillis.get((settleMillis.size() - 1) / 2);
        long max = settleMillis.get(settleMillis.size() - 1);
        System.out.printf(
                "[owner-loss] worker-pool SIGKILL -> settlement over %d kills x %d executions: "
                        + "p50 %d ms, max %d ms (%d held executions)%n",
                KILLS, EXECUTIONS_PER_KILL, p50, max, settleMillis.size());
    }

    private static void awaitAllWorking(List<String> ids) {
        try {
            await().atMost(SETTLE)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> ids.stream()
                            .allMatch(id -> status(id).getString("status").equals("working")));
        } catch (ConditionTimeoutException e) {
            StringBuilder states = new StringBuilder();
            for (String id : ids) {
                JsonPath execution = status(id);
                states.append(String.format(
                        "%n  %s %s (%s)", id, execution.getString("status"), execution.getString("status_message")));
            }
            throw new AssertionError("not every execution reached working within " + SETTLE + ":" + states, e);
        }
    }

    /** Replaced (back to queued with the owner-loss status message) or terminal. */
    private static boolean isSettled(JsonPath execution) {
        String status = execution.getString("status");
        String message = execution.getString("status_message");
        return List.of("completed", "failed", "cancelled").contains(status)
                || (message != null && message.startsWith("Replaced after owner loss"));
    }

    private static String create() {
        return given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "demo.sleep", "input", Map.of("seconds", SLEEP_SECONDS)))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
    }

    private static JsonPath status(String id) {
        return given().auth()
                .oauth2(token)
                .get(BASE + "/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static byte[] result(String id) {
        return given().auth()
                .oauth2(token)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
    }
}
