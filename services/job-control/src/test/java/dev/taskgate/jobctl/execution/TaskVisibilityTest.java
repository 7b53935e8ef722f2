package dev.taskgate.jobctl.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TaskVisibilityTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant RETENTION = T0.plus(Duration.ofDays(8));
    private final TaskVisibility visibility = new TaskVisibility(Duration.ofHours(24));

    @Test
    void clampsTheRequestedTtlToOneMinuteThroughSevenDays() {
        assertThat(visibility.ttl(1L)).isEqualTo(Duration.ofMinutes(1));
        assertThat(visibility.ttl(-1L)).isEqualTo(Duration.ofMinutes(1));
        assertThat(visibility.ttl(90_000L)).isEqualTo(Duration.ofSeconds(90));
        assertThat(visibility.ttl(Long.MAX_VALUE)).isEqualTo(Duration.ofDays(7));
        assertThat(visibility.ttl(null)).isEqualTo(Duration.ofHours(24));
    }

    @Test
    void onlyMcpExecutionsHaveAVisibilityEnd() {
        assertThat(visibility.visibleUntil(Surface.REST, 60_000L, T0, RETENTION))
                .isNull();
        assertThat(visibility.visibleUntil(Surface.MCP_2026, 60_000L, T0, RETENTION))
                .isEqualTo(T0.plusSeconds(60));
        assertThat(visibility.visibleUntil(Surface.MCP_2025, null, T0, RETENTION))
                .isEqualTo(T0.plus(Duration.ofHours(24)));
        assertThat(visibility.visibleUntil(Surface.MCP_2025, null, T0, T0.plusSeconds(5)))
                .as("never past retention")
                .isEqualTo(T0.plusSeconds(5));
    }

    @Test
    void aRenewalCountsFromNowNeverShortensAndStopsAtRetention() {
        Execution task = execution(T0.plusSeconds(600));

        assertThat(visibility.renewed(task, 60_000L, T0.plus(Duration.ofHours(1))))
                .isEqualTo(T0.plus(Duration.ofHours(1)).plusSeconds(60));
        assertThat(visibility.renewed(task, 60_000L, T0)).as("never shorter").isEqualTo(T0.plusSeconds(600));
        assertThat(visibility.renewed(task, Duration.ofDays(7).toMillis(), T0.plus(Duration.ofDays(5))))
                .isEqualTo(RETENTION);
        assertThat(visibility.renewed(execution(null), 60_000L, T0)).isNull();
    }

    @Test
    void refusesADefaultOutsideTheRangeNamingTheKey() {
        assertThatThrownBy(() -> new TaskVisibility(Duration.ofSeconds(59)))
                .hasMessageContaining("jobctl.task-visibility.default-ttl");
        assertThatThrownBy(() -> new TaskVisibility(Duration.ofDays(7).plusSeconds(1)))
                .hasMessageContaining("jobctl.task-visibility.default-ttl");
        assertThat(new TaskVisibility(Duration.ofDays(7)).ttl(null)).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void aConfiguredShortestTtlRaisesShorterRequestsAndBoundsTheDefault() {
        TaskVisibility quick = new TaskVisibility(Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThat(quick.ttl(1_000L)).isEqualTo(Duration.ofSeconds(5));
        assertThat(quick.ttl(8_000L)).isEqualTo(Duration.ofSeconds(8));
        assertThatThrownBy(() -> new TaskVisibility(Duration.ofMillis(999), Duration.ofHours(1)))
                .hasMessageContaining("jobctl.task-visibility.min-ttl");
        assertThatThrownBy(() -> new TaskVisibility(Duration.ofMinutes(5), Duration.ofMinutes(4)))
                .hasMessageContaining("jobctl.task-visibility.default-ttl")
                .hasMessageContaining("PT5M");
    }

    private static Execution execution(Instant visibleUntil) {
        return new Execution(
                UUID.randomUUID(),
                "p",
                "w",
                "o",
                "proj",
                Surface.MCP_2026,
                "demo.echo",
                "1",
                ExecutionStatus.COMPLETED,
                1L,
                1,
                null,
                null,
                null,
                null,
                null,
                null,
                T0,
                T0,
                T0.plus(Duration.ofHours(24)),
                RETENTION,
                false,
                null,
                visibleUntil);
    }
}
