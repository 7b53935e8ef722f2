package dev.taskgate.worker.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.JobControlDownProfile;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/** Loading an artifact while job-control cannot be reached: the operation gets a clear error, nothing is saved. */
@QuarkusTest
@TestProfile(JobControlDownProfile.class)
class RunReportJobControlDownTest {
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
    void anUnreachableJobControlFailsTheLoadClearly() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(
                    kafka,
                    new RunOperation(
                            UUID.randomUUID(),
                            Instant.now(),
                            id,
                            1,
                            1,
                            "demo.report",
                            "1",
                            json("{\"key\":\"report/latest\"}"),
                            Instant.now().plus(Duration.ofHours(1)),
                            null,
                            null,
                            "acme/demo"));

            Failed failed = awaitEvent(events, Failed.class, id);

            assertThat(failed.message())
                    .contains("the artifact could not be loaded")
                    .contains("job-control at http://127.0.0.1:1 cannot be reached");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.ARTIFACT_SAVED);
        }
    }
}
