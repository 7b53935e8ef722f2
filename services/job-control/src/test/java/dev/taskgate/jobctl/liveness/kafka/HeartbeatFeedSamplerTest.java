package dev.taskgate.jobctl.liveness.kafka;

import java.util.Map;

import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.Metrics;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The feed is healthy when the reader is positioned and its consumer's metrics say it is connected and not behind. */
class HeartbeatFeedSamplerTest {
    private static final boolean POSITIONED = true;

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
        assertThat(HeartbeatFeedSampler.isHealthy(POSITIONED, metrics(2, 0.0))).isTrue();
        assertThat(HeartbeatFeedSampler.isHealthy(POSITIONED, metrics(1, Double.NaN)))
                .as("no fetch yet")
                .isTrue();
        assertThat(HeartbeatFeedSampler.isHealthy(POSITIONED, metrics(1, null))).isTrue();
    }

    @Test
    void disconnectedOrBehindIsNot() {
        assertThat(HeartbeatFeedSampler.isHealthy(POSITIONED, metrics(0, 0.0)))
                .as("no connection")
                .isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(POSITIONED, metrics(1, HeartbeatFeedSampler.MAX_LAG + 1)))
                .as("behind")
                .isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(POSITIONED, Map.of()))
                .as("no metrics at all")
                .isFalse();
    }

    @Test
    void connectedButNotPositionedIsNot() {
        // started, or stopped: the reader is not (or no longer) reading from the end of every partition
        assertThat(HeartbeatFeedSampler.isHealthy(!POSITIONED, metrics(2, 0.0))).isFalse();
        assertThat(HeartbeatFeedSampler.isHealthy(!POSITIONED, metrics(1, Double.NaN)))
                .isFalse();
    }
}
