package dev.taskgate.frontend.mcp.progress;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;

import dev.taskgate.frontend.KafkaConnection;

/**
 * Reads one topic on a daemon thread in a consumer group of this instance alone, from the end, without committing:
 * the records only matter to requests open right now, so nothing is resumed after a restart. A handler failure on
 * one record is logged and the record skipped.
 */
final class InstanceTopicReader {
    private static final Logger LOG = Logger.getLogger(InstanceTopicReader.class);
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

    private final String topic;
    private final String groupId;
    private final String clientId;
    private final MeterRegistry registry;
    private final KafkaConnection kafka;
    private final Consumer<ConsumerRecord<String, byte[]>> handler;
    private volatile boolean running = true;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    /**
     * @param groupId  this instance's own group
     * @param clientId the same on every instance: the consumer's name in the metrics
     * @param registry where its metrics go (the lag panel and the lag alert select them)
     */
    InstanceTopicReader(
            KafkaConnection kafka,
            String topic,
            String groupId,
            String clientId,
            MeterRegistry registry,
            Consumer<ConsumerRecord<String, byte[]>> handler) {
        this.registry = registry;
        this.kafka = kafka;
        this.topic = topic;
        this.groupId = groupId;
        this.clientId = clientId;
        this.handler = handler;
    }

    void start() {
        thread = new Thread(this::run, "reader-" + topic);
        thread.setDaemon(true);
        thread.start();
    }

    void stop() throws InterruptedException {
        running = false;
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        if (thread != null) {
            thread.join(10_000);
        }
    }

    private void run() {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(properties());
                KafkaClientMetrics metrics = new KafkaClientMetrics(c)) {
            metrics.bindTo(registry);
            consumer = c;
            c.subscribe(List.of(topic));
            while (running) {
                try {
                    for (ConsumerRecord<String, byte[]> record : c.poll(KafkaConnection.POLL_WAIT)) {
                        dispatch(record);
                    }
                } catch (WakeupException e) {
                    break;
                } catch (RuntimeException e) {
                    LOG.errorf(e, "poll failed topic=%s group=%s; retrying", topic, groupId);
                    pause();
                }
            }
            // bounded (KafkaConnection.CLOSE_WAIT); the close of the try that follows then does nothing more
            c.close(CloseOptions.timeout(KafkaConnection.CLOSE_WAIT));
        } catch (WakeupException e) {
            LOG.debugf("reader woken for shutdown topic=%s", topic);
        } catch (RuntimeException e) {
            LOG.errorf(e, "reader stopped topic=%s group=%s", topic, groupId);
        }
    }

    private void dispatch(ConsumerRecord<String, byte[]> record) {
        try {
            handler.accept(record);
        } catch (RuntimeException e) {
            LOG.warnf(
                    "record skipped topic=%s partition=%d offset=%d reason=%s",
                    record.topic(), record.partition(), record.offset(), e.getMessage());
        }
    }

    private Properties properties() {
        Properties p = kafka.consumerProperties();
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }

    private void pause() {
        try {
            Thread.sleep(RETRY_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
