package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitControlConsumerLive;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static dev.taskgate.worker.WorkerTestRecords.stop;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class StopRunningOperationTest {
    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @BeforeEach
    void controlConsumerIsLive() {
        awaitControlConsumerLive(kafka, runner);
    }

    @Test
    void stopWithTheSameEpochEndsTheRunAsStoppedQuickly() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 2, "demo.sleep", "{\"seconds\":30}"));
            awaitEvent(events, Progress.class, id);
            double busyWhileRunning = busyChildren();
            assertThat(busyWhileRunning)
                    .as("the child running demo.sleep is busy")
                    .isGreaterThanOrEqualTo(1);
            long stopAt = System.nanoTime();

            stop(kafka, id, 2);

            Stopped stopped = awaitEvent(events, Stopped.class, id);
            assertThat(Duration.ofNanos(System.nanoTime() - stopAt)).isLessThan(Duration.ofSeconds(10));
            assertThat(stopped.epoch()).isEqualTo(2);
            assertThat(stopped.message()).matches("stopped after \\d+ of 30 seconds");
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.FINISHED, WorkerEvent.Kind.CHILD_DIED)
                    .containsOnlyOnce(WorkerEvent.Kind.STOPPED);
            await().atMost(Duration.ofSeconds(10)).until(() -> busyChildren() < busyWhileRunning);
        }
    }

    private double busyChildren() {
        return registry.get("taskgate.worker.children.busy").gauge().value();
    }

    @Test
    void stopForAnotherEpochIsIgnored() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 5, "demo.sleep", "{\"seconds\":2}"));
            awaitEvent(events, Started.class, id);

            stop(kafka, id, 4);

            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result()).contains("slept 2 seconds");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.STOPPED);
        }
    }
}
