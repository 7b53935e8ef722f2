package dev.taskgate.worker.execution;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerHeartbeat.HeldExecution;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What heartbeats list while a run ends. Deterministic: one thread, and a clock whose every reading is a millisecond
 * after the previous one, so that "stamped after" is decided by the order of the calls alone.
 */
class HeldExecutionsTest {
    private static final ExecutionKey KEY = new ExecutionKey(UUID.randomUUID(), 4);
    private static final HeldExecution HELD = new HeldExecution(KEY.executionId(), KEY.epoch());

    private final AtomicLong millis = new AtomicLong();
    private final HeldExecutions held = new HeldExecutions();
    private final ExecutionRun run = new ExecutionRun(KEY, "demo.sleep");

    /** A heartbeat as {@code HeartbeatPublisher} takes it: stamped first, then the list. */
    private record Beat(Instant at, List<HeldExecution> held) {}

    private Instant tick() {
        return Instant.ofEpochMilli(millis.incrementAndGet());
    }

    private Beat beat() {
        Instant at = tick();
        return new Beat(at, held.snapshot());
    }

    @Test
    void aHeartbeatStampedAfterTheTerminalEventDoesNotListTheRunThoughItIsStillHeld() {
        held.add(run);
        assertThat(beat().held()).containsExactly(HELD);

        List<Beat> after = new ArrayList<>();
        Finished finished = run.finish(() -> {
                    Finished stamped =
                            new Finished(UUID.randomUUID(), tick(), KEY.executionId(), KEY.epoch(), "w-1", "{}");
                    // a heartbeat on another thread right after the stamp, the terminal event not yet returned
                    after.add(beat());
                    return stamped;
                })
                .orElseThrow();
        // the terminal event is on its way to the broker: the run is still held (signals reach it, the child is not
        // reused) until the broker acknowledged it
        after.add(beat());
        assertThat(held.isHeld(KEY)).isTrue();

        assertThat(after).allSatisfy(beat -> {
            assertThat(beat.at()).isAfter(finished.occurredAt());
            assertThat(beat.held()).doesNotContain(HELD);
        });

        held.remove(run);
        assertThat(held.isHeld(KEY)).isFalse();
        assertThat(beat().held()).isEmpty();
    }

    @Test
    void aTerminalReportIsBuiltOnceAndNotAtAllWhenAlreadyClaimed() {
        held.add(run);
        List<String> built = new ArrayList<>();

        assertThat(run.finish(() -> built.add("first"))).contains(true);
        assertThat(run.finish(() -> built.add("second"))).isEmpty();

        assertThat(built).containsExactly("first");
    }

    @Test
    void heartbeatsListTheRunsStillRunningInAStableOrder() {
        ExecutionRun later = new ExecutionRun(new ExecutionKey(KEY.executionId(), 5), "demo.sleep");
        ExecutionRun ending = new ExecutionRun(new ExecutionKey(UUID.randomUUID(), 1), "demo.sleep");
        held.add(later);
        held.add(ending);
        held.add(run);
        ending.finish();

        assertThat(held.snapshot()).containsExactly(HELD, new HeldExecution(KEY.executionId(), 5));
    }
}
