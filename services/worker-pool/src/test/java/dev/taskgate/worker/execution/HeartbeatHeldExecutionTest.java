package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.contracts.event.WorkerHeartbeat.HeldExecution;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.HEARTBEATS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class HeartbeatHeldExecutionTest {
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
    void heartbeatsListAnExecutionWhileItRunsAndNotAfter() {
        UUID id = UUID.randomUUID();
        HeldExecution held = new HeldExecution(id, 4);
        try (TopicWatcher events = kafka.watch(EVENTS);
                TopicWatcher beats = kafka.watch(HEARTBEATS)) {
            send(kafka, run(id, 4, "demo.sleep", "{\"seconds\":5}"));
            Started started = awaitEvent(events, Started.class, id);

            WorkerHeartbeat during = beats.await(
                    WorkerHeartbeat.class,
                    b -> b.workerId().equals(started.workerId()) && b.held().contains(held),
                    Duration.ofSeconds(30));
            assertThat(during.type()).isEqualTo(WorkerHeartbeat.TYPE);

            Finished finished = awaitEvent(events, Finished.class, id);
            WorkerHeartbeat after = beats.await(
                    WorkerHeartbeat.class,
                    b -> b.workerId().equals(started.workerId())
                            && b.occurredAt().isAfter(finished.occurredAt()),
                    Duration.ofSeconds(30));
            assertThat(after.held()).doesNotContain(held);
        }
    }
}
