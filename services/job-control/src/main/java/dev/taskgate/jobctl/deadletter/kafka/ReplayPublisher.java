package dev.taskgate.jobctl.deadletter.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.deadletter.DeadLetterRecord;
import dev.taskgate.serviceauth.KafkaClientSecurity;

/**
 * Publishes a dead-lettered record again to its source topic: the same key bytes, value bytes and original headers
 * (the producer's {@code taskgate-signature} among them), never re-signed. Created on first use: most job-controls
 * never replay anything.
 */
@ApplicationScoped
public class ReplayPublisher {
    private final Map<String, Object> kafkaDefaults;
    private final JobControlConfig config;
    private KafkaProducer<byte[], byte[]> producer;

    ReplayPublisher(JobControlConfig config, @Identifier("default-kafka-broker") Map<String, Object> kafkaDefaults) {
        this.config = config;
        this.kafkaDefaults = kafkaDefaults;
    }

    /** Publishes {@code record} to {@code sourceTopic}; answers {@code <partition>/<offset>} once acknowledged. */
    public Uni<String> publish(String sourceTopic, DeadLetterRecord record) {
        List<Header> headers = new ArrayList<>();
        for (DeadLetterRecord.Header h : record.originalHeaders()) {
            headers.add(new RecordHeader(h.name(), h.value()));
        }
        ProducerRecord<byte[], byte[]> out =
                new ProducerRecord<>(sourceTopic, null, record.key(), record.value(), headers);
        return Uni.createFrom()
                .emitter(emitter -> producer().send(out, (metadata, error) -> {
                    if (error != null) {
                        emitter.fail(error);
                    } else {
                        emitter.complete(metadata.partition() + "/" + metadata.offset());
                    }
                }));
    }

    private synchronized KafkaProducer<byte[], byte[]> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(producerConfig());
        }
        return producer;
    }

    @PreDestroy
    synchronized void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }

    private Map<String, Object> producerConfig() {
        Map<String, Object> p = new HashMap<>(KafkaClientSecurity.of(kafkaDefaults));
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaDefaults.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "job-control-replay-" + config.instanceId());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        int timeout = (int)
                Math.min(Integer.MAX_VALUE, config.deadLetters().kafkaTimeout().toMillis());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeout);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }
}
