package dev.taskgate.worker.metrics;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.worker.report.FailureCode;

import static org.assertj.core.api.Assertions.assertThat;

class UpstreamCallMetersTest {
    private static final UUID EXECUTION = UUID.randomUUID();

    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final UpstreamCallMeters meters = new UpstreamCallMeters(registry);

    @Test
    void eachTerminalReportCountsOnceUnderItsUpstreamAndOutcome() {
        end("crm", new Finished(UUID.randomUUID(), Instant.now(), EXECUTION, 1, "w", "{}"));
        end("crm", failed(FailureCode.UPSTREAM_FAILED));
        end("crm", failed(FailureCode.UPSTREAM_UNAVAILABLE));
        end("crm", failed(FailureCode.OPERATION_ERROR));
        end("docs", new Stopped(UUID.randomUUID(), Instant.now(), EXECUTION, 1, "w", "stopped"));
        end("docs", new ChildDied(UUID.randomUUID(), Instant.now(), EXECUTION, 1, "w", 7L, 137));

        assertThat(count("crm", "ok")).isEqualTo(1);
        assertThat(count("crm", "error")).isEqualTo(1);
        assertThat(count("crm", "unavailable")).isEqualTo(1);
        assertThat(count("crm", "failed")).isEqualTo(1);
        assertThat(count("docs", "stopped")).isEqualTo(1);
        assertThat(count("docs", "child_died")).isEqualTo(1);
        assertThat(registry.get(UpstreamCallMeters.CALLS).timers()).hasSize(6);
    }

    private void end(String upstream, WorkerEvent terminal) {
        meters.started(upstream).ended(terminal);
    }

    private static Failed failed(FailureCode code) {
        return new Failed(UUID.randomUUID(), Instant.now(), EXECUTION, 1, "w", code.wireValue(), "m");
    }

    private long count(String upstream, String outcome) {
        return registry.get(UpstreamCallMeters.CALLS)
                .tag("upstream", upstream)
                .tag("outcome", outcome)
                .timer()
                .count();
    }
}
