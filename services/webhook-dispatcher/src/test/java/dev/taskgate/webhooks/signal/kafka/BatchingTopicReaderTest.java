package dev.taskgate.webhooks.signal.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The lifecycle reader's loop against the test broker: order, commits, a failing handler, a stop, a rebalance. */
class BatchingTopicReaderTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int PARTITIONS = 3;

    private final List<BatchingTopicReader> readers = new ArrayList<>();
    private String topic;
    private String group;
    private Admin admin;
    private KafkaProducer<String, String> producer;

    /** What a handler saw: the record's place and value. */
    record Handled(int partition, long offset, String value) {}

    @BeforeEach
    void createTopic() throws Exception {
        String id = UUID.randomUUID().toString();
        topic = "wh-test.reader-" + id;
        group = "wh-test.reader-group-" + id;
        admin = Admin.create(TestInfra.kafkaAdmin());
        admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS);
        Properties p = TestInfra.kafkaAdmin();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(p);
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (BatchingTopicReader reader : readers) {
            reader.stop();
        }
        producer.close(Duration.ofSeconds(5));
        admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
        admin.close(Duration.ofSeconds(5));
    }

    @Test
    void everyRecordIsHandledInTheOrderOfItsPartitionAndItsOffsetCommitted() throws Exception {
        ConcurrentLinkedQueue<Handled> handled = new ConcurrentLinkedQueue<>();
        BatchingTopicReader reader = start(record -> handled.add(of(record)));

        send(0, 30);

        await().atMost(WAIT).until(() -> handled.size() == 30);
        assertThat(handled.stream().map(Handled::value)).containsExactlyInAnyOrderElementsOf(values(0, 30));
        assertInPartitionOrder(List.copyOf(handled));
        await().atMost(WAIT).until(() -> committed().equals(endOffsets()));
        assertThat(reader.alive()).isTrue();
    }

    @Test
    void aRecordWhoseHandlingThrowsIsHandledAgainBeforeAnythingAfterIt() throws Exception {
        ConcurrentLinkedQueue<Handled> handled = new ConcurrentLinkedQueue<>();
        AtomicBoolean failedOnce = new AtomicBoolean();
        start(record -> {
            if (record.value().equals("v-4") && failedOnce.compareAndSet(false, true)) {
                throw new IllegalStateException("storage failed");
            }
            handled.add(of(record));
        });

        send(0, 12);

        await().atMost(WAIT).until(() -> handled.size() == 12);
        assertThat(failedOnce).isTrue();
        assertThat(handled.stream().map(Handled::value)).containsExactlyInAnyOrderElementsOf(values(0, 12));
        assertInPartitionOrder(List.copyOf(handled));
        await().atMost(WAIT).until(() -> committed().equals(endOffsets()));
    }

    @Test
    void aStoppedReaderHasCommittedWhatItHandledSoItsSuccessorStartsAfterIt() throws Exception {
        ConcurrentLinkedQueue<Handled> first = new ConcurrentLinkedQueue<>();
        // on the broker before the reader starts, so that its first fetch brings all ten: sent while it ran, the rest
        // of them would wait out the pause after its first batch
        send(0, 10);
        // paused after its batch (a long window) and committing only when it must: the stop's commit is the only one
        BatchingTopicReader reader =
                start(record -> first.add(of(record)), Duration.ofSeconds(30), Duration.ofHours(1));
        await().atMost(WAIT).until(() -> first.size() == 10);
        reader.stop();
        assertThat(reader.alive()).isFalse();

        ConcurrentLinkedQueue<Handled> second = new ConcurrentLinkedQueue<>();
        start(record -> second.add(of(record)));
        send(10, 1);

        await().atMost(WAIT).until(() -> second.stream().anyMatch(h -> h.value().equals("v-10")));
        assertThat(second.stream().map(Handled::value)).containsExactly("v-10");
    }

    @Test
    void partitionsThatMoveToAnotherMemberAreHandledOnceAcrossTheTwo() throws Exception {
        ConcurrentLinkedQueue<Handled> handled = new ConcurrentLinkedQueue<>();
        // no commit on the interval: what moves is committed when it is revoked (or after an empty poll)
        start(record -> handled.add(of(record)), Duration.ofMillis(50), Duration.ofHours(1));
        send(0, 20);
        await().atMost(WAIT).until(() -> handled.size() == 20);

        start(record -> handled.add(of(record)), Duration.ofMillis(50), Duration.ofHours(1));
        // records keep coming while the group rebalances onto two members
        for (int i = 20; i < 60; i += 5) {
            send(i, 5);
        }

        await().atMost(WAIT)
                .until(() -> handled.stream()
                                .map(Handled::value)
                                .collect(Collectors.toSet())
                                .size()
                        == 60);
        await().atMost(WAIT).until(() -> committed().equals(endOffsets()));
        List<String> values = handled.stream().map(Handled::value).toList();
        assertThat(values).hasSize(60).doesNotHaveDuplicates();
        assertInPartitionOrder(List.copyOf(handled));
    }

    private BatchingTopicReader start(Consumer<ConsumerRecord<String, String>> handler) {
        return start(handler, Duration.ofMillis(50), BatchingTopicReader.COMMIT_INTERVAL);
    }

    private BatchingTopicReader start(
            Consumer<ConsumerRecord<String, String>> handler, Duration batchWindow, Duration commitInterval) {
        Properties p = TestInfra.kafkaAdmin();
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, LifecycleIntake.SESSION_TIMEOUT_MS);
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, LifecycleIntake.HEARTBEAT_INTERVAL_MS);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        BatchingTopicReader reader =
                new BatchingTopicReader(topic, p, handler, batchWindow, commitInterval, consumer -> {});
        readers.add(reader);
        reader.start();
        return reader;
    }

    private void send(int from, int count) throws Exception {
        for (int i = from; i < from + count; i++) {
            producer.send(new ProducerRecord<>(topic, i % PARTITIONS, "k-" + i, "v-" + i))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private static List<String> values(int from, int count) {
        List<String> values = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            values.add("v-" + i);
        }
        return values;
    }

    private static Handled of(ConsumerRecord<String, String> record) {
        return new Handled(record.partition(), record.offset(), record.value());
    }

    /** Within each partition, every handling of a record comes after the first handling of the ones before it. */
    private static void assertInPartitionOrder(List<Handled> handled) {
        Map<Integer, List<Long>> byPartition = handled.stream()
                .collect(Collectors.groupingBy(
                        Handled::partition, Collectors.mapping(Handled::offset, Collectors.toList())));
        byPartition.forEach((partition, offsets) -> {
            Set<Long> seen = new HashSet<>();
            List<Long> firsts = offsets.stream().filter(seen::add).toList();
            assertThat(firsts).as("partition %d", partition).isSortedAccordingTo(Comparator.naturalOrder());
        });
    }

    private Map<TopicPartition, Long> committed() throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS);
        return offsets.entrySet().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    private Map<TopicPartition, Long> endOffsets() throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        return admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }
}
