package dev.taskgate.worker.execution;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.event.Progress;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressThrottleTest {
    private final ProgressThrottle throttle = new ProgressThrottle(250);
    private final UUID executionId = UUID.randomUUID();

    @Test
    void theFirstReportAndOneAfterTheIntervalArePublishedAtOnce() {
        assertThat(throttle.offer(report(1), 1_000).publishNow()).isEqualTo(report(1));
        assertThat(throttle.offer(report(2), 1_250).publishNow()).isEqualTo(report(2));
        assertThat(throttle.offer(report(3), 2_000).publishNow()).isEqualTo(report(3));
    }

    @Test
    void aReportInsideTheIntervalIsHeldAndAsksForOneFlushAtTheIntervalEnd() {
        throttle.offer(report(1), 1_000);

        ProgressThrottle.Offer held = throttle.offer(report(2), 1_100);
        ProgressThrottle.Offer alsoHeld = throttle.offer(report(3), 1_200);

        assertThat(held.publishNow()).isNull();
        assertThat(held.flushInMillis()).isEqualTo(150);
        assertThat(alsoHeld.publishNow()).isNull();
        assertThat(alsoHeld.flushInMillis()).isEqualTo(ProgressThrottle.Offer.NO_FLUSH);
    }

    @Test
    void theFlushPublishesOnlyTheNewestHeldReport() {
        throttle.offer(report(1), 1_000);
        throttle.offer(report(2), 1_100);
        throttle.offer(report(3), 1_200);

        assertThat(throttle.takeHeld(1_250)).isEqualTo(report(3));
        assertThat(throttle.takeHeld(1_260)).isNull();
    }

    @Test
    void aFlushCountsAsAPublicationForTheNextInterval() {
        throttle.offer(report(1), 1_000);
        throttle.offer(report(2), 1_100);
        throttle.takeHeld(1_250);

        ProgressThrottle.Offer next = throttle.offer(report(3), 1_300);

        assertThat(next.publishNow()).isNull();
        assertThat(next.flushInMillis()).isEqualTo(200);
    }

    @Test
    void aReportPublishedAfterTheIntervalDropsTheOneHeldBeforeIt() {
        throttle.offer(report(1), 1_000);
        throttle.offer(report(2), 1_100);

        assertThat(throttle.offer(report(3), 1_400).publishNow()).isEqualTo(report(3));
        assertThat(throttle.takeHeld(1_401)).isNull();
    }

    private Progress report(double progress) {
        return new Progress(
                UUID.nameUUIDFromBytes(("m" + progress).getBytes()),
                Instant.EPOCH,
                executionId,
                1,
                "worker-1",
                progress,
                10.0,
                null);
    }
}
