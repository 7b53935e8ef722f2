package dev.taskgate.jobctl.liveness.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A real consumer of the test broker's heartbeat topic that is connected but holds no partitions — as the heartbeat
 * consumer is after a broker restart until its group has rebalanced (the outage test saw nine seconds of it, and
 * owners declared lost meanwhile) — is not a healthy feed; once its partitions are assigned it is.
 */
class HeartbeatFeedRebalanceTest {
    private static final String TOPIC = "jc-test.taskgate.worker-heartbeats.v1";

    @Test
    void aConnectedConsumerWithoutPartitionsIsNotAHealthyFeed() {
        Properties config = TestInfra.kafkaAdmin();
        config.put("group.id", "job-control-heartbeats-feed-" + UUID.randomUUID());
        config.put("auto.offset.reset", "latest");
        config.put("enable.auto.commit", "false");
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100));
                return !consumer.assignment().isEmpty();
            });
            assertThat(HeartbeatFeedSampler.isHealthy(consumer.assignment(), consumer.metrics()))
                    .as("assigned and connected")
                    .isTrue();

            // the connection stays; the partitions are gone, as between a broker restart and the group's rebalance
            consumer.unsubscribe();
            assertThat(consumer.assignment()).isEmpty();
            assertThat(connections(consumer))
                    .as("still connected: the metrics alone would call the feed healthy")
                    .isPositive();
            assertThat(HeartbeatFeedSampler.isHealthy(consumer.assignment(), consumer.metrics()))
                    .as("connected without partitions")
                    .isFalse();
        }
    }

    private static double connections(KafkaConsumer<?, ?> consumer) {
        return consumer.metrics().entrySet().stream()
                .filter(e -> e.getKey().group().equals("consumer-metrics")
                        && e.getKey().name().equals("connection-count"))
                .mapToDouble(e -> ((Number) e.getValue().metricValue()).doubleValue())
                .findFirst()
                .orElse(0);
    }
}
