package dev.taskgate.sweep;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;

import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

import io.smallrye.mutiny.Uni;

import static org.assertj.core.api.Assertions.assertThat;

class SweepLoopTest {
    private static final Logger LOG = Logger.getLogger(SweepLoopTest.class);
    private static final int BATCH = 3;

    @Test
    void passesRepeatWhileTheyFillTheBatch() {
        Passes passes = new Passes(List.of(3, 3, 1, 3));
        SweepLoop loop = new SweepLoop("Test sweep", LOG, passes::next, () -> BATCH);

        assertThat(loop.sweep(10).await().indefinitely()).isEqualTo(7);
        assertThat(passes.calls.get()).as("the short third pass ends the sweep").isEqualTo(3);
    }

    @Test
    void aTickStopsAfterItsPassLimitEvenWithMoreWaiting() {
        AtomicInteger calls = new AtomicInteger();
        SweepLoop loop = new SweepLoop(
                "Test sweep",
                LOG,
                () -> {
                    calls.incrementAndGet();
                    return Uni.createFrom().item(BATCH);
                },
                () -> BATCH);

        loop.tick().await().indefinitely();

        assertThat(calls.get()).isEqualTo(SweepLoop.MAX_PASSES_PER_TICK);
    }

    @Test
    void aFailingPassDoesNotFailTheTickAndTheNextTickSweepsAgain() {
        AtomicInteger calls = new AtomicInteger();
        SweepLoop loop = new SweepLoop(
                "Test sweep",
                LOG,
                () -> calls.incrementAndGet() == 1
                        ? Uni.createFrom().failure(new IllegalStateException("database away"))
                        : Uni.createFrom().item(1),
                () -> BATCH);

        loop.tick().await().indefinitely();
        loop.tick().await().indefinitely();

        assertThat(calls.get()).isEqualTo(2);
    }

    /** Answers the given row counts in turn. */
    private static final class Passes {
        final Queue<Integer> counts;
        final AtomicInteger calls = new AtomicInteger();

        Passes(List<Integer> counts) {
            this.counts = new ArrayDeque<>(counts);
        }

        Uni<Integer> next() {
            calls.incrementAndGet();
            return Uni.createFrom().item(counts.remove());
        }
    }
}
