package dev.taskgate.webhooks;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Lifecycle;
import dev.taskgate.webhooks.support.Receiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A lifecycle record that does not parse goes to {@code <topic>.dlq} with what the operator API lists it by, and the
 * records after it are still delivered.
 */
@QuarkusTest
class LifecycleDeadLetterTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String DLQ = Lifecycle.TOPIC + ".dlq";
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
    void aRecordThatDoesNotParseIsDeadLetteredWithItsOriginAndTheNextIsDelivered() {
        Api api = Api.freshProject();
        String key = UUID.randomUUID().toString();
        byte[] poison = ("{\"not\":\"a lifecycle record " + key + "\"}").getBytes(StandardCharsets.UTF_8);
        try (Receiver receiver = Receiver.start();
                KafkaTestClient.TopicWatcher deadLetters = kafka.watch(DLQ)) {
            api.create(receiver.url());
            kafka.sendRaw(Lifecycle.TOPIC, key, poison);
            UUID execution = UUID.randomUUID();
            Lifecycle.send(kafka, Lifecycle.change(api, execution, ExecutionStatus.COMPLETED));

            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            ConsumerRecord<String, byte[]> dead = await().atMost(WAIT)
                    .until(
                            () -> deadLetters.drain(Duration.ofMillis(200)).stream()
                                    .filter(r -> key.equals(r.key()))
                                    .findFirst()
                                    .orElse(null),
                            found -> found != null);
            assertThat(dead.value()).isEqualTo(poison);
            assertThat(header(dead, MessageHeaders.DLQ_TOPIC)).isEqualTo(Lifecycle.TOPIC);
            assertThat(header(dead, MessageHeaders.DLQ_REASON)).isNotBlank();
            assertThat(Integer.parseInt(header(dead, MessageHeaders.DLQ_PARTITION)))
                    .isNotNegative();
            assertThat(Long.parseLong(header(dead, MessageHeaders.DLQ_OFFSET))).isNotNegative();
            assertThat(header(dead, MessageHeaders.DLQ_PREFIX + "exception-class-name"))
                    .isNotBlank();
        }
    }

    private static String header(ConsumerRecord<String, byte[]> record, String name) {
        Header h = record.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
