package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.operator.OperatorRecovery;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.jobctl.recovery.db.RecoveryRepository;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class WorkerReportFlowTest {

    private static JobControlFixture fixture;

    @Inject
    RecoveryRepository recoveries;

    @Inject
    Pool pool;

    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void startedThenFinishedCompletesWithTheExactResult() {
        Caller caller = newCaller();
        long pickedUp = pickup().count();
        long ran = run("completed").map(Timer::count).orElse(0L);
        UUID id = fixture.submitNew(caller).executionId();
        // unusual spacing, key order, escapes and non-ASCII: must come back byte for byte
        String result = "{\"structuredContent\":{\"z\":1,\"a\":2.50},  \"content\" : [ {\"type\":\"text\","
                + "\"text\":\"h\\u00e9llo \\\"w\\\"\"} ],\n\t\"isError\":false, \"note\":\"ünï 😀\" }";
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.report(started(id, 1));
            fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));

            assertThat(lifecycle
                            .await(
                                    ExecutionChanged.class,
                                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.WORKING,
                                    WAIT)
                            .summary())
                    .isEqualTo("working");
            assertThat(lifecycle
                            .await(
                                    ExecutionChanged.class,
                                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.COMPLETED,
                                    WAIT)
                            .summary())
                    .isEqualTo("completed");
        }
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        ExecutionOutcome outcome = outcome(caller, id);
        assertThat(outcome.result()).isEqualTo(result);
        assertThat(outcome.error()).isNull();
        assertThat(outcome.execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(outcome.execution().toolError()).isFalse();
        // recorded in the transactions that applied Started and Finished, before the lifecycle events went out
        assertThat(pickup().count()).isEqualTo(pickedUp + 1);
        assertThat(run("completed").orElseThrow().count()).isEqualTo(ran + 1);
        assertThat(pickup().takeSnapshot().histogramCounts())
                .as("a percentile histogram, for histogram_quantile")
                .isNotEmpty();
    }

    /**
     * worker-pool holds a quick read-only run's {@code Started} back, and the run's end stands for it ({@code
     * startedAt}): queued moves to completed directly, with one lifecycle record, the pickup and the run measured, and
     * the run's worker recorded as the owner, so that a duplicate run of the epoch that starts later is fenced by name.
     */
    @Test
    void anEndThatStandsForItsStartedCompletesTheQueuedExecutionAndNamesItsOwner() {
        Caller caller = newCaller();
        long pickedUp = pickup().count();
        long ran = run("completed").map(Timer::count).orElse(0L);
        double ranMillis =
                run("completed").map(t -> t.totalTime(TimeUnit.MILLISECONDS)).orElse(0.0);
        UUID id = fixture.submitNew(caller).executionId();
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"quick\"}],\"isError\":false}";
        Instant ended = Instant.now();
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.report(new Finished(UUID.randomUUID(), ended, id, 1, "worker-quick", result)
                    .withStartedAt(ended.minusMillis(7)));

            lifecycle.await(
                    ExecutionChanged.class,
                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.COMPLETED,
                    WAIT);
            assertThat(lifecycle.drain(Duration.ofMillis(500)).stream()
                            .map(r -> Wire.fromBytes(r.value(), ExecutionChanged.class))
                            .filter(c -> c.executionId().equals(id))
                            .map(ExecutionChanged::state))
                    .as("the queued record may still be in flight from the submission; no working")
                    .doesNotContain(ExecutionStatus.WORKING)
                    .containsOnlyOnce(ExecutionStatus.COMPLETED);
        }
        assertThat(outcome(caller, id).result()).isEqualTo(result);
        assertThat(pickup().count()).isEqualTo(pickedUp + 1);
        Timer runs = run("completed").orElseThrow();
        assertThat(runs.count()).isEqualTo(ran + 1);
        assertThat(runs.totalTime(TimeUnit.MILLISECONDS) - ranMillis)
                .as("the run as its worker timed it")
                .isEqualTo(7.0, org.assertj.core.data.Offset.offset(0.001));

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            // the same dispatch, delivered again to another instance, started there
            fixture.report(new Started(UUID.randomUUID(), Instant.now(), id, 1, "worker-duplicate", 4343L));

            StopRequested stop =
                    control.await(StopRequested.class, r -> r.executionId().equals(id) && r.epoch() == 1, WAIT);
            assertThat(stop.workerId())
                    .as("addressed to the duplicate, the end named the owner")
                    .isEqualTo("worker-duplicate");
            assertThat(stop.reason()).startsWith("duplicate run");
        }
        assertThat(outcome(caller, id).result()).isEqualTo(result);
    }

    private Timer pickup() {
        return registry.get("taskgate.executions.pickup").timer();
    }

    private java.util.Optional<Timer> run(String outcome) {
        return java.util.Optional.ofNullable(
                registry.find("taskgate.executions.run").tag("outcome", outcome).timer());
    }

    @Test
    void aToolErrorResultCompletesAndTheSnapshotSaysItIsOne() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"no\"}],\"isError\":true}";
        fixture.report(started(id, 1));
        ExecutionSnapshot working = awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));

        ExecutionSnapshot completed = awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        assertThat(working.toolError())
                .as("only a completed execution carries the flag")
                .isNull();
        assertThat(completed.toolError()).isTrue();
        assertThat(outcome(caller, id).result()).isEqualTo(result);
    }

    @Test
    void aReportForAnotherEpochChangesNothing() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        ExecutionSnapshot working = awaitStatus(caller, id, ExecutionStatus.WORKING);
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 2, "worker-stale", "{\"stale\":true}"));
            // same key, same partition: once this later progress shows, the stale report was already handled
            fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", 3, 10.0, "marker"));
            ExecutionSnapshot after = await().atMost(WAIT)
                    .until(() -> JobControlFixture.snapshot(caller, id), s -> "marker".equals(s.statusMessage()));

            assertThat(after.status()).isEqualTo(ExecutionStatus.WORKING);
            assertThat(after.updatedAt()).isEqualTo(working.updatedAt());
            assertThat(after.progress()).isEqualTo(3.0);
            assertThat(after.total()).isEqualTo(10.0);
            assertThat(outcome(caller, id).result()).isNull();
            assertThat(lifecycle.drain(Duration.ofSeconds(1)).stream()
                            .map(r -> Wire.fromBytes(r.value(), ExecutionChanged.class))
                            // the WORKING change may still be in flight from before the watcher started
                            .filter(c -> c.executionId().equals(id) && c.state() != ExecutionStatus.WORKING))
                    .isEmpty();
        }
    }

    @Test
    void aRepeatedStartedChangesNothing() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        ExecutionSnapshot working = awaitStatus(caller, id, ExecutionStatus.WORKING);

        fixture.report(started(id, 1));
        fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", 1, null, "marker"));
        ExecutionSnapshot after = await().atMost(WAIT)
                .until(() -> JobControlFixture.snapshot(caller, id), s -> "marker".equals(s.statusMessage()));

        assertThat(after.updatedAt()).isEqualTo(working.updatedAt());
        assertThat(after.status()).isEqualTo(ExecutionStatus.WORKING);
    }

    @Test
    void aChildDeathReplacesAReadOnlyExecutionOnceAndTheSecondFailsItExplicitly() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        RunOperation replacement;
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            fixture.report(new ChildDied(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", 4242L, 137));
            replacement = work.await(RunOperation.class, r -> r.executionId().equals(id) && r.epoch() == 2, WAIT);
        }
        assertThat(replacement.attempt()).isEqualTo(2);
        assertThat(replacement.input()).isEqualTo(JobControlFixture.json("{\"a\":1}"));
        ExecutionSnapshot queued = awaitStatus(caller, id, ExecutionStatus.QUEUED);
        assertThat(queued.statusMessage())
                .startsWith(
                        "Replaced after owner loss (the child process running it on "
                                + "worker instance worker-test exited abruptly (exit code 137)); attempt 2 starts from the beginning");

        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.report(started(id, 2));
            fixture.report(new ChildDied(UUID.randomUUID(), Instant.now(), id, 2, "worker-test", 4243L, 137));
            assertThat(lifecycle
                            .await(
                                    ExecutionChanged.class,
                                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.FAILED,
                                    WAIT)
                            .summary())
                    .isEqualTo("failed: owner-lost");
        }
        ExecutionOutcome outcome = outcome(caller, id);
        assertThat(outcome.result()).isNull();
        assertThat(outcome.error().code()).isEqualTo("owner-lost");
        assertThat(outcome.error().message())
                .isEqualTo("owner lost; not re-run (the child process running it on "
                        + "worker instance worker-test exited abruptly (exit code 137); already replaced once from the "
                        + "beginning and no progress was saved since)");
        assertThat(recoveries.find(pool, id).await().atMost(WAIT))
                .as("both settlements are on record for the operator view")
                .extracting(OperatorRecovery::lostAttempt, OperatorRecovery::cause, OperatorRecovery::outcome)
                .containsExactly(tuple(1, "child-died", "replaced"), tuple(2, "child-died", "failed"));
    }

    @Test
    void aRunStartedForAnEpochNoLongerCurrentIsAskedToStopAndChangesNothing() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(new ChildDied(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", 4242L, 137));
        awaitStatus(caller, id, ExecutionStatus.QUEUED);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            // Kafka redelivered the epoch-1 dispatch to a restarted worker, which started it again
            fixture.report(started(id, 1));

            StopRequested stop =
                    control.await(StopRequested.class, r -> r.executionId().equals(id) && r.epoch() == 1, WAIT);
            assertThat(stop.reason()).isEqualTo("stale run: epoch 1 is no longer current");
        }
        assertThat(awaitStatus(caller, id, ExecutionStatus.QUEUED).statusMessage())
                .startsWith("Replaced after owner loss");
    }

    @Test
    void aRunStartedAgainAfterTheExecutionEndedIsAskedToStop() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "{\"content\":[]}"));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(started(id, 1));

            assertThat(control.await(StopRequested.class, r -> r.executionId().equals(id) && r.epoch() == 1, WAIT))
                    .isNotNull();
        }
        assertThat(outcome(caller, id).result()).isEqualTo("{\"content\":[]}");
    }

    @Test
    void aChildDeathReportedForAnOlderEpochChangesNothing() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        ExecutionSnapshot working = awaitStatus(caller, id, ExecutionStatus.WORKING);

        fixture.report(new ChildDied(UUID.randomUUID(), Instant.now(), id, 0, "worker-old", 1L, 137));
        fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", 1, null, "marker"));
        ExecutionSnapshot after = await().atMost(WAIT)
                .until(() -> JobControlFixture.snapshot(caller, id), s -> "marker".equals(s.statusMessage()));
        assertThat(after.status()).isEqualTo(ExecutionStatus.WORKING);
        assertThat(after.updatedAt()).isEqualTo(working.updatedAt());
    }

    @Test
    void failedRecordsTheWorkersCodeAndMessage() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        fixture.report(new Failed(
                UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "operation_crashed", "The operation crashed."));
        awaitStatus(caller, id, ExecutionStatus.FAILED);

        ExecutionOutcome outcome = outcome(caller, id);
        assertThat(outcome.error().code()).isEqualTo("operation_crashed");
        assertThat(outcome.error().message()).isEqualTo("The operation crashed.");
    }

    /** PostgreSQL's text cannot hold U+0000: it is stored as U+FFFD, and the report still applies. */
    @Test
    void aNulCharacterInAProgressMessageIsStoredAsTheReplacementCharacter() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        fixture.report(new Progress(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", 1, 2.0, "half \u0000 way"));

        ExecutionSnapshot after = await().atMost(WAIT)
                .until(() -> JobControlFixture.snapshot(caller, id), s -> s.statusMessage() != null);
        assertThat(after.statusMessage()).isEqualTo("half \uFFFD way");
        assertThat(after.status()).isEqualTo(ExecutionStatus.WORKING);
    }

    @Test
    void aNulCharacterInAFailuresCodeOrMessageStillFailsTheExecution() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        fixture.report(new Failed(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                "worker-test",
                "crashed\u0000",
                "The \u0000 operation crashed."));
        awaitStatus(caller, id, ExecutionStatus.FAILED);

        ExecutionOutcome outcome = outcome(caller, id);
        assertThat(outcome.error().code()).isEqualTo("crashed\uFFFD");
        assertThat(outcome.error().message()).isEqualTo("The \uFFFD operation crashed.");
    }

    static ExecutionOutcome outcome(Caller caller, UUID id) {
        return Wire.fromBytes(
                SignedCalls.signed()
                        .header("Taskgate-Principal", caller.principal())
                        .header("Taskgate-Workspace", caller.workspace())
                        .get("/internal/v1/executions/{id}/outcome", id)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asByteArray(),
                ExecutionOutcome.class);
    }
}
