package dev.taskgate.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * Issue 6 (intermediate frontiers): worker-pool is SIGKILLed while a {@code demo.count} execution is part way
 * through; the replacement job-control dispatches continues from the last authenticated frontier (it names the step
 * it resumed at, which is at least the step the first run had reported) and the execution completes with the
 * undisturbed result.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class FrontierResumeOwnerLossE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(120);
    // 10 s of counting at 250 ms a step: the kill comes at step 3 or soon after, so the replacement still has most of
    // the count ahead of it and "resumed at n < STEPS" proves the resume; more steps only lengthen the run
    private static final int STEPS = 40;
    private static final Pattern AT = Pattern.compile("^at (\\d+) of " + STEPS + "$");
    private static final Pattern RESUMED = Pattern.compile("\\(resumed at (\\d+)\\)$");

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("frontier-resume")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void aReplacementContinuesFromTheLastFrontierAndTheResultIsUndisturbed() throws Exception {
        String id = given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "demo.count", "input", Map.of("to", STEPS, "step_ms", 250)))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        // a step's progress follows its CheckpointSaved on the same partition: once "at n" shows, frontier n is stored
        String before = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> status(id).getString("status_message"), m -> m != null && stepOf(m) >= 3);
        int reportedBeforeKill = stepOf(before);

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        long killedAt = System.nanoTime();
        worker.kill();
        worker.restart(Duration.ofSeconds(120));

        String resumed = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> status(id).getString("status_message"),
                        m -> m != null && RESUMED.matcher(m).find());
        long resumedMillis = (System.nanoTime() - killedAt) / 1_000_000;
        Matcher m = RESUMED.matcher(resumed);
        assertThat(m.find()).isTrue();
        assertThat(Integer.parseInt(m.group(1)))
                .as("resumed from the last frontier, not from the beginning")
                .isGreaterThanOrEqualTo(reportedBeforeKill)
                .isLessThan(STEPS);

        JsonPath done = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> status(id),
                        s -> List.of("completed", "failed", "cancelled").contains(s.getString("status")));
        assertThat(done.getString("status")).isEqualTo("completed");
        String result = given().auth()
                .oauth2(token)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(result)
                .isEqualTo(
                        "{\"content\":[{\"type\":\"text\",\"text\":\"counted to " + STEPS + "\"}],\"isError\":false}");
        System.out.printf(
                "[frontier-resume] worker-pool SIGKILL at step %d -> replacement resumed at %s after %d ms%n",
                reportedBeforeKill, m.group(1), resumedMillis);
    }

    /** The step an "at n of N" message names, or -1 for any other message. */
    private static int stepOf(String message) {
        Matcher m = AT.matcher(message);
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
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
