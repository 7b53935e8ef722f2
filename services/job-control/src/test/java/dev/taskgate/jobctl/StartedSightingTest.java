package dev.taskgate.jobctl;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's {@code Started} records, in its compare-and-set's own statement, that its worker instance was heard from:
 * the instance's row exists before its first heartbeat, a restarted instance's "left" mark is cleared, and a
 * compare-and-set that loses records nothing. Owner-loss detection reads all three.
 */
@QuarkusTest
class StartedSightingTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    ExecutionRepository executions;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aStartedRecordsItsWorkerBeforeAnyHeartbeat() {
        String worker = "worker-sighted-" + UUID.randomUUID();
        startedOn(worker);

        assertThat(JobControlFixture.count(
                        pool,
                        "select count(*) from jobctl.worker_instance w join jobctl.execution e "
                                + "on e.owner_worker_id = w.worker_id "
                                + "where w.worker_id = $1 and w.last_seen_at = e.updated_at and w.left_at is null",
                        worker))
                .as("seen when the execution became working, and its owner")
                .isEqualTo(1);
    }

    @Test
    void aStartedClearsTheLeftMarkOfAnInstanceRestartedUnderTheSameId() {
        String worker = "worker-restarted-" + UUID.randomUUID();
        Instant left = Instant.now().minus(1, ChronoUnit.MINUTES);
        pool.preparedQuery("insert into jobctl.worker_instance (worker_id, last_seen_at, left_at) values ($1, $2, $2)")
                .execute(Tuple.of(worker, ts(left)))
                .await()
                .atMost(WAIT);
        startedOn(worker);

        assertThat(JobControlFixture.count(
                        pool,
                        "select count(*) from jobctl.worker_instance "
                                + "where worker_id = $1 and left_at is null and last_seen_at > $2",
                        worker,
                        ts(left)))
                .isEqualTo(1);
    }

    @Test
    void aCompareAndSetThatLosesRecordsNoSighting() {
        String worker = "worker-late-" + UUID.randomUUID();
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(JobControlFixture.started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        // decided on "queued", which the execution no longer is
        StateChange stale = new StateChange(
                id, ExecutionStatus.QUEUED, 1, ExecutionStatus.WORKING, Instant.now(), null, null, null, null, null);

        boolean won = executions
                .compareAndSetSeen(pool, stale, worker, Instant.now())
                .await()
                .atMost(WAIT);

        assertThat(won).isFalse();
        assertThat(JobControlFixture.count(
                        pool, "select count(*) from jobctl.worker_instance where worker_id = $1", worker))
                .isZero();
    }

    /** A new execution whose run reports {@code Started} on {@code worker}, once job-control has it working. */
    private void startedOn(String worker) {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(new Started(UUID.randomUUID(), Instant.now(), id, 1, worker, 4242L));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
    }

    private static OffsetDateTime ts(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
