package dev.taskgate.worker.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;

/**
 * The {@code Started} of one run that may be held back while the run is young (docs/worker-pool.md "A quick run
 * reports once"): sent when the hold ends or before any other report of the run, whichever comes first, or never, when
 * the run's end comes first — then the end stands for both, and job-control moves the execution from {@code queued}
 * to its end directly. The dispatch is settled (its record's offset may be committed) by whichever of the two the
 * broker acknowledges first.
 *
 * <p>Sending happens under this object's lock, so a report published after {@link #send} returns follows the
 * {@code Started} on the topic (one partition per execution, an idempotent producer keeps the order of sends).
 */
final class StartReport {
    private static final Logger LOG = Logger.getLogger(StartReport.class);

    private enum State {
        HELD,
        SENT,
        FOLDED
    }

    private final Started started;
    private final Function<WorkerEvent, CompletableFuture<Void>> publish;
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    private State state = State.HELD;

    /**
     * @param started the report, stamped when the run began
     * @param publish sends an event; its future completes when the broker has acknowledged it
     */
    StartReport(Started started, Function<WorkerEvent, CompletableFuture<Void>> publish) {
        this.started = started;
        this.publish = publish;
    }

    /**
     * Whether a run's report may be held for {@code delay}: only when running the operation twice is harmless. The
     * record is settled later then, so a worker that dies meanwhile leaves it to be delivered again and the operation
     * to run again. A mutating operation, an upstream call (which claims its epoch first) and a reconciliation run
     * report their start before they run.
     */
    static boolean mayHold(Duration delay, boolean mutating, boolean upstream, boolean reconciliation) {
        return !delay.isZero() && !delay.isNegative() && !mutating && !upstream && !reconciliation;
    }

    /**
     * Sends the report unless it was sent already or folded into the run's end. Its acknowledgement settles the
     * dispatch; a refusal is logged and leaves the settling to the run's end, which is delivered whatever happens.
     */
    synchronized CompletableFuture<Void> send() {
        if (state != State.HELD) {
            return settled;
        }
        state = State.SENT;
        CompletableFuture<Void> acked = publish.apply(started);
        acked.whenComplete((ok, failure) -> {
            if (failure == null) {
                settled.complete(null);
            } else {
                LOG.warnf(
                        failure,
                        "Started not acknowledged; the run's end will settle its record [executionId=%s epoch=%d]",
                        started.executionId(),
                        started.epoch());
            }
        });
        return acked;
    }

    /**
     * The run's end, about to be published: while the report is held, the end stands for it — it carries the run's
     * start ({@code startedAt}) and the report is never sent. An end that cannot carry it (a child's death) has the
     * report sent first.
     */
    synchronized WorkerEvent foldInto(WorkerEvent end) {
        if (state != State.HELD) {
            return end;
        }
        Instant runStartedAt = started.occurredAt();
        WorkerEvent folded;
        if (end instanceof Finished finished) {
            folded = finished.withStartedAt(runStartedAt);
        } else if (end instanceof Failed failed) {
            folded = failed.withStartedAt(runStartedAt);
        } else if (end instanceof Stopped stopped) {
            folded = stopped.withStartedAt(runStartedAt);
        } else {
            send();
            return end;
        }
        state = State.FOLDED;
        return folded;
    }

    /** The broker acknowledged the run's end. */
    void endAcknowledged() {
        settled.complete(null);
    }

    /** Completes when the dispatch's record may count as handled. */
    CompletableFuture<Void> settled() {
        return settled;
    }
}
