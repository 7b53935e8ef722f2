package dev.taskgate.jobctl.liveness.kafka;

import java.util.Map;

import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.Metrics;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The feed is healthy when the consumer's own metrics say it is connected and not behind. */
class HeartbeatFeedSamplerTest {

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
        assertThat(HeartbeatFeedSampler.isHealthy(metrics(2, 0.0))).isTrue();
        assertThat(HeartbeatFeedSampler.isHealthy(metrics(1, Double.NaN)))
                .as("no fetch yet")
                .isTrue();
        assertThat(HeartbeatFeedSampler.isHealthy(metrics(1, null))).isTrue();
    }

    @Test
    void disconnectedOrBehindIsNot() {
        assertThat(HeartbeatFeedSampler.isHealthy(metrics(0, 0.0)))
                .as("no connection")
                .isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(metrics(1, HeartbeatFeedSampler.MAX_LAG + 1)))
                .as("behind")
                .isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(Map.of()))
                .as("no metrics at all")
                .isFalse();
    }
}
