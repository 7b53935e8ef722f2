package dev.taskgate.webhooks.signal.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * One member of a consumer group, on a thread of its own, that hands each record to a handler in the order of its
 * partition and commits what was handled (at least once: a record handled but not yet committed when an instance dies
 * is handled again by the next owner of its partition).
 *
 * <p>It batches by pausing, not by the broker's wait: after a poll that brought records, the next poll comes
 * {@code batchWindow} after it (at once if handling them took longer), so under load one fetch carries what arrived in
 * the meantime; at rest its fetch waits on the broker ({@code fetch.max.wait.ms}) and a record arriving then is
 * handled at once. (A broker-side batch, {@code fetch.min.bytes} with a short {@code fetch.max.wait.ms}, costs a fetch
 * every wait even when nothing comes.) The consumer sends its next fetch before a poll returns (Kafka's pipelining),
 * so the poll after a pause brings what that fetch got, often only the first record after the previous batch; the
 * reader polls again without pausing after it, which brings the rest. A record thus waits about one window at most,
 * plus the handling of the records before it, and under load the reader makes about two fetches per window.
 *
 * <p>Offsets are committed at most once per {@link #COMMIT_INTERVAL} while records come, then at the next poll, and
 * always (synchronously) for partitions being revoked and when the reader stops. A handler that throws leaves its
 * record unhandled: the reader goes back to it and tries again after {@link #RETRY_PAUSE}.
 */
final class BatchingTopicReader {
    private static final Logger LOG = Logger.getLogger(BatchingTopicReader.class);

    /** How long one poll waits for records; a record ends it at once and {@link #stop()} wakes it. */
    static final Duration POLL_WAIT = Duration.ofSeconds(5);

    static final Duration COMMIT_INTERVAL = Duration.ofSeconds(1);
    static final Duration RETRY_PAUSE = Duration.ofSeconds(1);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final String topic;
    private final Properties consumerProperties;
    private final Consumer<ConsumerRecord<String, String>> handler;
    private final Duration batchWindow;
    private final Duration commitInterval;
    private final Consumer<KafkaConsumer<String, String>> onOpen;
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final HandledOffsets handled = new HandledOffsets();
    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean alive;
    private boolean pausedLastTurn;
    private Thread thread;

    /**
     * @param handler     handles one record and returns once it is done with it (stored, or dead-lettered); a
     *                    record it throws on is handled again
     * @param batchWindow the pause after a poll that brought records; zero polls again at once
     * @param onOpen      told of the consumer once it exists, on the reader's thread (to bind its metrics)
     */
    BatchingTopicReader(
            String topic,
            Properties consumerProperties,
            Consumer<ConsumerRecord<String, String>> handler,
            Duration batchWindow,
            Consumer<KafkaConsumer<String, String>> onOpen) {
        this(topic, consumerProperties, handler, batchWindow, COMMIT_INTERVAL, onOpen);
    }

    BatchingTopicReader(
            String topic,
            Properties consumerProperties,
            Consumer<ConsumerRecord<String, String>> handler,
            Duration batchWindow,
            Duration commitInterval,
            Consumer<KafkaConsumer<String, String>> onOpen) {
        this.topic = topic;
        this.consumerProperties = consumerProperties;
        this.handler = handler;
        this.batchWindow = batchWindow;
        this.commitInterval = commitInterval;
        this.onOpen = onOpen;
    }

    void start() {
        alive = true;
        thread = new Thread(this::run, "reader-" + topic);
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops after the record being handled, commits what was handled and leaves the group. */
    void stop() throws InterruptedException {
        stopping.countDown();
        KafkaConsumer<String, String> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        if (thread != null) {
            thread.join(CLOSE_WAIT.toMillis() * 3);
        }
    }

    /** False once the reader's thread has ended, whether it was stopped or it failed. */
    boolean alive() {
        return alive;
    }

    private boolean running() {
        return stopping.getCount() > 0;
    }

    private void run() {
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(consumerProperties)) {
            consumer = c;
            onOpen.accept(c);
            c.subscribe(List.of(topic), new CommitOnRevoke(c));
            while (running()) {
                turn(c);
            }
            finish(c);
        } catch (WakeupException e) {
            LOG.debugf("reader of %s woken to stop", topic);
        } catch (RuntimeException | Error e) {
            LOG.errorf(e, "reader of %s stopped", topic);
        } finally {
            alive = false;
        }
    }

    /** Commits everything handled and leaves the group; a wake-up of {@link #stop()} still pending is used up. */
    private void finish(KafkaConsumer<String, String> c) {
        Map<TopicPartition, OffsetAndMetadata> offsets = handled.all();
        try {
            commitNow(c, offsets);
        } catch (WakeupException e) {
            commitNow(c, offsets);
        }
        c.close(CloseOptions.timeout(CLOSE_WAIT));
    }

    private void turn(KafkaConsumer<String, String> c) {
        ConsumerRecords<String, String> records;
        long polledAt;
        try {
            records = c.poll(POLL_WAIT);
            polledAt = System.nanoTime();
        } catch (WakeupException e) {
            return; // stop() asked; the loop ends
        } catch (KafkaException e) {
            LOG.errorf(e, "poll of %s failed; polling again in %s", topic, RETRY_PAUSE);
            pause(RETRY_PAUSE);
            return;
        }
        if (records.isEmpty()) {
            pausedLastTurn = false;
            commitIfDue(c, true);
            return;
        }
        if (!handleAll(c, records)) {
            pause(RETRY_PAUSE);
            return;
        }
        commitIfDue(c, false);
        // after a pause this poll brought the pipelined fetch's records; what came since is fetched at once
        pausedLastTurn = !pausedLastTurn;
        if (pausedLastTurn) {
            pause(batchWindow.minusNanos(System.nanoTime() - polledAt));
        }
    }

    /**
     * Handles the records in order, until a stop is asked (the rest go to the partitions' next owner); on a failure,
     * goes back to the first unhandled record of each partition.
     */
    private boolean handleAll(KafkaConsumer<String, String> c, ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            if (!running()) {
                return true;
            }
            try {
                handler.accept(record);
            } catch (RuntimeException e) {
                LOG.errorf(
                        e,
                        "handling failed, handled again in %s [topic=%s partition=%d offset=%d]",
                        RETRY_PAUSE,
                        record.topic(),
                        record.partition(),
                        record.offset());
                rewind(c, records);
                return false;
            }
            handled.handled(new TopicPartition(record.topic(), record.partition()), record.offset());
        }
        return true;
    }

    private void rewind(KafkaConsumer<String, String> c, ConsumerRecords<String, String> records) {
        for (TopicPartition partition : records.partitions()) {
            long first = records.records(partition).get(0).offset();
            c.seek(partition, handled.nextAfter(partition, first));
        }
    }

    private void commitIfDue(KafkaConsumer<String, String> c, boolean idle) {
        if (!handled.due(commitInterval, idle)) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = handled.takeForCommit();
        c.commitAsync(offsets, (committed, failure) -> {
            if (failure != null) {
                LOG.warnf("commit of %s failed, committed again later: %s", topic, failure.toString());
                handled.commitFailed(offsets);
            }
        });
    }

    private void commitNow(KafkaConsumer<String, String> c, Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (offsets.isEmpty()) {
            return;
        }
        try {
            c.commitSync(offsets, CLOSE_WAIT);
        } catch (WakeupException e) {
            // stop()'s wake-up, not a failed commit (WakeupException is a KafkaException): the caller commits again
            throw e;
        } catch (KafkaException e) {
            // the records are handled again by the partition's next owner; their handling is idempotent
            LOG.warnf("commit of %s failed: %s", topic, e.toString());
        }
    }

    private void pause(Duration pause) {
        if (pause.isNegative() || pause.isZero()) {
            return;
        }
        try {
            stopping.await(pause.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping.countDown();
        }
    }

    /** Commits what was handled of partitions before they go to another member; forgets partitions already lost. */
    private final class CommitOnRevoke implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, String> c;

        CommitOnRevoke(KafkaConsumer<String, String> c) {
            this.c = c;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            commitNow(c, handled.of(partitions));
            handled.remove(partitions);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            // nothing to do: the group's committed offsets say where to start
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            handled.remove(partitions);
        }
    }
}
