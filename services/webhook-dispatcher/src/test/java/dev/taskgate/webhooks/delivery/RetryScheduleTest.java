package dev.taskgate.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The retry schedule (delays, jitter, exhaustion) and the classification of receiver answers. */
class RetryScheduleTest {
    private static final Instant T0 = Instant.parse("2026-08-01T09:00:00Z");
    private static final List<Duration> DEFAULT = List.of(
            Duration.ZERO,
            Duration.ofSeconds(5),
            Duration.ofMinutes(5),
            Duration.ofMinutes(30),
            Duration.ofHours(2),
            Duration.ofHours(5),
            Duration.ofHours(10),
            Duration.ofHours(10));

    @Test
    void followsTheScheduleWithoutJitterAndStopsAfterTheLastAttempt() {
        RetrySchedule schedule = new RetrySchedule(DEFAULT, 0);
        assertThat(schedule.maxAttempts()).isEqualTo(8);
        assertThat(schedule.nextAttemptAt(1, T0, 0.99)).contains(T0.plusSeconds(5));
        assertThat(schedule.nextAttemptAt(2, T0, 0.5)).contains(T0.plus(Duration.ofMinutes(5)));
        assertThat(schedule.nextAttemptAt(7, T0, 0.5)).contains(T0.plus(Duration.ofHours(10)));
        assertThat(schedule.nextAttemptAt(8, T0, 0.5)).isEmpty();
    }

    @Test
    void aReceiversRetryAfterPostponesButNeverAddsOrAdvancesAnAttempt() {
        RetrySchedule schedule = new RetrySchedule(DEFAULT, 0);
        assertThat(schedule.nextAttemptAt(1, T0, 0.5, Duration.ofSeconds(90))).contains(T0.plusSeconds(90));
        assertThat(schedule.nextAttemptAt(2, T0, 0.5, Duration.ofSeconds(90))).contains(T0.plus(Duration.ofMinutes(5)));
        assertThat(schedule.nextAttemptAt(8, T0, 0.5, Duration.ofSeconds(90))).isEmpty();
    }

    @Test
    void aRetryAfterAnswerIsCappedAndOnlyDelaysRetries() {
        Duration cap = Duration.ofMinutes(10);
        ResponseClassifier classifier = new ResponseClassifier(false);
        assertThat(DeliveryDispatcher.Result.answered(new ReceiverAnswer(503, "120"), classifier, T0, cap)
                        .retryAfter())
                .isEqualTo(Duration.ofSeconds(120));
        assertThat(DeliveryDispatcher.Result.answered(new ReceiverAnswer(429, "86400"), classifier, T0, cap)
                        .retryAfter())
                .isEqualTo(cap);
        assertThat(DeliveryDispatcher.Result.answered(new ReceiverAnswer(500, null), classifier, T0, cap)
                        .retryAfter())
                .isZero();
    }

    @Test
    void jitterAddsUpToItsFractionOfTheDelay() {
        RetrySchedule schedule = new RetrySchedule(DEFAULT, 0.2);
        assertThat(schedule.nextAttemptAt(3, T0, 0.0)).contains(T0.plus(Duration.ofMinutes(30)));
        assertThat(schedule.nextAttemptAt(3, T0, 0.5)).contains(T0.plus(Duration.ofMinutes(33)));
        assertThat(schedule.nextAttemptAt(3, T0, 0.999).orElseThrow()).isBefore(T0.plus(Duration.ofMinutes(36)));
    }

    @Test
    void rejectsBadSchedules() {
        assertThatThrownBy(() -> new RetrySchedule(List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetrySchedule(List.of(Duration.ofSeconds(-1)), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetrySchedule(DEFAULT, 1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetrySchedule(DEFAULT, 0).nextAttemptAt(0, T0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "200,DELIVERED",
        "204,DELIVERED",
        "299,DELIVERED",
        "301,RETRY",
        "302,RETRY",
        "400,GIVE_UP",
        "401,GIVE_UP",
        "404,GIVE_UP",
        "408,RETRY",
        "410,GIVE_UP",
        "413,GIVE_UP",
        "429,RETRY",
        "500,RETRY",
        "502,RETRY",
        "503,RETRY",
        "504,RETRY",
        "100,RETRY"
    })
    void classifiesAnswersByDefault(int status, AttemptOutcome expected) {
        assertThat(new ResponseClassifier(false).classify(status)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"400,RETRY", "404,RETRY", "410,GIVE_UP", "200,DELIVERED", "500,RETRY"})
    void retriesClientErrorsWhenConfiguredButNeverGone(int status, AttemptOutcome expected) {
        assertThat(new ResponseClassifier(true).classify(status)).isEqualTo(expected);
    }

    @Test
    void onlyGoneDisablesAtOnce() {
        assertThat(ResponseClassifier.isGone(410)).isTrue();
        assertThat(ResponseClassifier.isGone(404)).isFalse();
        assertThat(ResponseClassifier.isGone(500)).isFalse();
    }
}
