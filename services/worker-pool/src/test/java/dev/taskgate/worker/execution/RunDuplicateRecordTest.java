package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class RunDuplicateRecordTest {
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
    void theSameExecutionAndEpochRunsOnceWhileHeldAndAfterItEnded() {
        UUID id = UUID.randomUUID();
        RunOperation record = run(id, 1, "demo.sleep", "{\"seconds\":1}");
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, record);
            send(kafka, record);
            awaitEvent(events, Finished.class, id);

            send(kafka, record);
            UUID marker = UUID.randomUUID();
            send(kafka, run(marker, 1, "demo.echo", "{}"));
            awaitEvent(events, Finished.class, marker);

            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.STARTED, WorkerEvent.Kind.PROGRESS, WorkerEvent.Kind.FINISHED);
        }
    }

    @Test
    void aNewEpochOfTheSameExecutionRunsAgain() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.echo", "{\"epoch\":1}"));
            awaitEvent(events, Finished.class, id);

            send(kafka, run(id, 2, "demo.echo", "{\"epoch\":2}"));

            WorkerEvent second = events.await(
                    WorkerEvent.class,
                    e -> e instanceof Finished && e.executionId().equals(id) && e.epoch() == 2,
                    Duration.ofSeconds(30));
            assertThat(((Finished) second).result()).contains("{\"epoch\":2}");
        }
    }
}
