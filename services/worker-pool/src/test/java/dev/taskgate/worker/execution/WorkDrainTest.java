package dev.taskgate.worker.execution;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The drain of a graceful stop: it waits for the held runs, at most the grace period, and flags the instance. */
class WorkDrainTest {
    private final HeldExecutions held = new HeldExecutions();

    @Test
    void theDrainEndsWhenTheLastRunIsNoLongerHeld() throws Exception {
        ExecutionRun run = new ExecutionRun(new ExecutionKey(UUID.randomUUID(), 1), "demo.sleep");
        held.add(run);
        WorkDrain drain = new WorkDrain(held, Duration.ofMinutes(5), Clock.systemUTC());
        assertThat(drain.isDraining()).isFalse();

        CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(drain::drain);
        await().atMost(Duration.ofSeconds(30)).until(drain::isDraining);
        assertThat(drained).as("a run is still held").isNotDone();

        held.remove(run);
        assertThat(drained.get()).isTrue();
        assertThat(drain.isDraining()).as("no run starts any more").isTrue();
    }

    @Test
    void aRunThatOutlastsTheGraceIsLeftToRecovery() {
        held.add(new ExecutionRun(new ExecutionKey(UUID.randomUUID(), 1), "demo.sleep"));
        WorkDrain drain = new WorkDrain(held, Duration.ZERO, Clock.systemUTC());

        assertThat(drain.drain()).isFalse();
        assertThat(drain.isDraining()).isTrue();
    }

    @Test
    void withNothingHeldTheDrainEndsAtOnce() {
        assertThat(new WorkDrain(held, Duration.ofMinutes(5), Clock.systemUTC()).drain())
                .isTrue();
    }
}
