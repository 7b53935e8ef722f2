package dev.taskgate.worker.execution;

import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/** Without {@code taskgate.conformance.enabled} the pack's fixtures are unknown operations, though compiled in. */
@QuarkusTest
class ConformancePackDisabledTest {
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
    void aFixtureToolIsRefusedAsUnknownOperation() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "test_simple_text", "{}"));

            Failed failed = awaitEvent(events, Failed.class, id);

            assertThat(failed.code()).isEqualTo("unknown_operation");
            assertThat(failed.message()).contains("test_simple_text");
        }
    }
}
