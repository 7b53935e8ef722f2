package dev.taskgate.frontend.mcp.progress;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;

/**
 * The terminal lifecycle records this instance's lifecycle reader read in the last {@code recent-ends.window}, so
 * that a client polling an execution that just ended (REST {@code GET}, {@code tasks/get}) is answered from the
 * outcome the record carries instead of a read through job-control (docs/mcp-frontend.md "Polls of an execution that
 * just ended").
 *
 * <p>An end never changes, and a carried outcome is what job-control's read answered when the record was written; it
 * answers only a caller that read would answer ({@link CarriedOutcome#readableBy}: owner, workspace, retention,
 * visibility). One thing can change after the end: a same-key replay renews an MCP task's visibility, and with it the
 * task's {@code ttlMs}. A replay through this instance ({@link #renewed}) drops the execution's record and keeps it
 * from being kept again (for the last {@value #REMEMBERED_RENEWALS} replays); one through another instance shows
 * here at most one window late, the longest a record is kept.
 *
 * <p>Bounded by the window and by the records' bytes; a record is parsed, and its outcome opened, only when asked
 * for. Safe from any thread.
 */
@Singleton
public class RecentEnds {
    static final int REMEMBERED_RENEWALS = 4096;

    private final CarriedOutcomes outcomes;
    private final Clock clock;
    private final Duration window;
    private final long maxBytes;
    /** In the order read, so the oldest is first. */
    private final Map<UUID, End> ends = new LinkedHashMap<>();

    private final Map<UUID, Boolean> renewals = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Boolean> eldest) {
            return size() > REMEMBERED_RENEWALS;
        }
    };
    private long bytes;

    @Inject
    RecentEnds(CarriedOutcomes outcomes, Clock clock, FrontendConfig config) {
        this(outcomes, clock, config.recentEnds().window(), config.recentEnds().maxBytes());
    }

    /**
     * @throws IllegalArgumentException when {@code window} or {@code maxBytes} is negative; the message names the key
     */
    RecentEnds(CarriedOutcomes outcomes, Clock clock, Duration window, long maxBytes) {
        if (window.isNegative()) {
            throw new IllegalArgumentException(
                    "taskgate.frontend.recent-ends.window is " + window + "; it must not be negative");
        }
        if (maxBytes < 0) {
            throw new IllegalArgumentException(
                    "taskgate.frontend.recent-ends.max-bytes is " + maxBytes + "; it must not be negative");
        }
        this.outcomes = outcomes;
        this.clock = clock;
        this.window = window;
        this.maxBytes = maxBytes;
    }

    /** The lifecycle reader read a terminal record of this execution ({@code record}: its bytes, kept as they are). */
    synchronized void ended(UUID executionId, byte[] record) {
        if (window.isZero() || record.length > maxBytes || renewals.containsKey(executionId)) {
            return;
        }
        drop(executionId); // a record read again (redelivered) is kept from its second reading
        ends.put(executionId, new End(record, clock.instant()));
        bytes += record.length;
        expire(clock.instant());
    }

    /**
     * A same-key replay through this instance found the execution (and may have renewed its visibility): its record
     * is dropped and not kept again.
     */
    public synchronized void renewed(UUID executionId) {
        drop(executionId);
        renewals.put(executionId, Boolean.TRUE);
    }

    /**
     * The execution's outcome as job-control's read for {@code caller} would answer it, from the record of its end
     * read lately; otherwise {@code read}'s (whose exceptions pass through).
     */
    public ExecutionOutcome outcome(UUID executionId, Caller caller, Supplier<ExecutionOutcome> read) {
        return find(executionId, caller).orElseGet(read);
    }

    /** The outcome, when a record of the execution's end read lately carries one that {@code caller} may read. */
    public Optional<ExecutionOutcome> find(UUID executionId, Caller caller) {
        byte[] record;
        synchronized (this) {
            expire(clock.instant());
            End end = ends.get(executionId);
            if (end == null) {
                return Optional.empty();
            }
            record = end.record();
        }
        ExecutionChanged changed;
        try {
            changed = Wire.fromBytes(record, ExecutionChanged.class);
        } catch (Wire.MalformedRecordException e) {
            return Optional.empty();
        }
        if (!executionId.equals(changed.executionId())) {
            return Optional.empty();
        }
        CarriedOutcome carried = outcomes.open(changed);
        return carried == null ? Optional.empty() : carried.readableBy(caller, clock.instant());
    }

    private void expire(Instant now) {
        Iterator<End> oldestFirst = ends.values().iterator();
        while (oldestFirst.hasNext()) {
            End oldest = oldestFirst.next();
            if (bytes <= maxBytes && oldest.readAt().plus(window).isAfter(now)) {
                return;
            }
            oldestFirst.remove();
            bytes -= oldest.record().length;
        }
    }

    private void drop(UUID executionId) {
        End dropped = ends.remove(executionId);
        if (dropped != null) {
            bytes -= dropped.record().length;
        }
    }

    private record End(byte[] record, Instant readAt) {}
}
