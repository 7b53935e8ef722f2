package dev.taskgate.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
 * Issue 6 (transaction journal): worker-pool is SIGKILLed while a {@code demo.rewrite} holds its applied result, past
 * its commit grant. job-control dispatches a reconciliation run with the journal entry; the restarted worker checks
 * the file against it and the execution completes with the result the rewrite would have returned. The file proves
 * the rewrite was applied exactly once (a second apply would extend the replacement again).
 */
@SlowTier
@ExtendWith(LocalStack.class)
class RewriteJournalOwnerLossE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final String APPLIED = "applied ";
    private static final Duration SETTLE = Duration.ofSeconds(90);

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("rewrite-journal")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
    }

    @Test
    void aWorkerKilledPastTheCommitGrantHasItsOutcomeReconstructedFromTheJournal() throws Exception {
        String name = "journal-" + UUID.randomUUID() + ".txt";
        Path file = LocalStack.rewriteSandbox().resolve(name);
        Files.writeString(file, "alpha old omega");

        // a short hold: see StagedResultOwnerLossE2E (a redelivered stale dispatch re-plans; its commit is refused)
        String id = given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "tool_name",
                        "demo.rewrite",
                        "input",
                        Map.of("files", List.of(name), "search", "old", "replace", "old+", "hold_seconds", 30)))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        // the progress comes after the grant and the apply: the file is rewritten, the result not yet reported
        String message = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> status(id).getString("status_message"), m -> m != null && m.startsWith(APPLIED));
        String planHash = message.substring(APPLIED.length());
        assertThat(file).hasContent("alpha old+ omega");

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        long killedAt = System.nanoTime();
        worker.kill();
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(50)).until(() -> {
            JsonPath s = status(id);
            String m = s.getString("status_message");
            return !s.getString("status").equals("working")
                    || (m != null && m.startsWith("Reconstructing the outcome from the transaction journal"));
        });
        long settledMillis = (System.nanoTime() - killedAt) / 1_000_000;
        worker.restart(Duration.ofSeconds(120));

        JsonPath done = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
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
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"rewrote 1 files (plan " + planHash + "): "
                        + name + "\"}],\"isError\":false}");
        assertThat(file).as("applied exactly once").hasContent("alpha old+ omega");
        System.out.printf(
                "[rewrite-journal] worker-pool SIGKILL past the commit grant -> reconciliation dispatched "
                        + "after %d ms; outcome reconstructed from the journal%n",
                settledMillis);
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
