package dev.taskgate.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 6 (result checkpoint): worker-pool is SIGKILLed after a {@code demo.staged} execution staged its result
 * and while it still holds it; job-control completes the execution with exactly the staged result and never
 * dispatches it again (a second run would name another run id).
 */
@SlowTier
@ExtendWith(LocalStack.class)
class StagedResultOwnerLossE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final String STAGED = "result staged: ";
    private static final Duration SETTLE = Duration.ofSeconds(90);

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("staged-result")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void aWorkerKilledAfterStagingLeavesTheExactStagedResultAndNothingRunsAgain() throws Exception {
        // a short hold: after the kill Kafka may redeliver the dispatch to the restarted worker (its offset was not
        // committed yet), which runs it again under the fenced epoch and would keep a child busy for the whole hold
        String id = given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "demo.staged", "input", Map.of("hold_seconds", 30)))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        // the progress follows the ResultStaged on the same partition: once it shows, the result is stored
        String message = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> status(id).getString("status_message"), m -> m != null && m.startsWith(STAGED));
        String runId = message.substring(STAGED.length());

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        long killedAt = System.nanoTime();
        worker.kill();
        JsonPath completed = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> status(id), s -> !s.getString("status").equals("working"));
        long settledMillis = (System.nanoTime() - killedAt) / 1_000_000;
        worker.restart(Duration.ofSeconds(120));

        assertThat(completed.getString("status")).isEqualTo("completed");
        assertThat(completed.getString("status_message"))
                .startsWith("Completed with the result staged before its owner was lost")
                .endsWith("not re-run.");
        String result = given().auth()
                .oauth2(token)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(result)
                .as("exactly the staged bytes")
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"" + runId + "\"}],\"isError\":false}");
        System.out.printf(
                "[staged-result] worker-pool SIGKILL -> completed from the staged result after %d ms%n", settledMillis);
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
}
