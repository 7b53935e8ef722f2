package dev.taskgate.worker.report;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Wire;
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

/**
 * A clean shutdown ends with one heartbeat marked {@code leaving} that names what the instance gave up, and no
 * regular heartbeat after it. Its own profile (and so its own application): the shutdown step is driven directly.
 */
@QuarkusTest
@TestProfile(HeartbeatLeavingTest.FastHeartbeats.class)
class HeartbeatLeavingTest {
    private static KafkaTestClient kafka;

    @Inject
    HeartbeatPublisher publisher;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void aCleanShutdownSendsALastLeavingHeartbeatAndThenNoMore() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS);
                TopicWatcher beats = kafka.watch(HEARTBEATS)) {
            send(kafka, run(id, 3, "demo.sleep", "{\"seconds\":60}"));
            Started started = awaitEvent(events, Started.class, id);
            WorkerHeartbeat regular = beats.await(
                    WorkerHeartbeat.class,
                    b -> b.workerId().equals(started.workerId()) && b.held().contains(new HeldExecution(id, 3)),
                    Duration.ofSeconds(30));
            assertThat(regular.isLeaving()).isFalse();

            publisher.onShutdown(new ShutdownEvent());

            WorkerHeartbeat last = beats.await(
                    WorkerHeartbeat.class,
                    b -> b.workerId().equals(started.workerId()) && b.isLeaving(),
                    Duration.ofSeconds(30));
            assertThat(last.held()).contains(new HeldExecution(id, 3));
            // three intervals of silence: the scheduler keeps firing, but nothing is sent after leaving
            assertThat(beats.drain(Duration.ofSeconds(3)).stream()
                            .map(r -> Wire.fromBytes(r.value(), WorkerHeartbeat.class))
                            .filter(b -> b.workerId().equals(started.workerId())
                                    && b.occurredAt().isAfter(last.occurredAt())))
                    .isEmpty();
        }
    }

    /** Heartbeats every second, so that "no more heartbeats" is checked over several intervals quickly. */
    public static class FastHeartbeats implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("taskgate.worker.heartbeat-interval", "1s");
        }
    }
}
