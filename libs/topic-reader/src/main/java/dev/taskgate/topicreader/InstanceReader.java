package dev.taskgate.topicreader;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;

/**
 * One Kafka consumer with which a service instance reads topics it must see whole: every instance reads every record
 * (mcp-frontend's command replies, lifecycle changes and progress; worker-pool's control signals; job-control's worker
 * heartbeats), and only what is written while it runs matters to it. It reads every partition from its end, on a
 * thread of its own, and hands each record to its topic's handler.
 *
 * <p>The partitions are assigned, not taken through a consumer group: every instance reads everything, so a group
 * would only add its heartbeats and its coordinator, and nothing is committed (a restarted instance has nothing to
 * resume). One consumer for several topics means one fetch loop. A partition added to a topic later is found at the
 * first check (every {@code partitionCheck}) after the client's metadata shows it (refreshed every
 * {@code metadata.max.age.ms}, 5 minutes by default), and read from its beginning, since everything in it was written
 * after this reader started.
 *
 * <p>{@link #isReady()} says false until every partition is assigned and positioned (a record written earlier could
 * land at an offset the consumer skips); {@link #start(Duration)} waits for that, {@link #start()} does not.
 *
 * <p>A handler runs on the reader's one thread, which serves every topic, so it must not wait long; an exception it
 * throws skips that record (logged).
 */
public final class InstanceReader {
    /**
     * How long one {@code poll} waits: a record ends the wait at once and {@link #stop()} wakes the consumer, so a long
     * wait costs no latency and only saves idle turns of the loop.
     */
    static final Duration POLL_WAIT = Duration.ofSeconds(5);

    /**
     * How long closing the consumer may wait for the broker. Closing waits for the fetch in flight, which the broker
     * holds for up to {@code fetch.max.wait.ms}; the consumer commits nothing and belongs to no group, so nothing is
     * lost by not waiting.
     */
    static final Duration CLOSE_WAIT = Duration.ofMillis(200);

    private static final Logger LOG = Logger.getLogger(InstanceReader.class);
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

    private final String clientId;
    private final Properties connection;
    private final MeterRegistry registry;
    private final Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers;
    private final Duration partitionCheck;
    private final CountDownLatch positioned = new CountDownLatch(1);
    /** Counted down by {@link #stop()}: ends the loop, and a pause between attempts at once. */
    private final CountDownLatch stopping = new CountDownLatch(1);

    private volatile boolean ready;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    /**
     * @param clientId       the consumer's {@code client.id} (its name in the metrics, the same on every instance so
     *                       that dashboards and alerts select it) and its thread's name
     * @param connection     the broker's address and credentials, and consumer settings such as
     *                       {@code fetch.max.wait.ms}; the reader sets the rest
     * @param registry       where the consumer's metrics (its lag among them) are published
     * @param handlers       what to do with each topic's records, by topic name
     * @param partitionCheck how often to look for partitions added to the topics
     */
    public InstanceReader(
            String clientId,
            Properties connection,
            MeterRegistry registry,
            Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers,
            Duration partitionCheck) {
        if (handlers.isEmpty()) {
            throw new IllegalArgumentException("an instance reader needs at least one topic");
        }
        this.clientId = clientId;
        this.connection = connection;
        this.registry = registry;
        this.handlers = Map.copyOf(handlers);
        this.partitionCheck = partitionCheck;
    }

    /** Starts reading without waiting: {@link #isReady()} says when every partition is positioned. */
    public void start() {
        thread = new Thread(this::run, clientId);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Starts reading and waits, at most {@code readyTimeout}, until every partition is positioned.
     *
     * @return whether it was positioned in time; if not, it goes on trying and {@link #isReady()} says when
     */
    public boolean start(Duration readyTimeout) throws InterruptedException {
        start();
        if (positioned.await(readyTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return true;
        }
        LOG.warnf("%s not positioned after %s; it keeps trying topics=%s", clientId, readyTimeout, handlers.keySet());
        return false;
    }

    /** Stops reading: wakes the consumer and waits (at most 10 s) for its thread to end. */
    public void stop() throws InterruptedException {
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

    /**
     * The consumer's metrics (its connections, its lag), for any thread (the client keeps them thread-safe); empty
     * before the consumer exists and after it closed.
     */
    public Map<MetricName, ? extends Metric> metrics() {
        KafkaConsumer<String, byte[]> c = consumer;
        return c == null ? Map.of() : c.metrics();
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
                    for (ConsumerRecord<String, byte[]> record : c.poll(POLL_WAIT)) {
                        dispatch(record);
                    }
                    if (System.nanoTime() - nextCheck >= 0) {
                        nextCheck = System.nanoTime() + partitionCheck.toNanos();
                        assignAdded(c);
                    }
                } catch (WakeupException e) {
                    break;
                } catch (RuntimeException e) {
                    LOG.errorf(e, "%s poll failed topics=%s; retrying", clientId, handlers.keySet());
                    pause();
                }
            }
            // bounded; the close of the try that follows then does nothing more
            c.close(CloseOptions.timeout(CLOSE_WAIT));
        } catch (WakeupException e) {
            LOG.debugf("%s woken for shutdown", clientId);
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s stopped topics=%s", clientId, handlers.keySet());
        } finally {
            ready = false;
            consumer = null;
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
                    LOG.infof("%s assigned partitions=%s", clientId, partitions);
                    return true;
                }
                LOG.warnf("%s waits for its topics to exist topics=%s", clientId, handlers.keySet());
            } catch (WakeupException e) {
                throw e;
            } catch (RuntimeException e) {
                LOG.warnf("%s cannot read its partitions yet topics=%s reason=%s", clientId, handlers.keySet(), e);
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
        LOG.infof("%s assigned added partitions=%s", clientId, added);
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
                    "%s skipped a record topic=%s partition=%d offset=%d reason=%s",
                    clientId, record.topic(), record.partition(), record.offset(), e.getMessage());
        }
    }

    private Properties consumerProperties() {
        Properties p = new Properties();
        p.putAll(connection);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
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
}
