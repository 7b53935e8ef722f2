package dev.taskgate.worker.report;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.serviceauth.RecordVerifier;
import dev.taskgate.testsupport.DevServiceKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.EVENT_TIMEOUT;
import static dev.taskgate.worker.WorkerTestRecords.HEARTBEATS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Every worker event and heartbeat worker-pool sends carries a record signature that job-control's verifier
 * accepts as worker-pool's (the development key of the test profile), for the full topic name it was sent to.
 */
@QuarkusTest
class ReportSignatureTest {
    private static final RecordVerifier VERIFIER = DevServiceKeys.recordVerifier();
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
    void everyWorkerEventOfARunIsSignedByWorkerPool() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.echo", "{\"a\":1}"));
            awaitEvent(events, Finished.class, id);

            List<ConsumerRecord<String, byte[]>> records = events.drain(Duration.ZERO).stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .toList();
            assertThat(records).hasSizeGreaterThanOrEqualTo(2); // Started, Finished
            records.forEach(ReportSignatureTest::assertSignedByWorkerPool);
        }
    }

    @Test
    void heartbeatsAreSignedByWorkerPool() {
        try (TopicWatcher heartbeats = kafka.watch(HEARTBEATS)) {
            heartbeats.await(WorkerHeartbeat.class, b -> true, EVENT_TIMEOUT);
            heartbeats.drain(Duration.ZERO).forEach(ReportSignatureTest::assertSignedByWorkerPool);
        }
    }

    private static void assertSignedByWorkerPool(ConsumerRecord<String, byte[]> r) {
        Header header = r.headers().lastHeader(RecordSignature.HEADER);
        assertThat(header)
                .as("signature of %s offset %d", r.topic(), r.offset())
                .isNotNull();
        assertThatCode(() -> VERIFIER.verify(
                        new String(header.value(), StandardCharsets.UTF_8),
                        KafkaTestClient.WORKER_POOL,
                        r.topic(),
                        r.key(),
                        r.value()))
                .doesNotThrowAnyException();
    }
}
