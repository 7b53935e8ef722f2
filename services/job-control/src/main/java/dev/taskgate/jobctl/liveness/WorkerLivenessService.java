package dev.taskgate.jobctl.liveness;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.liveness.db.WorkerInstanceRepository;

/**
 * Records worker heartbeats. The time that counts is job-control's own clock when the heartbeat arrives (the
 * sweeper compares it with the same clock), not the worker's. A leaving heartbeat wakes the sweeper so that the
 * executions the instance gave up are settled at once.
 */
@ApplicationScoped
public class WorkerLivenessService {

    private static final Logger LOG = Logger.getLogger(WorkerLivenessService.class);

    private final Pool pool;
    private final WorkerInstanceRepository workers;
    private final OwnerLossSweeper sweeper;
    private final DbClock clock;

    WorkerLivenessService(Pool pool, WorkerInstanceRepository workers, OwnerLossSweeper sweeper, DbClock clock) {
        this.pool = pool;
        this.workers = workers;
        this.sweeper = sweeper;
        this.clock = clock;
    }

    /** Records one heartbeat in its own (single-statement) transaction. */
    public Uni<Void> record(WorkerHeartbeat beat) {
        Instant now = clock.now();
        if (!beat.isLeaving()) {
            return workers.recordSeen(pool, beat.workerId(), now, beat.occurredAt());
        }
        return workers.recordLeft(pool, beat.workerId(), now, beat.occurredAt()).invoke(() -> {
            LOG.infof("Worker instance left; settling its executions [workerId=%s]", beat.workerId());
            sweeper.wake();
        });
    }
}
