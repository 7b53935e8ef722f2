package dev.taskgate.worker.execution;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The parent opens the sealed input before the child sees it and seals the child's result before it publishes it
 * (docs/security.md "Payloads on Kafka"): the raw Finished record holds no plaintext of the result, opening it
 * gives the exact result, and the child that ran it holds no payload key, neither in its environment nor on its
 * command line.
 */
@QuarkusTest
class RunPayloadSealedTest {
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
    void theResultIsPublishedSealedAndTheChildHoldsNoPayloadKey() throws Exception {
        String marker = "wp-result-" + UUID.randomUUID();
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.echo", "{\"text\":\"" + marker + "\"}"));

            Started started = awaitEvent(events, Started.class, id);
            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result()).contains(marker);

            List<ConsumerRecord<String, byte[]>> raw = events.drainToEnd().stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .toList();
            ConsumerRecord<String, byte[]> finishedRecord = raw.stream()
                    .filter(r -> new String(
                                    r.headers().lastHeader("message-type").value(), StandardCharsets.UTF_8)
                            .equals("Finished"))
                    .findFirst()
                    .orElseThrow();
            String value = new String(finishedRecord.value(), StandardCharsets.UTF_8);
            assertThat(value).doesNotContain(marker).contains("\"ciphertext\"");
            assertThat(Wire.mapper()
                            .readTree(finishedRecord.value())
                            .at("/result/kid")
                            .asText())
                    .isEqualTo(keyId(DevPayloadKeys.PRIMARY));
            assertThat(Wire.fromBytes(DevPayloadKeys.opened(finishedRecord.value()), Finished.class)
                            .result())
                    .isEqualTo(finished.result());
            assertThat(raw)
                    .allSatisfy(r -> assertThat(new String(r.value(), StandardCharsets.UTF_8))
                            .doesNotContain(marker));

            // children are pooled: the one that ran the operation is still there to be inspected
            String environ = proc(started.childPid(), "environ");
            String cmdline = proc(started.childPid(), "cmdline");
            for (String entry : DevPayloadKeys.RING) {
                String material = entry.substring(entry.indexOf(':') + 1);
                assertThat(environ).doesNotContain(material);
                assertThat(cmdline).doesNotContain(material);
            }
            assertThat(environ).doesNotContain("PAYLOAD_KEYS");
            assertThat(cmdline).doesNotContain("payload-keys");
        }
    }

    private static String keyId(String entry) {
        return entry.substring(0, entry.indexOf(':'));
    }

    private static String proc(long pid, String file) throws Exception {
        return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), file)), StandardCharsets.ISO_8859_1);
    }
}
