package dev.taskgate.topicreader;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

import dev.taskgate.contracts.MessageHeaders;

/**
 * Sends a record its consumer cannot handle to {@code <its topic>.dlq}: its key, value and headers, and the
 * {@code dead-letter-*} headers job-control's operator API lists and replays it by (reason, cause, the topic,
 * partition and offset it was read at) — the headers the messaging channels' dead-letter strategy writes. The
 * producer is created on first use: most instances never dead-letter anything.
 *
 * @param <V> the type of the values, as the consumer read them
 */
public final class DeadLetters<V> implements AutoCloseable {
    private static final int MAX_TEXT = 512;
    private static final Duration SEND_WAIT = Duration.ofSeconds(30);

    private final Properties connection;
    private final String clientId;
    private final Serializer<V> values;
    private KafkaProducer<String, V> producer;

    /**
     * @param connection the broker's address and credentials
     * @param clientId   the producer's {@code client.id}
     * @param values     how the values are written again
     */
    public DeadLetters(Properties connection, String clientId, Serializer<V> values) {
        this.connection = connection;
        this.clientId = clientId;
        this.values = values;
    }

    /**
     * Sends it and waits for the broker's acknowledgement.
     *
     * @param failure why the record is not handled: its message is the reason, its cause's message the cause
     * @throws KafkaException when the record could not be written; the caller decides whether to try again
     */
    public void send(ConsumerRecord<String, V> record, Throwable failure) {
        ProducerRecord<String, V> out = new ProducerRecord<>(
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

    @Override
    public synchronized void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }

    private synchronized KafkaProducer<String, V> producer() {
        if (producer == null) {
            Properties p = new Properties();
            p.putAll(connection);
            p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
            p.put(ProducerConfig.ACKS_CONFIG, "all");
            p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
            producer = new KafkaProducer<>(p, new StringSerializer(), values);
        }
        return producer;
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
}
