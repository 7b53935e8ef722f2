package dev.taskgate.jobctl.liveness.kafka;

import java.time.Duration;
import java.util.Map;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.topicreader.ClientSettings;
import dev.taskgate.topicreader.InstanceReader;

/**
 * Reads every worker heartbeat on every instance with an {@link InstanceReader}: every partition from its end, no
 * consumer group, nothing committed. A shared group would make one instance's stall look like the death of every
 * worker whose partition it held; reading them all, each instance keeps the shared last-seen times fresh on its own.
 * {@link HeartbeatFeedSampler} looks at it every second.
 */
@Singleton
public class HeartbeatReader {
    /** The consumer's name in the metrics, the same on every instance. */
    static final String CLIENT_ID = "job-control-heartbeats";

    private static final Duration PARTITION_CHECK = Duration.ofSeconds(60);

    private final InstanceReader reader;

    HeartbeatReader(
            JobControlConfig config,
            HeartbeatsConsumer consumer,
            MeterRegistry registry,
            @Identifier("default-kafka-broker") Map<String, Object> kafkaSettings) {
        this.reader = new InstanceReader(
                CLIENT_ID,
                ClientSettings.consumer(kafkaSettings),
                registry,
                Map.of(config.liveness().heartbeatTopic(), consumer::onHeartbeat),
                PARTITION_CHECK);
    }

    // start-up does not wait for it: job-control serves without the heartbeats, and nothing is settled for silence
    // before the reader is positioned (HeartbeatFeedSampler)
    void onStart(@Observes StartupEvent event) {
        reader.start();
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        reader.stop();
    }

    /** Whether every partition is assigned and positioned: heartbeats sent from now on are read. */
    boolean isPositioned() {
        return reader.isReady();
    }

    /** The consumer's metrics (connections, lag); empty while it does not exist. */
    Map<MetricName, ? extends Metric> metrics() {
        return reader.metrics();
    }
}
