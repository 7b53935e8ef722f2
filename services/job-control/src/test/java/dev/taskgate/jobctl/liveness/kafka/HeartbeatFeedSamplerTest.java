package dev.taskgate.jobctl.liveness.kafka;

import java.util.Map;
import java.util.Set;

import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.Metrics;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The feed is healthy when the consumer holds partitions and its own metrics say it is connected and not behind. */
class HeartbeatFeedSamplerTest {
    private static final Set<TopicPartition> ASSIGNED = Set.of(new TopicPartition("taskgate.worker-heartbeats.v1", 0));

    private static Map<MetricName, KafkaMetric> metrics(double connections, Double lagMax) {
        Metrics registry = new Metrics();
        registry.addMetric(
                registry.metricName("connection-count", "consumer-metrics"), (Measurable) (config, now) -> connections);
        if (lagMax != null) {
            registry.addMetric(registry.metricName("records-lag-max", "consumer-fetch-manager-metrics"), (Measurable)
                    (config, now) -> lagMax);
            // a per-partition lag of the same name must not be mistaken for the consumer's
            registry.addMetric(
                    registry.metricName(
                            "records-lag-max",
                            "consumer-fetch-manager-metrics",
                            Map.of("topic", "t", "partition", "0")),
                    (Measurable) (config, now) -> 0);
        }
        return registry.metrics();
    }

    @Test
    void connectedAndCaughtUpIsHealthy() {
        assertThat(HeartbeatFeedSampler.isHealthy(ASSIGNED, metrics(2, 0.0))).isTrue();
        assertThat(HeartbeatFeedSampler.isHealthy(ASSIGNED, metrics(1, Double.NaN)))
                .as("no fetch yet")
                .isTrue();
        assertThat(HeartbeatFeedSampler.isHealthy(ASSIGNED, metrics(1, null))).isTrue();
    }

    @Test
    void disconnectedOrBehindIsNot() {
        assertThat(HeartbeatFeedSampler.isHealthy(ASSIGNED, metrics(0, 0.0)))
                .as("no connection")
                .isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(ASSIGNED, metrics(1, HeartbeatFeedSampler.MAX_LAG + 1)))
                .as("behind")
                .isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(ASSIGNED, Map.of()))
                .as("no metrics at all")
                .isFalse();
    }

    @Test
    void connectedWithoutPartitionsIsNot() {
        // after a broker restart: connected again, its group not yet rebalanced, so it reads nothing
        assertThat(HeartbeatFeedSampler.isHealthy(Set.of(), metrics(2, 0.0))).isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(Set.of(), metrics(1, Double.NaN)))
                .isFalse();
    }
}
