package dev.taskgate.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18 item 7: worker-pool stopped with SIGTERM while an operation runs lets it finish (the shutdown grace,
 * 15 s by default) and starts nothing new: the running execution completes in its first attempt while the worker
 * is gone, and one submitted during the stop waits for the restarted worker and completes in its first attempt too.
 * Nothing is replaced, nothing runs twice.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class WorkerGracefulStopE2E {
    private static final Duration SETTLE = Duration.ofSeconds(90);
    private static final String OPS = "/v1/orgs/acme/projects/demo/operator/tool-executions/";

    private static String token;
    private static String operator;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("graceful-stop")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        operator = Tokens.forSubject("graceful-stop-operator")
                .org("acme")
                .project("demo")
                .scopes("executions:operator:status")
                .sign();
    }

    @Test
    void aStoppingWorkerFinishesWhatRunsStartsNothingNewAndNothingRunsTwice() throws Exception {
        String running = id(DemoExecutions.submit(token, "demo.sleep", Map.of("seconds", 6)));
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> status(running).getString("status"), "working"::equals);

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        long stoppedAt = System.nanoTime();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> {
            try {
                worker.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        String submittedDuringTheStop = id(DemoExecutions.submit(token, "demo.sleep", Map.of("seconds", 1)));
        stopping.get(60, TimeUnit.SECONDS);
        long stopMillis = (System.nanoTime() - stoppedAt) / 1_000_000;

        // the worker is gone: only a run that ended during the stop can have completed it
        JsonPath finished = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> status(running), s -> !s.getString("status").equals("working"));
        assertThat(finished.getString("status")).as(finished.prettify()).isEqualTo("completed");

        worker.restart(Duration.ofSeconds(120));
        JsonPath later = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> status(submittedDuringTheStop),
                        s -> s.getString("status").equals("completed"));
        assertThat(later.getString("status")).isEqualTo("completed");

        for (String id : new String[] {running, submittedDuringTheStop}) {
            JsonPath view = given().auth()
                    .oauth2(operator)
                    .get(OPS + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(view.getInt("attempt"))
                    .as("%s ran once: %s", id, view.prettify())
                    .isEqualTo(1);
            assertThat(view.getList("recoveries")).as(view.prettify()).isNullOrEmpty();
        }
        System.out.printf("[graceful-stop] worker-pool SIGTERM -> exited after %d ms, its run completed%n", stopMillis);
    }

    private static String id(io.restassured.response.Response submitted) {
        return submitted.then().statusCode(202).extract().path("execution_id");
    }

    private static JsonPath status(String id) {
        return given().auth()
                .oauth2(token)
                .get(DemoExecutions.BASE + "/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }
}
