package dev.taskgate.frontend.command;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.InstanceIdentity;
import dev.taskgate.frontend.KafkaConnection;
import dev.taskgate.payload.PayloadUnreadableException;

/**
 * Reads {@code taskgate.command-replies.v1} in this instance's own consumer group
 * ({@code mcp-frontend-<instance id>}, starting at the end) and hands the replies addressed to this instance
 * to the waiting requests. Replies are not durable state: one that arrives for nobody (timed out) is dropped,
 * and the caller's retry finds the same execution through its receipt.
 *
 * <p>Start-up waits until the partitions are assigned and their positions resolved, and readiness reports DOWN
 * until then: a command sent before that could be answered at an offset the consumer would skip.
 */
@Singleton
public class CommandReplyConsumer {
    private static final Logger LOG = Logger.getLogger(CommandReplyConsumer.class);

    private final FrontendConfig config;
    private final KafkaConnection kafka;
    private final CommandTopics topics;
    private final PendingReplies pending;
    private final String instanceId;
    private final CommandSealing sealing;
    private final MeterRegistry registry;
    private final CountDownLatch positioned = new CountDownLatch(1);
    private volatile boolean assigned;
    private volatile boolean running = true;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    CommandReplyConsumer(
            FrontendConfig config,
            KafkaConnection kafka,
            CommandTopics topics,
            PendingReplies pending,
            InstanceIdentity identity,
            CommandSealing sealing,
            MeterRegistry registry) {
        this.sealing = sealing;
        this.registry = registry;
        this.config = config;
        this.kafka = kafka;
        this.topics = topics;
        this.pending = pending;
        this.instanceId = identity.id();
    }

    void onStart(@Observes StartupEvent event) throws InterruptedException {
        thread = new Thread(this::run, "command-replies");
        thread.setDaemon(true);
        thread.start();
        Duration wait = config.repliesReadyTimeout();
        if (!positioned.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
            LOG.warnf(
                    "command reply consumer not assigned after %s; readiness stays DOWN until it is topic=%s",
                    wait, topics.replies());
        }
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        running = false;
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        if (thread != null) {
            thread.join(10_000);
        }
    }

    /** True once the reply partitions are assigned and positioned: replies sent from now on are seen. */
    public boolean isReady() {
        return assigned;
    }

    private void run() {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(properties());
                KafkaClientMetrics metrics = new KafkaClientMetrics(c)) {
            metrics.bindTo(registry); // the lag panel and the lag alert select these
            consumer = c;
            c.subscribe(List.of(topics.replies()), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    // Resolve the "latest" positions now, before reporting ready, not lazily at the next fetch.
                    partitions.forEach(c::position);
                    assigned = true;
                    positioned.countDown();
                    LOG.infof("command replies assigned partitions=%s group=%s", partitions, groupId());
                }

                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    assigned = false;
                }
            });
            while (running) {
                try {
                    for (ConsumerRecord<String, byte[]> record : c.poll(KafkaConnection.POLL_WAIT)) {
                        onReply(record);
                    }
                } catch (WakeupException e) {
                    break;
                } catch (RuntimeException e) {
                    LOG.errorf(e, "command reply poll failed topic=%s; retrying", topics.replies());
                    pause();
                }
            }
            // bounded (KafkaConnection.CLOSE_WAIT); the close of the try that follows then does nothing more
            c.close(CloseOptions.timeout(KafkaConnection.CLOSE_WAIT));
        } catch (WakeupException e) {
            LOG.debug("command reply consumer woken for shutdown");
        } catch (RuntimeException e) {
            LOG.errorf(e, "command reply consumer stopped topic=%s", topics.replies());
        } finally {
            assigned = false;
        }
    }

    void onReply(ConsumerRecord<String, byte[]> record) {
        CommandReply reply;
        try {
            reply = Wire.fromBytes(sealing.open(record.value()), CommandReply.class);
        } catch (PayloadUnreadableException e) {
            // never applied: the waiting request times out as if the reply were lost, and the caller's retry asks again
            LOG.warnf(
                    "command reply refused, payload not opened topic=%s partition=%d offset=%d reason=%s",
                    record.topic(), record.partition(), record.offset(), e.getMessage());
            return;
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            LOG.warnf(
                    "unparseable command reply skipped topic=%s partition=%d offset=%d reason=%s",
                    record.topic(), record.partition(), record.offset(), e.getMessage());
            return;
        }
        if (!instanceId.equals(reply.replyTo())) {
            return;
        }
        if (!pending.complete(reply)) {
            LOG.debugf("command reply for nobody (timed out?) correlationId=%s", reply.correlationId());
        }
    }

    private Properties properties() {
        Properties p = kafka.consumerProperties();
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId());
        // the same on every instance (the group is the instance's): one name per consumer in the metrics
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "mcp-frontend-command-replies");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        // Replies are for live requests only: nothing to resume after a restart, so no offsets are committed.
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }

    private String groupId() {
        return "mcp-frontend-" + instanceId;
    }

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
