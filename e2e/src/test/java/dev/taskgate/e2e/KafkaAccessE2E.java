package dev.taskgate.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.Topics;
import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The test broker, configured as every Taskgate broker is set up by the scripts (bin/lib/kafka.sh,
 * schemas/kafka/acls.txt), probed as a neighbour on the network would: without credentials or with a wrong
 * password nothing is reachable, and each service's user reaches only its own flows. Nothing here writes a record
 * that a running service could read: the refused sends are refused before anything is stored, and the allowed
 * checks only look topics up.
 */
class KafkaAccessE2E {
    private static final String COMMANDS = Topics.COMMANDS;
    private static final String WORK = Topics.WORK;
    private static final String WORKER_EVENTS = Topics.WORKER_EVENTS;
    private static final String LIFECYCLE = Topics.LIFECYCLE;
    private static final Duration LOOKUP = Duration.ofSeconds(30);

    @Test
    void aClientWithoutCredentialsReachesNothing() {
        Properties p = new Properties();
        p.put("bootstrap.servers", TestInfra.kafkaBootstrap());
        // a plaintext client on the SASL listener never gets past the handshake: every call runs into its bound
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "3000");
        try (KafkaProducer<String, byte[]> producer = producer(p)) {
            assertThatThrownBy(() -> producer.partitionsFor(COMMANDS)).isInstanceOf(TimeoutException.class);
        }
    }

    @Test
    void aWrongPasswordIsRefusedByTheBroker() {
        Properties p = TestInfra.kafkaClient("mcp-frontend");
        p.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"mcp-frontend\""
                        + " password=\"guessed\";");
        try (KafkaProducer<String, byte[]> producer = producer(p)) {
            assertThatThrownBy(() -> producer.partitionsFor(COMMANDS)).isInstanceOf(SaslAuthenticationException.class);
        }
    }

    @Test
    void aWorkerCannotSubmitCommandsOrAnnounceLifecycleChanges() {
        try (KafkaProducer<String, byte[]> worker = producer(TestInfra.kafkaClient("worker-pool"))) {
            assertThat(worker.partitionsFor(WORKER_EVENTS)).isNotEmpty();

            assertRefused(worker, COMMANDS);
            assertRefused(worker, LIFECYCLE);
        }
    }

    @Test
    void aFrontendCannotForgeWorkerEventsOrWork() {
        try (KafkaProducer<String, byte[]> frontend = producer(TestInfra.kafkaClient("mcp-frontend"))) {
            assertThat(frontend.partitionsFor(COMMANDS)).isNotEmpty();

            assertRefused(frontend, WORKER_EVENTS);
            assertRefused(frontend, WORK);
        }
    }

    @Test
    void theWebhookDispatcherReadsLifecycleChangesOnlyAndOnlyInItsOwnGroup() {
        Properties p = TestInfra.kafkaClient("webhook-dispatcher");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "webhook-dispatcher");
        try (KafkaConsumer<String, byte[]> dispatcher = consumer(p)) {
            assertThat(dispatcher.partitionsFor(LIFECYCLE, LOOKUP)).isNotEmpty();
            assertThatThrownBy(() -> dispatcher.partitionsFor(WORK, LOOKUP))
                    .isInstanceOf(TopicAuthorizationException.class);
        }
        Properties other = TestInfra.kafkaClient("webhook-dispatcher");
        other.put(ConsumerConfig.GROUP_ID_CONFIG, "job-control");
        try (KafkaConsumer<String, byte[]> inAnotherGroup = consumer(other)) {
            inAnotherGroup.subscribe(List.of(LIFECYCLE));
            assertThatThrownBy(() -> inAnotherGroup.poll(LOOKUP)).isInstanceOf(GroupAuthorizationException.class);
        }
    }

    private static void assertRefused(KafkaProducer<String, byte[]> producer, String topic) {
        assertThatThrownBy(() -> producer.send(new ProducerRecord<>(topic, "probe", new byte[0]))
                        .get())
                .as("send to " + topic)
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(TopicAuthorizationException.class);
    }

    private static KafkaProducer<String, byte[]> producer(Properties p) {
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "30000");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return new KafkaProducer<>(p);
    }

    private static KafkaConsumer<String, byte[]> consumer(Properties p) {
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(p);
    }
}
