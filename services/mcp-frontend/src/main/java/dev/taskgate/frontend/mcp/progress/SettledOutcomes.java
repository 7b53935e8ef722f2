package dev.taskgate.frontend.mcp.progress;

import java.time.Clock;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import jakarta.inject.Singleton;

import io.vertx.core.Vertx;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.problem.Problems;

/**
 * A read of an execution's outcome that may wait, a bounded time, until the execution settles: ends or asks for
 * input ({@link ExecutionSignals#isDecisive}). Serves {@code execution_get}'s {@code wait_ms} and the REST reads'
 * {@code wait_ms}. The execution's decisive lifecycle record wakes the wait at once; a read every
 * {@code taskgate.frontend.mcp.sync-poll-interval} bounds the delay when such a record is lost. No thread waits
 * ({@link #readWhenSettled}).
 *
 * <p>An execution this instance submitted ({@link #markBeforeSubmitting}, {@link #submitted}) is not read before the
 * wait unless the lifecycle reader may have read a decisive change of it since the submission
 * ({@link ExecutionSignals#mayHaveChangedDecisivelySince}): its reply showed it undecided, and any later decisive
 * change either was read and remembered or will reach the watch. So a client that creates and then waits costs one
 * read, after the record — or none, when that record carries the outcome and the caller may read it
 * ({@link CarriedOutcome#readableBy}).
 */
@Singleton
public class SettledOutcomes {
    /** Longest wait a request may ask for: below the 60 s idle timeout common in proxies and load balancers. */
    public static final int MAX_WAIT_MS = 45_000;

    private static final int REMEMBERED_SUBMISSIONS = 4096;

    private final ExecutionSignals signals;
    private final Duration pollInterval;
    private final Clock clock;
    private final SubmittedHere submittedHere = new SubmittedHere(REMEMBERED_SUBMISSIONS);
    private final AtomicInteger waitingPlaces;
    private final Vertx vertx;
    private final long retryAfterSeconds;

    SettledOutcomes(ExecutionSignals signals, FrontendConfig config, Clock clock, Vertx vertx) {
        this.signals = signals;
        this.vertx = vertx;
        this.pollInterval = config.mcp().syncPollInterval();
        this.clock = clock;
        this.waitingPlaces = new AtomicInteger(config.waitingReads());
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /** To take before sending a submission whose execution may be waited for here: see {@link #submitted}. */
    public long markBeforeSubmitting() {
        return signals.decisiveMark();
    }

    /** Notes an execution this instance submitted, with its reply's state and the mark taken before sending. */
    public void submitted(UUID executionId, ExecutionStatus replied, long mark) {
        if (!ExecutionSignals.isDecisive(replied)) {
            submittedHere.note(executionId, mark);
        }
    }

    /**
     * The outcome {@code read} returns once it shows the execution settled, or the last one read when {@code waitMs}
     * has passed first, holding no thread while it waits ({@link SettlingRead}). An outcome the execution's terminal
     * lifecycle record carried takes the place of a read when {@code caller} may read it; {@code read}'s exceptions
     * fail the answer. The first read, when one is needed,
     * runs on the calling thread and throws there; the later ones run on Vert.x's worker pool. At most {@code taskgate.frontend.waiting-reads} such reads wait at once on this instance;
     * one more is refused with 503 {@code unavailable} and {@code Retry-After}, before any read. {@code waitMs}
     * must be positive.
     */
    public CompletableFuture<ExecutionOutcome> readWhenSettled(
            UUID executionId, Caller caller, Supplier<ExecutionOutcome> read, long waitMs) {
        if (waitMs <= 0) {
            throw new IllegalArgumentException("waitMs must be positive: " + waitMs);
        }
        if (waitingPlaces.getAndUpdate(free -> free > 0 ? free - 1 : 0) == 0) {
            throw Problems.unavailable(
                    "Too many reads wait on this server; retry, or read without wait_ms.", retryAfterSeconds);
        }
        SettlingRead wait = new SettlingRead(
                executionId,
                caller,
                read,
                vertx,
                clock,
                waitMs,
                pollInterval.toNanos(),
                waitingPlaces::incrementAndGet);
        OptionalLong mark = submittedHere.markOf(executionId);
        // undecided when submitted here, and no decisive change read since: no read before the wait
        boolean readFirst = mark.isEmpty() || signals.mayHaveChangedDecisivelySince(executionId, mark.getAsLong());
        return wait.start(signals, readFirst);
    }

    static boolean settled(ExecutionOutcome outcome) {
        return ExecutionSignals.isDecisive(outcome.execution().status());
    }
}
