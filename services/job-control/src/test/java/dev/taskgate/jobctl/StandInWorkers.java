package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.contracts.event.WorkerHeartbeat.HeldExecution;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.awaitility.Awaitility.await;

/**
 * Plays worker-pool instances toward job-control in the owner-loss component tests ({@link LivenessTestProfile}):
 * heartbeats stamped at the adjustable clock's time and the {@code Started} that makes an execution theirs.
 */
final class StandInWorkers {
    private final JobControlFixture fixture;
    private final Pool pool;
    private final AdjustableClock clock;

    StandInWorkers(JobControlFixture fixture, Pool pool, AdjustableClock clock) {
        this.fixture = fixture;
        this.pool = pool;
        this.clock = clock;
    }

    /** A fresh worker instance id. */
    static String newWorkerId() {
        return "worker-" + UUID.randomUUID();
    }

    /** The {@code Started} a worker reports for a dispatch it runs. */
    static Started started(UUID executionId, long epoch, String workerId) {
        return new Started(UUID.randomUUID(), Instant.now(), executionId, epoch, workerId, 4242L);
    }

    /** Submits a new execution for {@code caller} and has a heartbeating {@code workerId} start it under epoch 1. */
    UUID submitAndStart(Caller caller, String workerId) {
        UUID id = fixture.submitNew(caller).executionId();
        heartbeat(workerId);
        fixture.report(started(id, 1, workerId));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        return id;
    }

    /** {@link #heartbeat(String, List)} holding nothing. */
    void heartbeat(String workerId) {
        heartbeat(workerId, List.of());
    }

    /**
     * Sends heartbeats, as a worker does, until job-control recorded one at its current (test) time. The consumer
     * starts at the latest offset, so a heartbeat sent before it got its partitions is never seen. The first one
     * goes out at once (no poll delay) and the next every 100 ms: a recorded heartbeat shows within a poll or two,
     * and the tests that move the clock close to the heartbeat timeout lose little real time here.
     */
    void heartbeat(String workerId, List<HeldExecution> held) {
        OffsetDateTime sent = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        await().atMost(WAIT)
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    fixture.kafka.send(
                            topic(Topics.WORKER_HEARTBEATS),
                            workerId,
                            new WorkerHeartbeat(UUID.randomUUID(), Instant.now(), workerId, held));
                    return JobControlFixture.count(
                                    pool,
                                    "select count(*) from jobctl.worker_instance where worker_id = $1 and last_seen_at >= $2",
                                    workerId,
                                    sent)
                            == 1;
                });
    }

    /** When job-control last heard from {@code workerId}, as it names it in owner-loss messages. */
    Instant lastSeen(String workerId) {
        return pool.preparedQuery("select last_seen_at from jobctl.worker_instance where worker_id = $1")
                .execute(Tuple.of(workerId))
                .map(rows -> rows.iterator().next().getOffsetDateTime(0).toInstant())
                .await()
                .atMost(WAIT);
    }
}
