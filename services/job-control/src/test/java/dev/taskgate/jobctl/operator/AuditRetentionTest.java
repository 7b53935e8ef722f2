package dev.taskgate.jobctl.operator;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.taskgate.jobctl.operator.audit.AuditRetention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AuditRetentionTest {

    @Test
    void theCutoffIsNowMinusTheRetention() {
        Instant now = Instant.parse("2026-03-01T10:00:00Z");

        assertThat(new AuditRetention(Duration.ofDays(400)).cutoff(now)).isEqualTo(now.minus(Duration.ofDays(400)));
    }

    @Test
    void refusesAZeroOrNegativeRetentionNamingTheKey() {
        assertThatThrownBy(() -> new AuditRetention(Duration.ZERO)).hasMessageContaining("jobctl.audit.retention");
        assertThatThrownBy(() -> new AuditRetention(Duration.ofDays(-1)))
                .hasMessageContaining("jobctl.audit.retention");
    }
}
