package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.ShortLimitsProfile;
import dev.taskgate.worker.pool.ChildPool;

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
@TestProfile(ShortLimitsProfile.class)
class StopIgnoredByChildTest {
    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @Inject
    ChildPool pool;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void aChildThatDoesNotStopWithinTheGraceIsKilledAndTheRunReportedStopped() throws Exception {
        awaitControlConsumerLive(kafka, runner);
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.sleep", "{\"seconds\":60}"));
            Started started = awaitEvent(events, Started.class, id);
            awaitEvent(events, Progress.class, id);
            // A frozen child cannot read its stop line: the same as an operation that never reaches a safe point.
            Process freeze = new ProcessBuilder("kill", "-STOP", Long.toString(started.childPid())).start();
            assertThat(freeze.waitFor()).isZero();

            stop(kafka, id, 1);

            Stopped stopped = awaitEvent(events, Stopped.class, id);
            assertThat(stopped.message()).contains("did not stop within 1s").contains("killed");
            assertThat(eventsFor(events, id, Duration.ofMillis(500)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.CHILD_DIED, WorkerEvent.Kind.FINISHED);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> ProcessHandle.of(started.childPid())
                            .map(p -> !p.isAlive())
                            .orElse(true));
            await().atMost(Duration.ofSeconds(60)).until(() -> pool.readyChildren() == pool.size());
        }
    }
}
