package dev.taskgate.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeliveryRetentionTest {

    @Test
    void theCutoffIsTheRetentionBeforeNow() {
        Instant now = Instant.parse("2026-12-05T10:00:00Z");
        assertThat(new DeliveryRetention(Duration.ofDays(30)).cutoff(now)).isEqualTo("2026-11-05T10:00:00Z");
    }

    @Test
    void aSweepIntervalUnderOneMillisecondIsRefusedNamingTheKey() {
        assertThat(DeliveryRetentionSweeper.intervalMillis(Duration.ofMinutes(1)))
                .isEqualTo(60_000);
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofNanos(999_999), Duration.ofSeconds(-1)}) {
            assertThatThrownBy(() -> DeliveryRetentionSweeper.intervalMillis(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("taskgate.webhooks.sweep-interval");
        }
    }

    @Test
    void aRetentionThatIsNotPositiveIsRefusedNamingTheKey() {
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofSeconds(-1)}) {
            assertThatThrownBy(() -> new DeliveryRetention(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("taskgate.webhooks.delivery-retention");
        }
    }
}
