package dev.taskgate.jobctl.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExecutionLifetimeTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Set<String> KNOWN = Set.of("demo.echo", "demo.sleep");

    private static ExecutionLifetime lifetime(Duration defaultDeadline, Map<String, Duration> overrides) {
        return new ExecutionLifetime(defaultDeadline, overrides, Duration.ofDays(7), KNOWN::contains);
    }

    @Test
    void deadlineIsTheDefaultUnlessTheOperationShortensIt() {
        ExecutionLifetime lifetime = lifetime(Duration.ofHours(24), Map.of("demo.sleep", Duration.ofHours(1)));

        assertThat(lifetime.deadline("demo.echo", T0)).isEqualTo(T0.plus(Duration.ofHours(24)));
        assertThat(lifetime.deadline("demo.sleep", T0)).isEqualTo(T0.plus(Duration.ofHours(1)));
    }

    @Test
    void retentionCountsFromTheDeadlineAtCreationAndFromTheTerminalTimeAfterwards() {
        ExecutionLifetime lifetime = lifetime(Duration.ofHours(24), Map.of());

        Instant deadline = lifetime.deadline("demo.echo", T0);
        assertThat(lifetime.retentionAtCreation(deadline)).isEqualTo(T0.plus(Duration.ofDays(8)));
        assertThat(lifetime.retentionAfterEnd(T0.plusSeconds(30)))
                .isEqualTo(T0.plusSeconds(30).plus(Duration.ofDays(7)));
    }

    @Test
    void aDefaultDeadlineOverTwentyFourHoursIsRefused() {
        assertThatThrownBy(() -> lifetime(Duration.ofHours(25), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jobctl.execution.default-deadline")
                .hasMessageContaining("maximum is PT24H");
        assertThatThrownBy(() -> lifetime(Duration.ZERO, Map.of()))
                .hasMessageContaining("jobctl.execution.default-deadline must be positive");
    }

    @Test
    void anOperationMayOnlyShortenTheDeadline() {
        assertThatThrownBy(() -> lifetime(Duration.ofHours(2), Map.of("demo.sleep", Duration.ofHours(3))))
                .hasMessageContaining("jobctl.operation-deadlines.\"demo.sleep\" is PT3H")
                .hasMessageContaining("may only shorten");
        assertThatThrownBy(() -> lifetime(Duration.ofHours(2), Map.of("demo.sleep", Duration.ofSeconds(-1))))
                .hasMessageContaining("jobctl.operation-deadlines.\"demo.sleep\" must be positive");
    }

    @Test
    void anOverrideForAnUnknownOperationIsRefused() {
        assertThatThrownBy(() -> lifetime(Duration.ofHours(2), Map.of("demo.slep", Duration.ofHours(1))))
                .hasMessageContaining(
                        "jobctl.operation-deadlines.\"demo.slep\" names an operation that is not " + "registered");
    }

    @Test
    void aRetentionThatIsNotPositiveIsRefused() {
        assertThatThrownBy(() -> new ExecutionLifetime(Duration.ofHours(1), Map.of(), Duration.ZERO, KNOWN::contains))
                .hasMessageContaining("jobctl.execution.retention-after-lifetime");
    }

    @Test
    void anExecutionIsVisibleUntilRetentionEndsOrItIsPurged() {
        Instant retention = T0.plus(Duration.ofDays(8));
        Execution live = execution(retention, null);

        assertThat(live.isVisibleAt(retention.minusMillis(1))).isTrue();
        assertThat(live.isVisibleAt(retention)).isFalse();
        assertThat(execution(retention, T0).isVisibleAt(T0)).isFalse();
    }

    private static Execution execution(Instant retention, Instant purgedAt) {
        return new Execution(
                java.util.UUID.randomUUID(),
                "p",
                "o/p",
                "o",
                "p",
                Surface.REST,
                "demo.echo",
                "1",
                ExecutionStatus.COMPLETED,
                1,
                1,
                null,
                null,
                null,
                null,
                null,
                null,
                T0,
                T0,
                T0.plusSeconds(3600),
                retention,
                false,
                purgedAt);
    }
}
