package dev.taskgate.topicreader;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import dev.taskgate.testsupport.TestInfra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An instance reader against the test broker, as a service's Kafka user that may read its topics but join no consumer
 * group (mcp-frontend's): two topics in one loop, read from the end, a failing handler, added partitions.
 */
class InstanceReaderTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final List<InstanceReader> readers = new ArrayList<>();
    private final ConcurrentLinkedQueue<String> first = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> second = new ConcurrentLinkedQueue<>();
    private String firstTopic;
    private String secondTopic;
    private Admin admin;
    private KafkaProducer<String, byte[]> producer;

    @BeforeEach
    void createTopics() throws Exception {
        String id = UUID.randomUUID().toString();
        firstTopic = "tr-test.instance-reader-a-" + id;
        secondTopic = "tr-test.instance-reader-b-" + id;
        admin = Admin.create(TestInfra.kafkaAdmin());
        admin.createTopics(List.of(new NewTopic(firstTopic, 2, (short) 1), new NewTopic(secondTopic, 3, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS);
        admin.createAcls(readGrants()).all().get(30, TimeUnit.SECONDS);
        Properties p = TestInfra.kafkaAdmin();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        producer = new KafkaProducer<>(p);
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (InstanceReader reader : readers) {
            reader.stop();
        }
        producer.close(Duration.ofSeconds(5));
        admin.deleteAcls(readGrants().stream().map(AclBinding::toFilter).toList())
                .all()
                .get(30, TimeUnit.SECONDS);
        admin.deleteTopics(List.of(firstTopic, secondTopic)).all().get(30, TimeUnit.SECONDS);
        admin.close(Duration.ofSeconds(5));
    }

    @Test
    void everyPartitionOfEveryTopicIsReadFromItsEndByOneConsumerWithoutAGroup() throws Exception {
        send(firstTopic, 0, "before");
        InstanceReader reader = start(Duration.ofMinutes(10));

        assertThat(reader.isReady()).isTrue();
        for (int partition = 0; partition < 2; partition++) {
            send(firstTopic, partition, "a" + partition);
        }
        for (int partition = 0; partition < 3; partition++) {
            send(secondTopic, partition, "b" + partition);
        }

        await().atMost(WAIT).until(() -> first.size() == 2 && second.size() == 3);
        assertThat(first).containsExactlyInAnyOrder("a0", "a1"); // not "before": written before the reader started
        assertThat(second).containsExactlyInAnyOrder("b0", "b1", "b2");
    }

    @Test
    void aRecordWhoseHandlerThrowsIsSkippedAndTheNextIsHandled() throws Exception {
        start(Duration.ofMinutes(10));

        send(firstTopic, 0, "poison");
        send(firstTopic, 0, "after");

        await().atMost(WAIT).until(() -> first.contains("after"));
        assertThat(first).containsExactly("after");
    }

    @Test
    void aPartitionAddedLaterIsReadFromItsBeginning() throws Exception {
        InstanceReader reader = start(Duration.ofMillis(200));
        admin.createPartitions(Map.of(secondTopic, NewPartitions.increaseTo(4)))
                .all()
                .get(30, TimeUnit.SECONDS);

        // written before the reader has noticed the partition: read all the same, from the partition's beginning
        send(secondTopic, 3, "added");

        await().atMost(WAIT).until(() -> second.contains("added"));
        assertThat(reader.isReady()).isTrue();
    }

    @Test
    void aStoppedReaderIsNoLongerReady() throws Exception {
        InstanceReader reader = start(Duration.ofMinutes(10));

        reader.stop();
        readers.remove(reader);

        assertThat(reader.isReady()).isFalse();
    }

    private InstanceReader start(Duration partitionCheck) throws InterruptedException {
        Properties properties = TestInfra.kafkaClient("mcp-frontend");
        // the client's metadata (where added partitions show) is refreshed every 5 minutes by default
        properties.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
        InstanceReader reader = new InstanceReader(
                "instance-reader-test",
                properties,
                new SimpleMeterRegistry(),
                Map.of(
                        firstTopic,
                        record -> first.add(value(record)),
                        secondTopic,
                        record -> second.add(value(record))),
                partitionCheck);
        readers.add(reader);
        assertThat(reader.start(WAIT)).isTrue();
        return reader;
    }

    // what the deployment grants the frontend's user on its topics (schemas/kafka/acls.txt): reading, no group
    private List<AclBinding> readGrants() {
        return List.of(firstTopic, secondTopic).stream()
                .map(topic -> new AclBinding(
                        new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL),
                        new AccessControlEntry("User:mcp-frontend", "*", AclOperation.READ, AclPermissionType.ALLOW)))
                .toList();
    }

    private static String value(ConsumerRecord<String, byte[]> record) {
        String value = new String(record.value(), UTF_8);
        if (value.equals("poison")) {
            throw new IllegalStateException("unreadable record");
        }
        return value;
    }

    private void send(String topic, int partition, String value) throws Exception {
        producer.send(new ProducerRecord<>(topic, partition, "k", value.getBytes(UTF_8)))
                .get(30, TimeUnit.SECONDS);
    }
}
