package dev.taskgate.worker.execution.kafka;

import java.time.Duration;
import java.util.Map;

import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;

import dev.taskgate.contracts.Topics;
import dev.taskgate.topicreader.ClientSettings;
import dev.taskgate.topicreader.DeadLetters;
import dev.taskgate.topicreader.InstanceReader;
import dev.taskgate.worker.WorkerConfig;

/**
 * Reads {@code taskgate.control.v1} whole on every instance (stops, input responses, commit decisions; each instance
 * acts only on the dispatches it holds) with an {@link InstanceReader}: every partition from its end, no consumer
 * group, nothing committed — a signal only matters to a run this instance holds now. A signal that
 * {@link ControlConsumer} refuses (it does not parse, or its payload does not open) goes to
 * {@code taskgate.control.v1.dlq} and is never applied.
 *
 * <p>Start-up waits until the reader is positioned (at most {@link #READY_TIMEOUT}) before the child pool starts, and
 * readiness says DOWN until then ({@link ControlReadiness}): a signal sent earlier, such as the commit grant a run
 * asked for, could otherwise land at an offset the reader skips.
 */
@Singleton
public class ControlReader {
    /** The consumer's name in the metrics, the same on every instance. */
    static final String CLIENT_ID = "worker-pool-control";

    /**
     * The start-up observer's priority: below the default (2500), so that it runs before the child pool's observer
     * (lower priorities are notified first).
     */
    static final int BEFORE_CHILDREN_START = 2000;

    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration PARTITION_CHECK = Duration.ofSeconds(60);
    private static final Logger LOG = Logger.getLogger(ControlReader.class);

    private final ControlConsumer consumer;
    private final DeadLetters<byte[]> deadLetters;
    private final InstanceReader reader;

    ControlReader(
            WorkerConfig config,
            ControlConsumer consumer,
            MeterRegistry registry,
            @Identifier("default-kafka-broker") Map<String, Object> kafkaSettings) {
        this.consumer = consumer;
        this.deadLetters = new DeadLetters<>(
                ClientSettings.connection(kafkaSettings),
                "worker-pool-control-dlq-" + config.instanceId(),
                new ByteArraySerializer());
        String topic = config.topicPrefix().orElse("") + Topics.CONTROL;
        this.reader = new InstanceReader(
                CLIENT_ID,
                ClientSettings.consumer(kafkaSettings),
                registry,
                Map.of(topic, this::handle),
                PARTITION_CHECK);
    }

    // before the child pool starts (ChildPool, default priority): a run needs a child, so none can start, ask for a
    // commit grant and miss it, before the reader is positioned (a chaos run lost a grant that way)
    void onStart(@Observes @Priority(BEFORE_CHILDREN_START) StartupEvent event) throws InterruptedException {
        reader.start(READY_TIMEOUT);
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        reader.stop();
        deadLetters.close();
    }

    /** True once every partition of the control topic is assigned and positioned. */
    boolean isReady() {
        return reader.isReady();
    }

    private void handle(ConsumerRecord<String, byte[]> record) {
        try {
            consumer.onControlSignal(record.value());
        } catch (RuntimeException refused) {
            deadLetters.send(record, refused);
            LOG.warnf(
                    "Control record dead-lettered [key=%s partition=%d offset=%d reason=%s]",
                    record.key(), record.partition(), record.offset(), refused.getMessage());
        }
    }
}
