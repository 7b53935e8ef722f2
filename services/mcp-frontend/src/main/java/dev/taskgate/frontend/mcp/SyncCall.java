package dev.taskgate.frontend.mcp;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.mcp.McpException.Disposition;
import dev.taskgate.frontend.mcp.progress.CarriedOutcome;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.problem.ProblemException;

/**
 * A synchronous {@code tools/call} whose execution job-control accepted and that now waits for its end. A
 * transport pulls {@link Step}s with {@link #next()}: {@code notifications/progress} when the request carried a
 * {@code progressToken} (strictly increasing {@code progress}, at most one per progress interval, the newest
 * report winning), {@code notifications/message} for the operation's log messages at or above the level the caller
 * asked for ({@link #forwardLogs}), a heartbeat tick after a silent heartbeat interval, and finally the result.
 * Error outcomes are thrown as {@link McpException}. Log messages that arrived before the end go out before it, and
 * so does the progress job-control recorded before the end ({@link #dueAfterEnd}). A transport that must not hold
 * a thread while it waits {@linkplain #poll() polls} instead, when a signal {@linkplain #onArrival arrives} or at
 * {@link #wakeAt()}.
 *
 * <p>The outcome is read from job-control when a lifecycle record says the execution reached a terminal state
 * (or {@code input_required}), right after the watch was opened only when {@code readNow} (the reply or a record
 * read before the watch was open already told of such a state: {@link SyncCalls#open}), and every sync poll interval
 * as a fallback. A record of the end that carries the outcome for this caller ({@link CarriedOutcome#readableBy})
 * takes the place of that read. A call whose execution is still not terminal at its handoff time (the tool's handoff policy,
 * {@link #handOffAfter}, at the latest the sync timeout) ends with the handoff answer, the execution's handle: the
 * work continues and the caller follows it there. When the caller goes away (stream closed, stdio
 * {@code notifications/cancelled}), the execution is cancelled: nobody could learn its outcome any more. Not
 * thread-safe: one transport thread at a time drives it (handing it on with a happens-before); only
 * {@link #callerGone()} may be called from elsewhere.
 */
public final class SyncCall implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(SyncCall.class);
    private static final int MAX_QUEUED_LOGS = 256;

    /** What {@link #next()} produced. */
    public enum Kind {
        /** A {@code notifications/progress} message in {@link Step#message()}. */
        PROGRESS,
        /** Nothing was sent for a heartbeat interval (an SSE stream sends a comment line). */
        HEARTBEAT,
        /** The final result in {@link Step#result()}. */
        RESULT,
        /** A {@code notifications/message} (a log message of the operation) in {@link Step#message()}. */
        LOG,
        /**
         * The execution waits for input it has not reported yet: {@link Step#message()} maps each new request key
         * to its MCP {@code InputRequest}. Only after {@link #reportInputRequests()}.
         */
        INPUT
    }

    /**
     * One step of a call.
     *
     * @param kind    what it is
     * @param message the notification ({@link Kind#PROGRESS})
     * @param result  the result ({@link Kind#RESULT})
     */
    public record Step(Kind kind, ObjectNode message, McpResult result) {}

    private final AuthenticatedCaller caller;
    private final UUID executionId;
    private final ExecutionWatch watch;
    private final ExecutionQueries queries;
    private final ExecutionCommands commands;
    private final SyncCalls.Timing timing;
    private final Clock clock;
    private final Function<String, McpResult> render;
    private final LongFunction<McpResult> handoff;
    private final long start;
    private final AtomicBoolean abandoned = new AtomicBoolean();
    private boolean queryDue;
    /** The outcome the lifecycle record of the end carried, until {@link #outcome()} takes it. */
    private CarriedOutcome carried;

    private long nextPoll;
    private long lastSent;
    private final ProgressNotifications progress;
    private LogLevel logMinimum;
    private final Deque<ObjectNode> logs = new ArrayDeque<>();
    private Step end;
    private McpException endError;
    private long handoffAt;
    private boolean reportInput;
    private final Set<String> inputReported = new HashSet<>();
    private ExecutionSnapshot latest;
    /** Until when the end waits for missing progress reports ({@link #dueAfterEnd}); once set. */
    private Long finalProgressUntil;
    /** When the next step falls due without a signal, as {@link #due} last computed it. */
    private long wakeAt;

    /**
     * A call whose stored result is put on the wire by {@code render} (each protocol generation its own way) and
     * that answers {@code handoff}'s answer (given the milliseconds waited) at its handoff time; {@code readNow}:
     * read the outcome at once rather than on the first signal or poll.
     */
    SyncCall(
            AuthenticatedCaller caller,
            UUID executionId,
            JsonNode progressToken,
            ExecutionWatch watch,
            boolean readNow,
            ExecutionQueries queries,
            ExecutionCommands commands,
            SyncCalls.Timing timing,
            Clock clock,
            Function<String, McpResult> render,
            LongFunction<McpResult> handoff) {
        this.render = render;
        this.handoff = handoff;
        this.caller = caller;
        this.executionId = executionId;
        this.progress = new ProgressNotifications(progressToken, timing.progressInterval(), null);
        this.watch = watch;
        if (progressToken != null) {
            watch.carryMessages(); // this call's answer carries the progress: the listen streams here leave it out
        }
        this.queries = queries;
        this.commands = commands;
        this.timing = timing;
        this.clock = clock;
        long now = System.nanoTime();
        this.start = now;
        this.handoffAt = now + timing.timeout().toNanos();
        this.queryDue = readNow;
        this.nextPoll = now + timing.poll().toNanos();
        this.lastSent = now;
    }

    /**
     * Hands off once the call has waited {@code after} (the tool's handoff policy) instead of at the sync timeout;
     * an {@code after} beyond the timeout changes nothing.
     */
    public void handOffAfter(Duration after) {
        if (after.compareTo(timing.timeout()) < 0) {
            this.handoffAt = start + after.toNanos();
        }
    }

    /**
     * Makes {@link #next()} also return {@link Kind#INPUT} steps, once per request key, so that a transport can ask
     * the caller (2025-era server-to-client requests). Without it an {@code input_required} execution just waits.
     */
    public void reportInputRequests() {
        this.reportInput = true;
    }

    /**
     * Makes {@link #next()} also return {@link Kind#LOG} steps for the operation's log messages of {@code minimum}
     * or above (MCP {@code logging/setLevel}, or 2026-07-28's per-request {@code logLevel}); {@code null}: none.
     */
    public void forwardLogs(LogLevel minimum) {
        this.logMinimum = minimum;
        if (minimum != null) {
            watch.carryMessages();
        }
    }

    /** The execution this call waits for. */
    public UUID executionId() {
        return executionId;
    }

    /** The next step. Blocking. Throws {@link McpException} for a failed, cancelled or timed-out execution. */
    public Step next() {
        while (true) {
            Step step = poll();
            if (step != null) {
                return step;
            }
            awaitSignal(wakeAt - System.nanoTime());
        }
    }

    /**
     * The next step if one is due now, else {@code null}: then nothing is due before {@link #wakeAt()} unless a
     * signal arrives ({@link #onArrival}). Never waits for a signal, but may read the outcome from job-control
     * (blocking, briefly). Throws as {@link #next()} does. For a transport that waits without a thread.
     */
    public Step poll() {
        while (true) {
            Step step = due(System.nanoTime());
            if (step != null) {
                return step;
            }
            ExecutionSignal signal = watch.poll();
            if (signal == null) {
                return null;
            }
            onSignal(signal);
        }
    }

    /** When the next step falls due without a signal ({@link System#nanoTime()}); valid after {@link #poll()} gave none. */
    public long wakeAt() {
        return wakeAt;
    }

    /**
     * Runs {@code wake} (on the thread that delivers it: hand it on, never block) whenever a signal arrives for this
     * call, the caller's departure included; a signal that came before is found by the next {@link #poll()}.
     */
    public void onArrival(Runnable wake) {
        watch.onArrival(wake);
    }

    // The step due at now, or null with wakeAt set to when one falls due without a signal.
    private Step due(long now) {
        while (true) {
            if (!logs.isEmpty()) {
                lastSent = now;
                return new Step(Kind.LOG, logs.poll(), null);
            }
            if (end != null || endError != null) {
                return dueAfterEnd(now);
            }
            if (queryDue || now - nextPoll >= 0) {
                queryDue = false;
                nextPoll = now + timing.poll().toNanos();
                if (endIfKnown(null)) {
                    now = System.nanoTime();
                    continue;
                }
                ObjectNode asked = newInputRequests();
                if (asked != null) {
                    return new Step(Kind.INPUT, asked, null);
                }
                now = System.nanoTime();
            }
            if (now - handoffAt >= 0) {
                long waitedMs = Duration.ofNanos(handoffAt - start).toMillis();
                endIfKnown(() -> handoff.apply(waitedMs));
                continue;
            }
            long progressDue = progress.hasPending() ? progress.dueAt(now) : Long.MAX_VALUE;
            if (progress.hasPending() && now - progressDue >= 0) {
                lastSent = now;
                return new Step(Kind.PROGRESS, progress.take(now), null);
            }
            long heartbeatDue = lastSent + timing.heartbeat().toNanos();
            if (now - heartbeatDue >= 0) {
                lastSent = now;
                return new Step(Kind.HEARTBEAT, null, null);
            }
            wakeAt = earliest(handoffAt, nextPoll, heartbeatDue, progressDue);
            return null;
        }
    }

    /**
     * Once the end is known: the progress job-control recorded before the end goes out first, so that the caller's
     * last notification is where the operation got to. The end can be read before the reports that preceded it
     * (they travel on the progress topic, the end on the lifecycle topic), so this waits for them up to
     * {@code final-progress-wait}, sending each as the progress interval allows, and then sends the recorded value
     * itself if its report is still missing. A report waiting for its interval goes out at once. Then the end.
     * {@code null} while it waits (until {@code wakeAt}, or a signal).
     */
    private Step dueAfterEnd(long now) {
        Double recorded = latest != null && latest.status().isTerminal() ? latest.progress() : null;
        boolean behind = recorded != null && !progress.covers(recorded);
        if (behind && finalProgressUntil == null) {
            finalProgressUntil = now + timing.finalProgressWait().toNanos();
        }
        if (behind && now - finalProgressUntil >= 0) {
            progress.offer(recorded, latest.total(), null);
            behind = false;
        }
        if (progress.hasPending() && (!behind || now - progress.dueAt(now) >= 0)) {
            lastSent = now;
            return new Step(Kind.PROGRESS, progress.take(now), null);
        }
        if (!behind) {
            return endNow();
        }
        wakeAt = progress.hasPending() ? earliest(progress.dueAt(now), finalProgressUntil) : finalProgressUntil;
        return null;
    }

    private void awaitSignal(long nanos) {
        ExecutionSignal signal;
        try {
            signal = watch.poll(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandon("synchronous MCP call interrupted");
            throw McpErrors.internal("The call was interrupted; its execution was cancelled.", null);
        }
        if (signal != null) {
            onSignal(signal);
        }
    }

    /** Waits for the result, ignoring progress. Blocking. */
    public McpResult await() {
        while (true) {
            Step step = next();
            if (step.kind() == Kind.RESULT) {
                return step.result();
            }
        }
    }

    /** The caller went away: the waiting thread cancels the execution and ends the call. Any thread. */
    public void callerGone() {
        watch.callerGone();
    }

    /**
     * Cancels the execution through job-control unless that was done already, e.g. when writing to the caller
     * failed. Blocking.
     */
    public void abandon(String reason) {
        if (!abandoned.compareAndSet(false, true)) {
            return;
        }
        try {
            commands.cancel(caller, executionId, reason);
        } catch (RuntimeException e) {
            LOG.warnf(
                    "could not cancel an abandoned synchronous execution executionId=%s reason=%s",
                    executionId, e.getMessage());
        }
    }

    /** Stops watching the execution. */
    @Override
    public void close() {
        watch.close();
    }

    /**
     * Reads the outcome; a terminal one (its result or its error), else {@code otherwise}'s answer when given, becomes
     * the end of the call, sent after the log messages already delivered. Whether the call now has an end.
     */
    private boolean endIfKnown(Supplier<McpResult> otherwise) {
        McpResult result;
        try {
            result = outcome();
        } catch (McpException e) {
            endAfterLogs(null, e);
            return true;
        }
        if (result == null && otherwise != null) {
            result = otherwise.get();
        }
        if (result == null) {
            return false;
        }
        endAfterLogs(new Step(Kind.RESULT, null, result), null);
        return true;
    }

    // The end is known: log messages already delivered to the watch still go out first, then the end.
    private void endAfterLogs(Step result, McpException error) {
        end = result;
        endError = error;
        ExecutionSignal signal;
        while ((signal = watch.poll()) != null) {
            if (signal.kind() == ExecutionSignal.Kind.LOG) {
                onSignal(signal);
            }
        }
    }

    private Step endNow() {
        if (endError != null) {
            McpException error = endError;
            endError = null;
            throw error;
        }
        Step result = end;
        end = null;
        return result;
    }

    private void onSignal(ExecutionSignal signal) {
        switch (signal.kind()) {
            case LOG:
                LogMessage log = signal.log();
                if (LogNotifications.wanted(log, logMinimum) && logs.size() < MAX_QUEUED_LOGS) {
                    logs.add(LogNotifications.of(log, null));
                }
                break;
            case PROGRESS:
                progress.offer(signal.progress());
                break;
            case CHANGED:
                if (signal.state() != null
                        && (signal.state().isTerminal()
                                || reportInput && signal.state() == ExecutionStatus.INPUT_REQUIRED)) {
                    queryDue = true;
                    carried = signal.outcome();
                }
                break;
            case CALLER_GONE:
                abandon("the caller of a synchronous MCP call went away");
                throw McpErrors.internal("The caller went away; the execution was cancelled.", null);
            default:
                throw new IllegalStateException("unknown signal " + signal.kind());
        }
    }

    private McpResult outcome() {
        ExecutionOutcome outcome = carried == null
                ? null
                : carried.readableBy(caller.caller(), clock.instant()).orElse(null);
        carried = null;
        if (outcome == null) {
            try {
                outcome = queries.outcome(executionId, caller.caller());
            } catch (ProblemException e) {
                throw McpProblems.translate(e);
            }
        }
        latest = outcome.execution();
        switch (outcome.execution().status()) {
            case COMPLETED:
                if (outcome.result() == null) {
                    throw new IllegalStateException("job-control reported a completed execution without a result");
                }
                return render.apply(outcome.result());
            case FAILED:
                throw new McpException(TaskView.failure(outcome), Disposition.ANSWERED);
            case CANCELLED:
                throw McpErrors.internal("The execution was cancelled before it finished.", null);
            default:
                return null;
        }
    }

    // The requests of the latest read that were not reported yet; null when there are none (or nobody asked).
    private ObjectNode newInputRequests() {
        if (!reportInput
                || latest == null
                || latest.status() != ExecutionStatus.INPUT_REQUIRED
                || latest.inputRequests() == null) {
            return null;
        }
        ObjectNode asked = JsonNodeFactory.instance.objectNode();
        latest.inputRequests().forEach((key, request) -> {
            if (inputReported.add(key)) {
                asked.set(key, request);
            }
        });
        return asked.isEmpty() ? null : asked;
    }

    private static long earliest(long... times) {
        long base = times[0];
        for (long t : times) {
            if (t - base < 0) {
                base = t;
            }
        }
        return base;
    }
}
