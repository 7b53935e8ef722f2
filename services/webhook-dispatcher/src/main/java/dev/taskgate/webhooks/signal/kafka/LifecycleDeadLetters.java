package dev.taskgate.webhooks.signal.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringSerializer;

import io.smallrye.common.annotation.Identifier;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.webhooks.WebhooksConfig;

/**
 * Sends a lifecycle record this service cannot handle to {@code <lifecycle topic>.dlq}: its key, value and headers,
 * and the {@code dead-letter-*} headers job-control's operator API lists and replays it by (reason, cause, the topic,
 * partition and offset it was read at). Created on first use: most instances never dead-letter anything.
 */
@ApplicationScoped
class LifecycleDeadLetters {
    private static final int MAX_TEXT = 512;
    private static final Duration SEND_WAIT = Duration.ofSeconds(30);

    private final Map<String, Object> kafkaSettings;
    private final WebhooksConfig config;
    private KafkaProducer<String, String> producer;

    LifecycleDeadLetters(WebhooksConfig config, @Identifier("default-kafka-broker") Map<String, Object> kafkaSettings) {
        this.config = config;
        this.kafkaSettings = kafkaSettings;
    }

    /**
     * Sends it and waits for the broker's acknowledgement.
     *
     * @throws KafkaException when the record could not be written; the caller handles it again later
     */
    void send(ConsumerRecord<String, String> record, Throwable failure) {
        ProducerRecord<String, String> out = new ProducerRecord<>(
                record.topic() + ".dlq", null, record.key(), record.value(), copy(record.headers()));
        Headers headers = out.headers();
        add(headers, MessageHeaders.DLQ_REASON, String.valueOf(failure.getMessage()));
        if (failure.getCause() != null) {
            add(
                    headers,
                    MessageHeaders.DLQ_CAUSE,
                    String.valueOf(failure.getCause().getMessage()));
        }
        add(headers, MessageHeaders.DLQ_TOPIC, record.topic());
        add(headers, MessageHeaders.DLQ_PARTITION, Integer.toString(record.partition()));
        add(headers, MessageHeaders.DLQ_OFFSET, Long.toString(record.offset()));
        add(
                headers,
                MessageHeaders.DLQ_PREFIX + "exception-class-name",
                failure.getClass().getName());
        try {
            producer().send(out).get(SEND_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaException("interrupted while dead-lettering", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new KafkaException("dead-lettering failed", e.getCause() == null ? e : e.getCause());
        }
    }

    private static Headers copy(Headers original) {
        Headers copy = new RecordHeaders();
        for (Header h : original) {
            copy.add(h.key(), h.value());
        }
        return copy;
    }

    private static void add(Headers headers, String name, String value) {
        String text = value.length() > MAX_TEXT ? value.substring(0, MAX_TEXT) : value;
        headers.add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(properties());
        }
        return producer;
    }

    @PreDestroy
    synchronized void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }

    private Properties properties() {
        Properties p = KafkaSettings.client(kafkaSettings);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "webhook-dispatcher-dlq-" + config.instanceId());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return p;
    }
}
