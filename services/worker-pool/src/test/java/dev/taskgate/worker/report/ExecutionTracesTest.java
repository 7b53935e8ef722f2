package dev.taskgate.worker.report;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.tracing.TraceContext;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionTracesTest {
    private static final TraceContext FIRST =
            new TraceContext("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00", null);
    private static final TraceContext SECOND =
            new TraceContext("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b8-00", null);

    private final ExecutionTraces traces = new ExecutionTraces();

    @Test
    void keepsTheLatestDispatchesTraceUntilForgotten() {
        UUID id = UUID.randomUUID();
        traces.remember(id, FIRST);
        traces.remember(id, SECOND);

        assertThat(traces.of(id)).contains(SECOND);
        traces.forget(id);
        assertThat(traces.of(id)).isEmpty();
    }

    @Test
    void forgetsTheOldestOnceFull() {
        UUID oldest = UUID.randomUUID();
        traces.remember(oldest, FIRST);
        for (int i = 0; i < ExecutionTraces.CAPACITY; i++) {
            traces.remember(UUID.randomUUID(), SECOND);
        }

        assertThat(traces.of(oldest)).isEmpty();
    }
}
