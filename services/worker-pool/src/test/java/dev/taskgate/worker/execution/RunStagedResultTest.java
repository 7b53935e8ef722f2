package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/** The result checkpoint in a real child: {@code ResultStaged} reaches the broker before {@code Finished}. */
@QuarkusTest
class RunStagedResultTest {
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
    void theStagedResultIsPublishedBeforeFinishedWithTheSameBytes() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 2, "demo.staged", "{\"hold_seconds\":0.2}"));

            Finished finished = awaitEvent(events, Finished.class, id);

            List<WorkerEvent> all = eventsFor(events, id, Duration.ofMillis(300)).stream()
                    .filter(e -> e.kind() != WorkerEvent.Kind.PROGRESS)
                    .toList();
            assertThat(all)
                    .extracting(WorkerEvent::kind)
                    .containsExactly(
                            WorkerEvent.Kind.STARTED, WorkerEvent.Kind.RESULT_STAGED, WorkerEvent.Kind.FINISHED);
            ResultStaged staged = (ResultStaged) all.get(1);
            assertThat(staged.epoch()).isEqualTo(2);
            assertThat(staged.result())
                    .isEqualTo(finished.result())
                    .startsWith("{\"content\":[{\"type\":\"text\"," + "\"text\":\"run ");
        }
    }

    @Test
    void anOperationThatDoesNotStageSendsNoCheckpoint() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.echo", "{}"));

            awaitEvent(events, Finished.class, id);

            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.RESULT_STAGED);
        }
    }
}
