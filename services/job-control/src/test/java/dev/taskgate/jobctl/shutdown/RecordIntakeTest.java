package dev.taskgate.jobctl.shutdown;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RecordIntakeTest {
    private final RecordIntake intake = new RecordIntake();

    @Test
    void onceClosedNoRecordIsAdmittedAndEachRefusalIsCounted() {
        assertThat(intake.admit()).isTrue();
        intake.done();

        intake.close();

        assertThat(intake.admit()).isFalse();
        assertThat(intake.admit()).isFalse();
        assertThat(intake.isClosed()).isTrue();
        assertThat(intake.refused()).isEqualTo(2);
        assertThat(intake.inHand()).isZero();
    }

    @Test
    void theStopWaitsForTheRecordsInHand() throws Exception {
        assertThat(intake.admit()).isTrue();
        intake.close();

        CompletableFuture<Boolean> idle = CompletableFuture.supplyAsync(() -> {
            try {
                return intake.awaitIdle(Duration.ofMinutes(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        assertThat(idle).as("a record is still in hand").isNotDone();

        intake.done();
        assertThat(idle.get()).isTrue();
    }

    @Test
    void aRecordThatOutlastsTheBoundIsLeftInHand() throws Exception {
        assertThat(intake.admit()).isTrue();
        intake.close();

        assertThat(intake.awaitIdle(Duration.ZERO)).isFalse();
        assertThat(intake.inHand()).isEqualTo(1);
    }

    @Test
    void withNothingInHandTheWaitEndsAtOnce() throws Exception {
        intake.close();
        assertThat(intake.awaitIdle(Duration.ofMinutes(1))).isTrue();
    }
}
