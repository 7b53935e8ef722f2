package dev.taskgate.worker.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/** Records the worker refuses before any child sees them. */
@QuarkusTest
class RunRefusedTest {
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    private Failed refused(UUID id, dev.taskgate.contracts.work.RunOperation record) {
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, record);
            Failed failed = awaitEvent(events, Failed.class, id);
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.FAILED);
            return failed;
        }
    }

    @Test
    void inputThatViolatesTheSchemaFailsWithInvalidInput() {
        UUID id = UUID.randomUUID();

        Failed failed = refused(id, run(id, 1, "demo.sleep", "{\"seconds\":-1,\"extra\":true}"));

        assertThat(failed.code()).isEqualTo("invalid_input");
        assertThat(failed.message())
                .startsWith("input does not match the schema of demo.sleep: ")
                .contains("seconds")
                .contains("extra");
    }

    @Test
    void anOperationOutsideTheCatalogFailsWithUnknownOperation() {
        UUID id = UUID.randomUUID();

        Failed failed = refused(id, run(id, 1, "demo.rm-rf", "{}"));

        assertThat(failed.code()).isEqualTo("unknown_operation");
        assertThat(failed.message()).contains("demo.rm-rf");
    }

    @Test
    void aPassedDeadlineFailsWithDeadlineExceeded() {
        UUID id = UUID.randomUUID();

        Failed failed = refused(id, run(id, 1, "demo.echo", "{}", Instant.now().minusSeconds(1)));

        assertThat(failed.code()).isEqualTo("deadline_exceeded");
        assertThat(failed.message()).contains("deadline");
    }
}
