package dev.taskgate.frontend.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.KafkaConnection;
import dev.taskgate.topicreader.InstanceReader;

/**
 * The topics whose records only matter to the requests open on this instance right now (command replies, lifecycle
 * changes, progress: {@link InstanceRecordHandlers}), read by this instance's one Kafka consumer, an
 * {@link InstanceReader}: every partition from its end, no consumer group. Start-up waits until it is positioned, and
 * readiness says DOWN until then: a command sent earlier could be answered at an offset it would skip.
 */
@Singleton
public class InstanceTopics {
    /** How often the reader looks for partitions added to its topics (in the client's metadata). */
    static final Duration PARTITION_CHECK = Duration.ofSeconds(60);
    /** The consumer's name in the metrics, the same on every instance (the lag panel and the lag alert use it). */
    static final String CLIENT_ID = "mcp-frontend-instance";

    private final InstanceReader reader;
    private final Duration readyTimeout;

    @Inject
    InstanceTopics(
            FrontendConfig config,
            KafkaConnection kafka,
            MeterRegistry registry,
            Instance<InstanceRecordHandlers> handlers) {
        this.reader =
                new InstanceReader(CLIENT_ID, kafka.consumerProperties(), registry, byTopic(handlers), PARTITION_CHECK);
        this.readyTimeout = config.repliesReadyTimeout();
    }

    void onStart(@Observes StartupEvent event) throws InterruptedException {
        reader.start(readyTimeout);
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        reader.stop();
    }

    /** True once every partition of the topics is assigned and positioned: records written from now on are seen. */
    public boolean isReady() {
        return reader.isReady();
    }

    private static Map<String, Consumer<ConsumerRecord<String, byte[]>>> byTopic(
            Iterable<InstanceRecordHandlers> handlers) {
        Map<String, Consumer<ConsumerRecord<String, byte[]>>> byTopic = new HashMap<>();
        for (InstanceRecordHandlers bean : handlers) {
            bean.handlers().forEach((topic, handler) -> {
                if (byTopic.putIfAbsent(topic, handler) != null) {
                    throw new IllegalStateException("two handlers for the topic " + topic);
                }
            });
        }
        return byTopic;
    }
}
