package dev.taskgate.jobctl;

import java.net.URL;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.submit.SubmissionService;
import dev.taskgate.testsupport.PrometheusText;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Admission on the native surface ({@link AdmissionTestProfile}) through the real commands topic and database. Every
 * test works in an organization and project of its own, so other tests' executions never count.
 */
@QuarkusTest
@TestProfile(AdmissionTestProfile.class)
class SubmitAdmissionLimitsTest {

    private static final String LIMIT = "https://taskgate.dev/problems/admission-limit";
    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @TestHTTPResource(value = "metrics", management = true)
    URL metrics;

    @Inject
    SubmissionService submissions;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void thePrincipalConcurrencyBoundRefusesWith429AndARetryHint() {
        Caller alice = caller(newOrg(), "p");
        accept(alice, "a1");
        accept(alice, "a2");

        Rejected refused = reject(alice, "a3");

        assertThat(refused.problem().status()).isEqualTo(429);
        assertThat(refused.problem().type()).isEqualTo(LIMIT);
        assertThat(refused.problem().detail())
                .contains("principal concurrency limit")
                .contains("2 of 2");
        assertThat(refused.retryAfterSeconds()).isEqualTo(2);
    }

    @Test
    void refusalsAndCommandsAreCountedOnTheMetricsEndpoint() {
        Map<String, String> refusedByPrincipalBound = Map.of("bound", "principal-concurrency");
        Map<String, String> rejectedSubmissions = Map.of("kind", "submit", "outcome", "rejected", "problem", LIMIT);
        Map<String, String> createdSubmissions = Map.of("kind", "submit", "outcome", "created");
        String before = scrape();
        Caller alice = caller(newOrg(), "p");
        accept(alice, "a1");
        accept(alice, "a2");

        reject(alice, "a3");

        String after = scrape();
        assertThat(increase(before, after, "taskgate_admission_refusals_total", refusedByPrincipalBound))
                .isEqualTo(1.0);
        assertThat(increase(before, after, "taskgate_commands_total", rejectedSubmissions))
                .isEqualTo(1.0);
        assertThat(increase(before, after, "taskgate_commands_total", createdSubmissions))
                .isEqualTo(2.0);
        // only on the management interface, never beside the internal API
        given().get("/q/metrics").then().statusCode(404);
    }

    private String scrape() {
        return given().get(metrics).then().statusCode(200).extract().asString();
    }

    private static double increase(String before, String after, String name, Map<String, String> labels) {
        return PrometheusText.value(after, name, labels) - PrometheusText.value(before, name, labels);
    }

    @Test
    void theProjectConcurrencyBoundCountsQueuedAndWorkingExecutions() {
        String org = newOrg();
        Caller alice = caller(org, "p");
        Caller bob = caller(org, "p");
        for (String key : List.of("a1", "a2")) {
            UUID id = accept(alice, key).executionId();
            fixture.report(JobControlFixture.started(id, 1));
            JobControlFixture.awaitStatus(alice, id, ExecutionStatus.WORKING);
        }
        accept(bob, "b1");
        accept(bob, "b2");

        Rejected refused = reject(caller(org, "p"), "c1");

        assertThat(refused.problem().detail())
                .contains("project concurrency limit")
                .contains("4 of 4");
    }

    @Test
    void theOrganizationConcurrencyBoundCountsEveryProject() {
        String org = newOrg();
        accept(caller(org, "p1"), "a1");
        Caller b = caller(org, "p1");
        accept(b, "b1");
        accept(b, "b2");
        Caller c = caller(org, "p2");
        accept(c, "c1");
        accept(c, "c2");
        accept(caller(org, "p2"), "d1");

        Rejected refused = reject(caller(org, "p2"), "e1");

        assertThat(refused.problem().detail())
                .contains("organization concurrency limit")
                .contains("6 of 6");
    }

    @Test
    void theProjectBacklogBoundCountsQueuedExecutions() {
        String org = newOrg();
        Caller alice = caller(org, "p");
        accept(alice, "a1");
        accept(alice, "a2");
        accept(caller(org, "p"), "b1");

        Rejected refused = reject(caller(org, "p"), "c1");

        assertThat(refused.problem().detail()).contains("project backlog limit").contains("3 of 3");
    }

    @Test
    void theRetainedPayloadBoundRefusesAnInputThatDoesNotFitWithAHintFromTheSoonestRetentionEnd() {
        String org = newOrg();
        String big = "{\"text\":\"" + "x".repeat(600) + "\"}";
        fixture.send(submit(caller(org, "p"), "a1", "demo.echo", big));
        fixture.send(submit(caller(org, "p"), "b1", "demo.echo", big));
        assertThat(count(pool, "select coalesce(sum(payload_bytes), 0) from jobctl.execution where org_id = $1", org))
                .as("stored (sealed) bytes of both inputs")
                .isBetween(1220L, 1400L);

        Rejected refused = reject(submit(caller(org, "p"), "c1", "demo.echo", big));

        assertThat(refused.problem().status()).isEqualTo(429);
        assertThat(refused.problem().detail()).contains("project retained payload limit");
        // retention of a queued execution ends 7 days after its 24 h deadline
        assertThat(refused.retryAfterSeconds()).isBetween(8L * 24 * 3600 - 60, 8L * 24 * 3600 + 60);
    }

    @Test
    void anInputLargerThanTheRetainedBoundIsRefusedAsTooLargeWithoutARetryHint() {
        Rejected refused =
                reject(submit(caller(newOrg(), "p"), "huge", "demo.echo", "{\"text\":\"" + "x".repeat(2000) + "\"}"));

        assertThat(refused.problem().status()).isEqualTo(413);
        assertThat(refused.problem().type()).isEqualTo("https://taskgate.dev/problems/payload-too-large");
        assertThat(refused.retryAfterSeconds()).isNull();
    }

    @Test
    void aRefusalWritesNothing() {
        Caller alice = caller(newOrg(), "p");
        accept(alice, "a1");
        accept(alice, "a2");
        long outboxBefore = count(pool, "select count(*) from jobctl.outbox");

        reject(alice, "a3");

        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", alice.principal()))
                .isEqualTo(2);
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", alice.principal()))
                .isEqualTo(2);
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.receipt where principal = $1 and receipt_key = 'a3'",
                        alice.principal()))
                .isZero();
        assertThat(count(pool, "select count(*) from jobctl.outbox")).isLessThanOrEqualTo(outboxBefore);
    }

    @Test
    void aRetryWithTheSameKeySucceedsOnceThereIsRoom() {
        Caller alice = caller(newOrg(), "p");
        UUID first = accept(alice, "a1").executionId();
        accept(alice, "a2");
        reject(alice, "a3");

        Accepted cancelled = (Accepted) fixture.send(JobControlFixture.cancel(alice, first));
        assertThat(cancelled.execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
        Accepted retried = accept(alice, "a3");

        assertThat(retried.created()).isTrue();
        assertThat(accept(alice, "a3").executionId())
                .as("and the key is bound now")
                .isEqualTo(retried.executionId());
    }

    @Test
    void aReplayOfAnExistingKeyGetsItsExecutionWhileOverTheBound() {
        Caller alice = caller(newOrg(), "p");
        UUID first = accept(alice, "a1").executionId();
        accept(alice, "a2");
        reject(alice, "a3");

        Accepted replay = accept(alice, "a1");

        assertThat(replay.created()).isFalse();
        assertThat(replay.executionId()).isEqualTo(first);
    }

    @Test
    void aConflictingReplayOverTheBoundIsStillAConflict() {
        Caller alice = caller(newOrg(), "p");
        accept(alice, "a1");
        accept(alice, "a2");

        Rejected conflict = reject(submit(alice, "a1", "demo.echo", "{\"other\":true}"));

        assertThat(conflict.problem().status()).isEqualTo(409);
    }

    @Test
    void theCompatibilitySurfaceIsNotBoundedWhileItsSwitchIsOff() {
        Caller alice = caller(newOrg(), "p");
        accept(alice, "a1");
        accept(alice, "a2");

        CommandReply reply = fixture.send(compatibility(alice, "sync-1"));

        assertThat(reply).isInstanceOf(Accepted.class);
        assertThat(reject(alice, "a3").problem().detail())
                .as("it still counts for the native surface")
                .contains("3 of 2");
    }

    @Test
    void concurrentSubmissionsNeverExceedTheBound() {
        Caller alice = caller(newOrg(), "p");
        // bypass Kafka (which serialises one caller on one partition) so that the transactions really race
        List<Uni<CommandOutcome>> racing = IntStream.range(0, 20)
                .mapToObj(i -> submissions.submit(submit(alice, "race-" + i, "demo.echo", "{\"i\":" + i + "}")))
                .toList();

        List<CommandOutcome> outcomes =
                Uni.join().all(racing).andFailFast().await().atMost(WAIT);

        assertThat(outcomes).filteredOn(o -> o.reply() instanceof Accepted).hasSize(AdmissionTestProfile.PRINCIPAL);
        assertThat(outcomes)
                .filteredOn(o -> o.reply() instanceof Rejected r && r.problem().status() == 429)
                .hasSize(20 - AdmissionTestProfile.PRINCIPAL);
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", alice.principal()))
                .isEqualTo(AdmissionTestProfile.PRINCIPAL);
    }

    private static String newOrg() {
        return "org-" + UUID.randomUUID();
    }

    private static Caller caller(String org, String project) {
        return new Caller("https://taskgate.local/dev", "user-" + UUID.randomUUID(), org, project);
    }

    private static Accepted accept(Caller caller, String key) {
        CommandReply reply = fixture.send(submit(caller, key, "demo.echo", "{\"k\":\"" + key + "\"}"));
        assertThat(reply).as("submission %s", key).isInstanceOf(Accepted.class);
        return (Accepted) reply;
    }

    private static Rejected reject(Caller caller, String key) {
        return reject(submit(caller, key, "demo.echo", "{\"k\":\"" + key + "\"}"));
    }

    private static Rejected reject(SubmitExecution command) {
        CommandReply reply = fixture.send(command);
        assertThat(reply).isInstanceOf(Rejected.class);
        return (Rejected) reply;
    }

    private static SubmitExecution compatibility(Caller caller, String key) {
        return new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                JobControlFixture.REPLY_TO,
                caller,
                Surface.MCP_2026,
                key,
                "demo.echo",
                json("{\"k\":\"" + key + "\"}"),
                TaskSurface.COMPATIBILITY);
    }
}
