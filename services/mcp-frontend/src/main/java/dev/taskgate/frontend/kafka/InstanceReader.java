package dev.taskgate.frontend.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.KafkaConnection;

/**
 * This instance's one Kafka consumer, for the topics whose records only matter to the requests open on it right now
 * (command replies, lifecycle changes, progress: {@link InstanceRecordHandlers}). It reads every partition of them
 * from their end, on a thread of its own, and hands each record to its topic's handler.
 *
 * <p>The partitions are assigned, not taken through a consumer group: every instance reads everything, so a group
 * would only add its heartbeats and its coordinator, and nothing is committed (a restarted instance has no open
 * request to resume). One consumer for the three topics means one fetch loop: records of all three come back in the
 * same fetches. A partition added to a topic later is found at the first check (every {@link #PARTITION_CHECK})
 * after the client's metadata shows it (refreshed every {@code metadata.max.age.ms}, 5 minutes by default), and read
 * from its beginning, since everything in it was written after this reader started.
 *
 * <p>Start-up waits until every partition is assigned and positioned, and {@link #isReady()} says false until then:
 * a command sent earlier could be answered at an offset the consumer would skip.
 */
@Singleton
public class InstanceReader {
    /** How often the reader looks for partitions added to its topics (in the client's metadata). */
    static final Duration PARTITION_CHECK = Duration.ofSeconds(60);
    /** The consumer's name in the metrics, the same on every instance (the lag panel and the lag alert use it). */
    static final String CLIENT_ID = "mcp-frontend-instance";

    private static final Logger LOG = Logger.getLogger(InstanceReader.class);
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

    private final Properties properties;
    private final MeterRegistry registry;
    private final Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers;
    private final Duration readyTimeout;
    private final Duration partitionCheck;
    private final CountDownLatch positioned = new CountDownLatch(1);
    private volatile boolean ready;
    /** Counted down by {@link #stop()}: ends the loop, and a pause between attempts at once. */
    private final CountDownLatch stopping = new CountDownLatch(1);

    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    @Inject
    InstanceReader(
            FrontendConfig config,
            KafkaConnection kafka,
            MeterRegistry registry,
            Instance<InstanceRecordHandlers> readers) {
        this(kafka.consumerProperties(), registry, byTopic(readers), config.repliesReadyTimeout(), PARTITION_CHECK);
    }

    /**
     * @param properties     the broker's address and credentials
     * @param handlers       what to do with each topic's records
     * @param readyTimeout   how long {@link #start()} waits for the partitions to be positioned
     * @param partitionCheck how often to look for partitions added to the topics
     */
    InstanceReader(
            Properties properties,
            MeterRegistry registry,
            Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers,
            Duration readyTimeout,
            Duration partitionCheck) {
        this.properties = properties;
        this.registry = registry;
        this.handlers = Map.copyOf(handlers);
        this.readyTimeout = readyTimeout;
        this.partitionCheck = partitionCheck;
    }

    void onStart(@Observes StartupEvent event) throws InterruptedException {
        start();
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        stop();
    }

    /** Starts reading and waits, at most the ready timeout, until every partition is positioned. */
    void start() throws InterruptedException {
        thread = new Thread(this::run, "instance-reader");
        thread.setDaemon(true);
        thread.start();
        if (!positioned.await(readyTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
            LOG.warnf(
                    "instance reader not positioned after %s; readiness stays DOWN until it is topics=%s",
                    readyTimeout, handlers.keySet());
        }
    }

    void stop() throws InterruptedException {
        stopping.countDown();
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        if (thread != null) {
            thread.join(10_000);
        }
    }

    /** True once every partition of the topics is assigned and positioned: records written from now on are seen. */
    public boolean isReady() {
        return ready;
    }

    private void run() {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(consumerProperties());
                KafkaClientMetrics metrics = new KafkaClientMetrics(c)) {
            metrics.bindTo(registry);
            consumer = c;
            if (!assignFromTheEnd(c)) {
                return;
            }
            long nextCheck = System.nanoTime() + partitionCheck.toNanos();
            while (running()) {
                try {
                    for (ConsumerRecord<String, byte[]> record : c.poll(KafkaConnection.POLL_WAIT)) {
                        dispatch(record);
                    }
                    if (System.nanoTime() - nextCheck >= 0) {
                        nextCheck = System.nanoTime() + partitionCheck.toNanos();
                        assignAdded(c);
                    }
                } catch (WakeupException e) {
                    break;
                } catch (RuntimeException e) {
                    LOG.errorf(e, "instance reader poll failed topics=%s; retrying", handlers.keySet());
                    pause();
                }
            }
            // bounded (KafkaConnection.CLOSE_WAIT); the close of the try that follows then does nothing more
            c.close(CloseOptions.timeout(KafkaConnection.CLOSE_WAIT));
        } catch (WakeupException e) {
            LOG.debug("instance reader woken for shutdown");
        } catch (RuntimeException e) {
            LOG.errorf(e, "instance reader stopped topics=%s", handlers.keySet());
        } finally {
            ready = false;
        }
    }

    // every partition, positioned at the end before reporting ready (not lazily at the first fetch); false when stopped
    private boolean assignFromTheEnd(KafkaConsumer<String, byte[]> c) {
        while (running()) {
            try {
                Set<TopicPartition> partitions = partitionsOf(c);
                if (partitions != null) {
                    c.assign(partitions);
                    c.seekToEnd(partitions);
                    partitions.forEach(c::position);
                    ready = true;
                    positioned.countDown();
                    LOG.infof("instance reader assigned partitions=%s", partitions);
                    return true;
                }
                LOG.warnf("instance reader waits for its topics to exist topics=%s", handlers.keySet());
            } catch (WakeupException e) {
                throw e;
            } catch (RuntimeException e) {
                LOG.warnf("instance reader cannot read its partitions yet topics=%s reason=%s", handlers.keySet(), e);
            }
            pause();
        }
        return false;
    }

    private void assignAdded(KafkaConsumer<String, byte[]> c) {
        Set<TopicPartition> partitions = partitionsOf(c);
        if (partitions == null) {
            return;
        }
        Set<TopicPartition> added = new HashSet<>(partitions);
        added.removeAll(c.assignment());
        if (added.isEmpty()) {
            return;
        }
        partitions.addAll(c.assignment());
        c.assign(partitions); // the partitions kept keep their positions
        c.seekToBeginning(added);
        LOG.infof("instance reader assigned added partitions=%s", added);
    }

    // every partition of every topic, or null while a topic has none (not created yet)
    private Set<TopicPartition> partitionsOf(KafkaConsumer<String, byte[]> c) {
        Set<TopicPartition> partitions = new HashSet<>();
        for (String topic : handlers.keySet()) {
            List<PartitionInfo> infos = c.partitionsFor(topic);
            if (infos == null || infos.isEmpty()) {
                return null;
            }
            infos.forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
        }
        return partitions;
    }

    private void dispatch(ConsumerRecord<String, byte[]> record) {
        try {
            handlers.get(record.topic()).accept(record);
        } catch (RuntimeException e) {
            LOG.warnf(
                    "record skipped topic=%s partition=%d offset=%d reason=%s",
                    record.topic(), record.partition(), record.offset(), e.getMessage());
        }
    }

    private Properties consumerProperties() {
        Properties p = new Properties();
        p.putAll(properties);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, CLIENT_ID);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }

    private boolean running() {
        return stopping.getCount() > 0;
    }

    // between attempts after a failure; a stop ends it at once
    private void pause() {
        try {
            stopping.await(RETRY_PAUSE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping.countDown();
        }
    }

    private static Map<String, Consumer<ConsumerRecord<String, byte[]>>> byTopic(
            Iterable<InstanceRecordHandlers> readers) {
        Map<String, Consumer<ConsumerRecord<String, byte[]>>> byTopic = new HashMap<>();
        for (InstanceRecordHandlers reader : readers) {
            reader.handlers().forEach((topic, handler) -> {
                if (byTopic.putIfAbsent(topic, handler) != null) {
                    throw new IllegalStateException("two handlers for the topic " + topic);
                }
            });
        }
        return byTopic;
    }
}
