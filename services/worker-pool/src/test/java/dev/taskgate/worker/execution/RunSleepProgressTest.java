package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.EVENT_TIMEOUT;
import static dev.taskgate.worker.WorkerTestRecords.PROGRESS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class RunSleepProgressTest {
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
    void sleepReportsStrictlyIncreasingProgressThenFinishes() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS);
                TopicWatcher progress = kafka.watch(PROGRESS)) {
            send(kafka, run(id, 1, "demo.sleep", "{\"seconds\":3}"));

            Finished finished = awaitEvent(events, Finished.class, id);

            assertThat(finished.result())
                    .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"slept 3 seconds\"}],\"isError\":false}");
            List<WorkerEvent> all = eventsFor(events, id, Duration.ofMillis(300));
            assertThat(all.get(0).kind()).isEqualTo(WorkerEvent.Kind.STARTED);
            assertThat(all.get(all.size() - 1).kind()).isEqualTo(WorkerEvent.Kind.FINISHED);
            List<Progress> reports = all.stream()
                    .filter(Progress.class::isInstance)
                    .map(Progress.class::cast)
                    .toList();
            assertThat(reports).extracting(Progress::progress).containsExactly(1.0, 2.0, 3.0);
            assertThat(reports).extracting(Progress::total).containsOnly(3.0);
            assertThat(reports.get(0).message()).isEqualTo("slept 1 of 3 seconds");
            Progress bestEffort =
                    progress.await(Progress.class, p -> p.executionId().equals(id), EVENT_TIMEOUT);
            assertThat(bestEffort.progress()).isEqualTo(1.0);
        }
    }
}
