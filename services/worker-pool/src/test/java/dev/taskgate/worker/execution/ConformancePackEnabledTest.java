package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.ShortLimitsProfile;
import dev.taskgate.worker.child.ops.conformance.ContentFixtures;
import dev.taskgate.worker.child.ops.conformance.ProtocolErrorOperation;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.PROGRESS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/** With {@code taskgate.conformance.enabled=true} the pack's fixtures run in a child like any operation. */
@QuarkusTest
@TestProfile(ShortLimitsProfile.class)
class ConformancePackEnabledTest {
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
    void aFixtureToolFinishesWithItsExactResult() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "test_simple_text", "{}"));

            assertThat(awaitEvent(events, Finished.class, id).result()).isEqualTo(ContentFixtures.simpleText());
        }
    }

    @Test
    void aBurstOfProgressInsideOneIntervalStillDeliversItsLastReportBeforeTheResult() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            // reports 0, 50 and 100 about 50 ms apart: well inside the default 250 ms progress interval
            send(kafka, run(id, 1, "test_tool_with_progress", "{}"));

            awaitEvent(events, Finished.class, id);
            List<WorkerEvent> all = eventsFor(events, id, Duration.ofMillis(300));

            assertThat(all.get(all.size() - 1).kind()).isEqualTo(WorkerEvent.Kind.FINISHED);
            List<Double> reported = all.stream()
                    .filter(Progress.class::isInstance)
                    .map(Progress.class::cast)
                    .map(Progress::progress)
                    .toList();
            assertThat(reported).first().isEqualTo(0.0);
            assertThat(reported).last().isEqualTo(100.0);
            assertThat(reported).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void theLoggingFixturesMessagesGoToTheProgressTopicOnly() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS);
                TopicWatcher progress = kafka.watch(PROGRESS)) {
            send(kafka, run(id, 1, "test_tool_with_logging", "{}"));

            awaitEvent(events, Finished.class, id);
            List<LogMessage> logged = progress.drain(Duration.ofSeconds(2)).stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .map(r -> Wire.fromBytes(r.value(), LogMessage.class))
                    .toList();

            assertThat(logged).extracting(LogMessage::level).containsOnly(LogLevel.INFO);
            assertThat(logged)
                    .extracting(m -> m.data().asText())
                    .containsExactly("Tool execution started", "Tool processing data", "Tool execution completed");
            assertThat(logged).extracting(LogMessage::epoch).containsOnly(1L);
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.STARTED, WorkerEvent.Kind.FINISHED);
        }
    }

    @Test
    void theProtocolErrorFixtureFailsTheExecution() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "protocol_error_job", "{}"));

            Failed failed = awaitEvent(events, Failed.class, id);

            assertThat(failed.message()).contains(ProtocolErrorOperation.MESSAGE);
        }
    }

    @Test
    void inputOutsideAFixturesSchemaIsStillRefused() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "greet", "{\"name\":42}"));

            assertThat(awaitEvent(events, Failed.class, id).code()).isEqualTo("invalid_input");
        }
    }
}
