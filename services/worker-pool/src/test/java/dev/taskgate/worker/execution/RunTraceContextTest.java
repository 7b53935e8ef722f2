package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.tracing.TraceContext;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.PROGRESS;
import static dev.taskgate.worker.WorkerTestRecords.WORK;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every event an execution reports, from the child's threads long after the work record was handled, continues the
 * trace of that record, in the span of its handling here.
 */
@QuarkusTest
class RunTraceContextTest {
    private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
    private static final String JOB_CONTROL_SPAN = "b7ad6b7169203331";

    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void everyEventOfTheExecutionCarriesTheWorkRecordsTraceOneSpanFurther() {
        UUID id = UUID.randomUUID();
        RunOperation work = run(id, 1, "demo.sleep", "{\"seconds\":2}");
        try (TopicWatcher events = kafka.watch(EVENTS);
                TopicWatcher progress = kafka.watch(PROGRESS)) {
            kafka.send(
                    WORK,
                    id.toString(),
                    work,
                    Map.of(TraceContext.TRACEPARENT, "00-" + TRACE + "-" + JOB_CONTROL_SPAN + "-01"));

            awaitEvent(events, Finished.class, id);

            List<TraceContext> traces = events.drain(Duration.ZERO).stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .map(r -> TraceContext.from(r.headers()).orElseThrow(() -> new AssertionError("no traceparent")))
                    .toList();
            assertThat(traces).hasSizeGreaterThanOrEqualTo(2);
            assertThat(traces)
                    .extracting(TraceContext::traceparent)
                    .containsOnly(traces.get(0).traceparent());
            assertThat(traces.get(0).traceId()).contains(TRACE);
            assertThat(traces.get(0).spanId()).isPresent().get().isNotEqualTo(JOB_CONTROL_SPAN);
            assertThat(progress.drain(Duration.ZERO).stream()
                            .filter(r -> id.toString().equals(r.key()))
                            .map(r -> TraceContext.from(r.headers()).map(TraceContext::traceparent)))
                    .as("progress for the frontends carries it too")
                    .allSatisfy(
                            trace -> assertThat(trace).contains(traces.get(0).traceparent()));
        }
    }
}
