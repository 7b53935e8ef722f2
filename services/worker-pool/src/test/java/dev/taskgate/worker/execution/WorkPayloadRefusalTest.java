package dev.taskgate.worker.execution;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.work.InputProvided;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.CONTROL;
import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.WORK;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A work or control record whose payload cannot be opened (docs/security.md "Payloads on Kafka") is dead-lettered
 * with its reason and never run or applied — sealed under a key id the worker does not hold, altered, moved from
 * another execution, or not sealed at all — and the genuine record after them runs as usual.
 */
@QuarkusTest
class WorkPayloadRefusalTest {
    private static final String STRANGER_KEY =
            "stranger-1:" + Base64.getEncoder().encodeToString(new byte[32]);

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
    void aRunWhoseInputDoesNotOpenIsDeadLetteredAndNeverRuns() throws Exception {
        Map<UUID, byte[]> refused = new HashMap<>();
        UUID unknownKey = UUID.randomUUID();
        refused.put(
                unknownKey,
                DevPayloadKeys.recordPayloads(List.of(STRANGER_KEY))
                        .seal(Wire.toBytes(run(unknownKey, 1, "demo.echo", "{\"a\":1}"))));
        UUID altered = UUID.randomUUID();
        ObjectNode alteredRun = sealedTree(run(altered, 1, "demo.echo", "{\"a\":1}"));
        flipFirstCiphertextByte((ObjectNode) alteredRun.get("input"));
        refused.put(altered, Wire.toBytes(alteredRun));
        UUID moved = UUID.randomUUID();
        ObjectNode movedRun = sealedTree(run(moved, 1, "demo.echo", "{\"a\":1}"));
        movedRun.set(
                "input",
                sealedTree(run(UUID.randomUUID(), 1, "demo.echo", "{\"b\":2}")).get("input"));
        refused.put(moved, Wire.toBytes(movedRun));
        UUID plaintext = UUID.randomUUID();
        refused.put(plaintext, Wire.toBytes(run(plaintext, 1, "demo.echo", "{\"a\":1}")));
        UUID genuine = UUID.randomUUID();

        try (TopicWatcher dlq = kafka.watch(WORK + ".dlq");
                TopicWatcher events = kafka.watch(EVENTS)) {
            refused.forEach((id, value) -> kafka.sendRaw(WORK, id.toString(), value));
            send(kafka, run(genuine, 1, "demo.echo", "{\"after\":\"refusals\"}"));

            assertThat(awaitEvent(events, Finished.class, genuine).result()).contains("refusals");
            Map<String, String> reasons = awaitReasons(
                    dlq, refused.keySet().stream().map(UUID::toString).toList());
            assertThat(reasons.get(unknownKey.toString())).contains("key id 'stranger-1'", "not configured");
            assertThat(reasons.get(altered.toString())).contains("RunOperation.input", "authentication failed");
            assertThat(reasons.get(moved.toString())).contains("RunOperation.input", "authentication failed");
            assertThat(reasons.get(plaintext.toString())).contains("not a sealed envelope");
            // dead-lettered before anything was dispatched: no event of any of them
            assertThat(events.drainToEnd())
                    .extracting(ConsumerRecord::key)
                    .doesNotContainAnyElementsOf(
                            refused.keySet().stream().map(UUID::toString).toList());
        }
    }

    @Test
    void anInputProvidedWhoseResponseDoesNotOpenIsDeadLettered() throws Exception {
        UUID id = UUID.randomUUID();
        try (TopicWatcher dlq = kafka.watch(CONTROL + ".dlq")) {
            await().atMost(Duration.ofSeconds(60))
                    .pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofSeconds(2))
                    .until(() -> {
                        // resent until seen: the control group starts at the latest offset and may not be assigned
                        // yet
                        InputProvided provided = new InputProvided(
                                UUID.randomUUID(),
                                Instant.now(),
                                id,
                                1,
                                "confirm",
                                json("{\"action\":\"accept\",\"content\":{\"confirm\":true}}"));
                        ObjectNode tampered = (ObjectNode) Wire.mapper().readTree(kafka.seal(Wire.toBytes(provided)));
                        flipFirstCiphertextByte((ObjectNode) tampered.get("response"));
                        kafka.sendRaw(CONTROL, id.toString(), Wire.toBytes(tampered));
                        return dlq.drain(Duration.ofMillis(500)).stream()
                                .anyMatch(r -> id.toString().equals(r.key())
                                        && reason(r).contains("InputProvided.response")
                                        && reason(r).contains("authentication failed"));
                    });
        }
    }

    private static ObjectNode sealedTree(RunOperation run) throws Exception {
        return (ObjectNode) Wire.mapper().readTree(kafka.seal(Wire.toBytes(run)));
    }

    private static void flipFirstCiphertextByte(ObjectNode envelope) {
        byte[] ciphertext =
                Base64.getUrlDecoder().decode(envelope.get("ciphertext").asText());
        ciphertext[0] ^= 1;
        envelope.put("ciphertext", Base64.getUrlEncoder().withoutPadding().encodeToString(ciphertext));
    }

    private static String reason(ConsumerRecord<String, byte[]> r) {
        return new String(r.headers().lastHeader(MessageHeaders.DLQ_REASON).value(), StandardCharsets.UTF_8);
    }

    /** Record key → dead-letter reason, once a record arrived for each of {@code keys}. */
    private static Map<String, String> awaitReasons(TopicWatcher dlq, List<String> keys) {
        Map<String, String> reasons = new HashMap<>();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            dlq.drain(Duration.ofMillis(200)).forEach(r -> reasons.put(r.key(), reason(r)));
            return reasons.keySet().containsAll(keys);
        });
        return reasons;
    }
}
