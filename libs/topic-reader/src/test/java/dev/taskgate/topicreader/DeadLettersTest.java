package dev.taskgate.topicreader;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.testsupport.TestInfra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Dead-lettering against the test broker: the record as it was read, with the headers the operator API lists. */
class DeadLettersTest {
    private String topic;
    private Admin admin;

    @BeforeEach
    void createTopics() throws Exception {
        topic = "tr-test.dead-letters-" + UUID.randomUUID();
        admin = Admin.create(TestInfra.kafkaAdmin());
        admin.createTopics(List.of(new NewTopic(topic + ".dlq", 1, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void cleanUp() throws Exception {
        admin.deleteTopics(List.of(topic + ".dlq")).all().get(30, TimeUnit.SECONDS);
        admin.close(Duration.ofSeconds(5));
    }

    @Test
    void theRecordGoesToItsTopicsDeadLetterTopicWithWhereItWasReadAndWhy() {
        RecordHeaders headers = new RecordHeaders();
        headers.add("taskgate-signature", "sig".getBytes(UTF_8));
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>(
                topic, 2, 41, 0L, TimestampType.CREATE_TIME, 0, 0, "key-1", "value".getBytes(UTF_8), headers, null);
        Exception failure =
                new IllegalArgumentException("payload not opened", new IllegalStateException("tag mismatch"));

        try (DeadLetters<byte[]> deadLetters =
                new DeadLetters<>(TestInfra.kafkaAdmin(), "dead-letters-test", new ByteArraySerializer())) {
            deadLetters.send(record, failure);
        }

        ConsumerRecord<String, byte[]> dead = readOne(topic + ".dlq");
        assertThat(dead.key()).isEqualTo("key-1");
        assertThat(new String(dead.value(), UTF_8)).isEqualTo("value");
        assertThat(header(dead, "taskgate-signature")).isEqualTo("sig");
        assertThat(header(dead, MessageHeaders.DLQ_REASON)).isEqualTo("payload not opened");
        assertThat(header(dead, MessageHeaders.DLQ_CAUSE)).isEqualTo("tag mismatch");
        assertThat(header(dead, MessageHeaders.DLQ_TOPIC)).isEqualTo(topic);
        assertThat(header(dead, MessageHeaders.DLQ_PARTITION)).isEqualTo("2");
        assertThat(header(dead, MessageHeaders.DLQ_OFFSET)).isEqualTo("41");
        assertThat(header(dead, MessageHeaders.DLQ_PREFIX + "exception-class-name"))
                .isEqualTo(IllegalArgumentException.class.getName());
    }

    @Test
    void aRecordThatCannotBeWrittenIsAnErrorForTheCaller() {
        // a user that may not write the dead-letter topic: the broker refuses, the caller hears it
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>(topic, 0, 7, "key-2", "value".getBytes(UTF_8));
        try (DeadLetters<byte[]> deadLetters = new DeadLetters<>(
                TestInfra.kafkaClient("mcp-frontend"), "dead-letters-test", new ByteArraySerializer())) {
            assertThatThrownBy(() -> deadLetters.send(record, new IllegalStateException("unreadable")))
                    .isInstanceOf(KafkaException.class);
        }
    }

    private static ConsumerRecord<String, byte[]> readOne(String topic) {
        Properties p = TestInfra.kafkaAdmin();
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(p)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            AtomicReference<ConsumerRecord<String, byte[]>> found = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(500)).forEach(found::set);
                return found.get() != null;
            });
            return found.get();
        }
    }

    private static String header(ConsumerRecord<String, byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), UTF_8);
    }
}
