package dev.taskgate.jobctl.deadletter.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import io.smallrye.common.annotation.Identifier;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.deadletter.DeadLetterRecord;
import dev.taskgate.serviceauth.KafkaClientSecurity;

/**
 * Reads dead-letter topics by position, without a consumer group (nothing is committed, nothing rebalanced): one
 * short-lived consumer per call, assigned to one partition at a time. Blocking: call from a worker thread.
 */
@ApplicationScoped
public class DeadLetterTopicReader {
    private static final Duration POLL = Duration.ofMillis(200);

    private final Map<String, Object> kafkaDefaults;
    private final JobControlConfig config;

    DeadLetterTopicReader(
            JobControlConfig config, @Identifier("default-kafka-broker") Map<String, Object> kafkaDefaults) {
        this.config = config;
        this.kafkaDefaults = kafkaDefaults;
    }

    /** Why Kafka did not answer within the configured wait. */
    public static final class KafkaUnavailableException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        KafkaUnavailableException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Up to {@code max} records from {@code from} on: the rest of that partition, then the following partitions of
     * the same topic and the following topics of {@code topics} (each from its beginning), in that order.
     *
     * @param topics        dead-letter topics in list order; {@code from.topic()} must be one of them
     * @param onlyPartition when set, that partition of each topic only
     */
    public List<DeadLetterRecord> read(List<String> topics, Position from, Integer onlyPartition, int max) {
        List<DeadLetterRecord> found = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
            boolean started = from == null;
            for (String topic : topics) {
                if (!started && !topic.equals(from.topic())) {
                    continue;
                }
                for (TopicPartition tp : partitions(consumer, topic)) {
                    if (onlyPartition != null && tp.partition() != onlyPartition) {
                        continue;
                    }
                    if (!started && tp.partition() < from.partition()) {
                        continue;
                    }
                    long start = !started && tp.partition() == from.partition() ? from.offset() : 0;
                    found.addAll(readPartition(consumer, tp, start, Long.MAX_VALUE, max - found.size()));
                    if (found.size() >= max) {
                        return found;
                    }
                }
                started = true;
            }
        } catch (TimeoutException e) {
            throw new KafkaUnavailableException("Kafka did not answer in time", e);
        }
        return found;
    }

    /** The records of one partition with offsets in [{@code from}, {@code to}], oldest first. */
    public List<DeadLetterRecord> range(String topic, int partition, long from, long to) {
        try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
            TopicPartition tp = new TopicPartition(topic, partition);
            if (!partitions(consumer, topic).contains(tp)) {
                return List.of();
            }
            return readPartition(consumer, tp, from, to + 1, Integer.MAX_VALUE);
        } catch (TimeoutException e) {
            throw new KafkaUnavailableException("Kafka did not answer in time", e);
        }
    }

    /** One record, if it is still there. */
    public Optional<DeadLetterRecord> find(String topic, int partition, long offset) {
        return range(topic, partition, offset, offset).stream().findFirst();
    }

    private List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer, String topic) {
        List<PartitionInfo> infos =
                consumer.partitionsFor(topic, config.deadLetters().kafkaTimeout());
        if (infos == null) {
            return List.of();
        }
        return infos.stream()
                .map(i -> new TopicPartition(i.topic(), i.partition()))
                .sorted(Comparator.comparingInt(TopicPartition::partition))
                .toList();
    }

    // [start, endExclusive) of one partition, bounded by the partition's end as it is now and by max records
    private List<DeadLetterRecord> readPartition(
            KafkaConsumer<byte[], byte[]> consumer, TopicPartition tp, long start, long endExclusive, int max) {
        Duration timeout = config.deadLetters().kafkaTimeout();
        long first =
                Math.max(start, consumer.beginningOffsets(List.of(tp), timeout).get(tp));
        long last =
                Math.min(endExclusive, consumer.endOffsets(List.of(tp), timeout).get(tp));
        List<DeadLetterRecord> found = new ArrayList<>();
        if (first >= last || max <= 0) {
            return found;
        }
        consumer.assign(List.of(tp));
        consumer.seek(tp, first);
        Instant deadline = Instant.now().plus(timeout);
        while (consumer.position(tp, timeout) < last && found.size() < max) {
            if (Instant.now().isAfter(deadline)) {
                throw new KafkaUnavailableException("reading " + tp + " took longer than " + timeout, null);
            }
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL).records(tp)) {
                if (r.offset() < last && found.size() < max) {
                    found.add(toRecord(r));
                }
            }
        }
        return found;
    }

    private static DeadLetterRecord toRecord(ConsumerRecord<byte[], byte[]> r) {
        List<DeadLetterRecord.Header> headers = new ArrayList<>();
        for (Header h : r.headers()) {
            headers.add(new DeadLetterRecord.Header(h.key(), h.value()));
        }
        return new DeadLetterRecord(
                r.topic(), r.partition(), r.offset(), Instant.ofEpochMilli(r.timestamp()), r.key(), r.value(), headers);
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        Map<String, Object> c = new HashMap<>(KafkaClientSecurity.of(kafkaDefaults));
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaDefaults.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG));
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "job-control-dead-letters-" + config.instanceId());
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 100);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(c);
    }

    /** Where a read starts. */
    public record Position(String topic, int partition, long offset) {}
}
