package dev.taskgate.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Reading {@code Retry-After}: delay-seconds and HTTP-dates; everything else is no hint. */
class RetryAfterTest {
    private static final Instant NOW = Instant.parse("2026-11-29T21:00:00Z");

    @ParameterizedTest
    @CsvSource({"0, 0", "120, 120", "' 7 ', 7", "'Sun, 29 Nov 2026 21:02:30 GMT', 150", "9999999999, 999999999"})
    void readsSecondsAndDates(String header, long seconds) {
        assertThat(RetryAfter.parse(header, NOW)).contains(Duration.ofSeconds(seconds));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"-5", "1.5", "soon", "Sun, 29 Nov 2026 20:59:00 GMT", "2026-11-29T21:05:00Z"})
    void ignoresAnythingElseAndDatesInThePast(String header) {
        assertThat(RetryAfter.parse(header, NOW)).isEmpty();
    }
}
