package dev.taskgate.worker.execution;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.CONTROL;
import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.WORK;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class WorkPoisonRecordTest {
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
    void aRecordThatDoesNotParseGoesToTheDeadLetterTopicAndTheNextRecordRuns() {
        String key = "poison-" + UUID.randomUUID();
        UUID next = UUID.randomUUID();
        try (TopicWatcher dlq = kafka.watch(WORK + ".dlq");
                TopicWatcher events = kafka.watch(EVENTS)) {
            kafka.sendRaw(WORK, key, "{\"type\":\"RunOperation\",\"executionId\":".getBytes(StandardCharsets.UTF_8));
            send(kafka, run(next, 1, "demo.echo", "{\"after\":\"poison\"}"));

            assertThat(awaitEvent(events, Finished.class, next).result()).contains("poison");
            ConsumerRecord<String, byte[]> dead = awaitKey(dlq, key);
            assertThat(new String(dead.value(), StandardCharsets.UTF_8))
                    .isEqualTo("{\"type\":\"RunOperation\",\"executionId\":");
            assertThat(dead.headers().lastHeader(MessageHeaders.DLQ_REASON)).isNotNull();
        }
    }

    @Test
    void aRecordMissingRequiredMembersIsPoisonToo() {
        String key = "incomplete-" + UUID.randomUUID();
        try (TopicWatcher dlq = kafka.watch(WORK + ".dlq")) {
            kafka.sendRaw(
                    WORK,
                    key,
                    "{\"type\":\"RunOperation\",\"operation\":\"demo.echo\"}".getBytes(StandardCharsets.UTF_8));

            assertThat(awaitKey(dlq, key)).isNotNull();
        }
    }

    @Test
    void aControlSignalThatDoesNotParseGoesToTheControlDeadLetterTopic() {
        String key = "poison-" + UUID.randomUUID();
        try (TopicWatcher dlq = kafka.watch(CONTROL + ".dlq")) {
            await().atMost(Duration.ofSeconds(60))
                    .pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofSeconds(2))
                    .until(() -> {
                        // Resent until seen: the control group starts at the latest offset and may not be assigned
                        // yet. The first goes out at once (no poll delay).
                        kafka.sendRaw(CONTROL, key, "{\"type\":\"Unheard\"}".getBytes(StandardCharsets.UTF_8));
                        return dlq.drain(Duration.ofMillis(500)).stream().anyMatch(r -> key.equals(r.key()));
                    });
        }
    }

    private static ConsumerRecord<String, byte[]> awaitKey(TopicWatcher watcher, String key) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            for (ConsumerRecord<String, byte[]> r : watcher.drain(Duration.ofMillis(200))) {
                if (key.equals(r.key())) {
                    return r;
                }
            }
        }
        throw new AssertionError("no record with key " + key + " on the dead-letter topic");
    }
}
