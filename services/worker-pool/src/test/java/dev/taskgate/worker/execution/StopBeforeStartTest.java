package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

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
class StopBeforeStartTest {
    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @Inject
    HeldExecutions held;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void aStopThatArrivesBeforeTheRecordEndsItAsStoppedWithoutRunning() {
        awaitControlConsumerLive(kafka, runner);
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            stop(kafka, id, 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> runner.isStopRemembered(new ExecutionKey(id, 1)));

            send(kafka, run(id, 1, "demo.sleep", "{\"seconds\":30}"));

            Stopped stopped = awaitEvent(events, Stopped.class, id);
            assertThat(stopped.message()).isEqualTo(DispatchRunner.STOPPED_BEFORE_START);
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.STOPPED);
        }
    }

    @Test
    void aStopForARecordWaitingForAChildEndsItAsStoppedWithoutRunning() {
        awaitControlConsumerLive(kafka, runner);
        UUID busy1 = UUID.randomUUID();
        UUID busy2 = UUID.randomUUID();
        UUID waiting = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(busy1, 1, "demo.sleep", "{\"seconds\":60}"));
            send(kafka, run(busy2, 1, "demo.sleep", "{\"seconds\":60}"));
            awaitEvent(events, Started.class, busy1);
            awaitEvent(events, Started.class, busy2);
            send(kafka, run(waiting, 1, "demo.echo", "{}"));
            await().atMost(Duration.ofSeconds(30)).until(() -> held.isHeld(new ExecutionKey(waiting, 1)));

            stop(kafka, waiting, 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> runner.isStopRemembered(new ExecutionKey(waiting, 1)));
            stop(kafka, busy1, 1);
            stop(kafka, busy2, 1);

            Stopped stopped = awaitEvent(events, Stopped.class, waiting);
            assertThat(stopped.message()).isEqualTo(DispatchRunner.STOPPED_BEFORE_START);
            awaitEvent(events, Stopped.class, busy1);
            awaitEvent(events, Stopped.class, busy2);
            assertThat(eventsFor(events, waiting, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.STOPPED);
        }
    }
}
