package dev.taskgate.worker.execution;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownEvent;

import dev.taskgate.worker.WorkerConfig;

/**
 * A graceful stop (docs/worker-pool.md "Shutdown"): from the shutdown on, no dispatch starts a run here (its record
 * is left unacknowledged and goes to another instance, or to this one after a restart), and the runs in progress get
 * up to {@code shutdownGrace} to end and have their terminal events acknowledged. Then the children are stopped and
 * the leaving heartbeat names what is still held, for job-control to recover at once.
 */
@ApplicationScoped
public class WorkDrain {
    /** Before the child pool's shutdown observer (default priority 2500), which stops the children. */
    static final int BEFORE_CHILDREN_STOP = 2000;

    private static final Logger LOG = Logger.getLogger(WorkDrain.class);
    private static final Duration CHECK_EVERY = Duration.ofMillis(100);

    private final HeldExecutions held;
    private final Duration grace;
    private final Clock clock;
    private volatile boolean draining;

    @Inject
    WorkDrain(HeldExecutions held, WorkerConfig config, Clock clock) {
        this(held, config.shutdownGrace(), clock);
    }

    WorkDrain(HeldExecutions held, Duration grace, Clock clock) {
        this.held = held;
        this.grace = grace;
        this.clock = clock;
    }

    void onShutdown(@Observes @Priority(BEFORE_CHILDREN_STOP) ShutdownEvent event) {
        drain();
    }

    /** Whether the instance is stopping: a dispatch must not start a run any more. */
    public boolean isDraining() {
        return draining;
    }

    /** Stops starting runs and waits until none is held, at most the grace period; returns whether none is. */
    boolean drain() {
        draining = true;
        Instant until = clock.instant().plus(grace);
        while (!held.isEmpty() && clock.instant().isBefore(until)) {
            try {
                Thread.sleep(CHECK_EVERY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        boolean drained = held.isEmpty();
        if (drained) {
            LOG.infof("Drained: no run in progress [grace=%s]", grace);
        } else {
            LOG.warnf(
                    "Runs still in progress after the shutdown grace; left to recovery [grace=%s running=%d]",
                    grace, held.snapshot().size());
        }
        return drained;
    }
}
