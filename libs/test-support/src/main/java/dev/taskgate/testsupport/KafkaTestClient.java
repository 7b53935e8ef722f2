package dev.taskgate.testsupport;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.payload.RecordPayloads;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.serviceauth.RecordSigner;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * A plain Kafka producer and topic watchers against the test broker, for component and system tests.
 * Nothing here fakes the broker: records really go through {@link TestInfra#kafkaBootstrap()}.
 *
 * <p><b>Signatures.</b> job-control applies only records signed by the service that produces them in a deployment
 * (header {@value RecordSignature#HEADER}, docs/security.md "Kafka"), so {@link #send} and {@link #sendRaw} sign
 * like that service, chosen by the topic name (any prefix): {@code taskgate.commands.v1} as mcp-frontend,
 * {@code taskgate.worker-events.v1} and {@code taskgate.worker-heartbeats.v1} as worker-pool. {@link #connect()}
 * signs with the development keys ({@link DevServiceKeys}, trusted by job-control's {@code %test} profile),
 * {@link #connect(Map)} with the keys given (a system-test stack's own). Records for other topics are not signed:
 * nothing verifies them. Negative tests choose the signature explicitly with a {@link Signature}: none, another
 * service's, or any header value.
 *
 * <p><b>Payloads.</b> Services seal the payload members of their records (docs/security.md "Payloads on Kafka"), so
 * {@link #send} seals them like the producing service before signing, with the development ring
 * ({@link DevPayloadKeys}) or a stack's own; {@link #sendRaw} sends the bytes given. A {@link TopicWatcher} opens the
 * records it parses; the raw records of {@link TopicWatcher#drain} and {@link TopicWatcher#drainToEnd} stay sealed
 * (open them with {@link #open}).
 */
public final class KafkaTestClient implements AutoCloseable {
    /** The issuer of commands. */
    public static final String FRONTEND = "mcp-frontend";
    /** The issuer of worker events and heartbeats. */
    public static final String WORKER_POOL = "worker-pool";

    private final KafkaProducer<String, byte[]> producer;
    private final Map<String, RecordSigner> signers;
    private final RecordPayloads payloads;

    private KafkaTestClient(Map<String, String> signingKeys, List<String> payloadKeys) {
        this.payloads = DevPayloadKeys.recordPayloads(payloadKeys);
        Map<String, RecordSigner> bySigner = new HashMap<>();
        signingKeys.forEach(
                (issuer, key) -> bySigner.put(issuer, new RecordSigner(issuer, ServiceKeys.signingKey(key))));
        this.signers = Map.copyOf(bySigner);
        this.producer = new KafkaProducer<>(producerProperties());
    }

    private static Properties producerProperties() {
        Properties p = TestInfra.kafkaAdmin();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    /**
     * A client for the broker started by {@code bin/test}, as its administrator (every topic), signing with the
     * development keys of mcp-frontend and worker-pool.
     */
    public static KafkaTestClient connect() {
        return connect(
                Map.of(
                        FRONTEND,
                        DevServiceKeys.FRONTEND_SIGNING_KEY,
                        WORKER_POOL,
                        DevServiceKeys.WORKER_POOL_SIGNING_KEY),
                DevPayloadKeys.RING);
    }

    /**
     * A client signing with the keys given: issuer ({@code mcp-frontend}, {@code worker-pool}) → its signing key
     * {@code <keyId>:<base64 key>}. An issuer without a key cannot sign here. Payloads are sealed and opened with
     * {@code payloadKeys} ({@code <key id>:<base64 key>} entries, the first sealing).
     */
    public static KafkaTestClient connect(Map<String, String> signingKeys, List<String> payloadKeys) {
        return new KafkaTestClient(signingKeys, payloadKeys);
    }

    /** The service that produces on {@code topic} in a deployment and signs its records, or {@code null}. */
    public static String producerOf(String topic) {
        if (topic.endsWith(Topics.COMMANDS)) {
            return FRONTEND;
        }
        if (topic.endsWith(Topics.WORKER_EVENTS) || topic.endsWith(Topics.WORKER_HEARTBEATS)) {
            return WORKER_POOL;
        }
        return null;
    }

    /**
     * Sends a contract record serialised with {@link Wire}, its payload members sealed, with the {@code message-id}
     * and {@code message-type} headers taken from its {@code messageId} and {@code type} members, signed as the
     * topic's producer ({@link #producerOf}), and waits for the broker's acknowledgement.
     */
    public void send(String topic, String key, Object record) {
        send(topic, key, record, Signature.asProducer());
    }

    /** As {@link #send(String, String, Object)}, with the signature chosen explicitly. */
    public void send(String topic, String key, Object record, Signature signature) {
        send(topic, key, record, signature, Map.of());
    }

    /**
     * As {@link #send(String, String, Object)}, with more headers (e.g. a W3C {@code traceparent}), each written once
     * as UTF-8.
     */
    public void send(String topic, String key, Object record, Map<String, String> headers) {
        send(topic, key, record, Signature.asProducer(), headers);
    }

    /**
     * Sends contract records as {@link #send(String, String, Object)} does, all with {@code key}, in one Kafka record
     * batch, so that a consumer reads them in one poll; waits for the broker's acknowledgement.
     */
    public void sendTogether(String topic, String key, List<?> records) {
        Properties p = producerProperties();
        // nothing leaves before the flush below: one record batch
        p.put(ProducerConfig.LINGER_MS_CONFIG, "60000");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, "1048576");
        try (KafkaProducer<String, byte[]> together = new KafkaProducer<>(p)) {
            List<Future<RecordMetadata>> sent = records.stream()
                    .map(r -> together.send(record(topic, key, r, Signature.asProducer(), Map.of())))
                    .toList();
            together.flush();
            for (Future<RecordMetadata> one : sent) {
                one.get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending to " + topic, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("send to " + topic + " failed", e);
        }
    }

    private void send(String topic, String key, Object record, Signature signature, Map<String, String> headers) {
        await(record(topic, key, record, signature, headers));
    }

    private ProducerRecord<String, byte[]> record(
            String topic, String key, Object record, Signature signature, Map<String, String> headers) {
        JsonNode json = Wire.mapper().valueToTree(record);
        byte[] value = json.hasNonNull("type") ? payloads.seal(Wire.toBytes(record)) : Wire.toBytes(record);
        ProducerRecord<String, byte[]> r = new ProducerRecord<>(topic, key, value);
        sign(r, signature);
        if (json.hasNonNull("messageId")) {
            r.headers()
                    .add(
                            MessageHeaders.MESSAGE_ID,
                            json.get("messageId").asText().getBytes(StandardCharsets.UTF_8));
        }
        if (json.hasNonNull("type")) {
            r.headers()
                    .add(MessageHeaders.MESSAGE_TYPE, json.get("type").asText().getBytes(StandardCharsets.UTF_8));
        }
        headers.forEach((name, text) -> r.headers().add(name, utf8(text)));
        return r;
    }

    /**
     * Sends {@code record} to {@code <sourceTopic>.dlq} as SmallRye's {@code dead-letter-queue} failure strategy
     * leaves a record it could not handle: the value, key and headers it had on {@code sourceTopic} (sealed, signed
     * by the source topic's producer for the source topic, {@code message-id} and {@code message-type}), plus the
     * {@code dead-letter-*} headers (exception class, reason, topic, partition, offset).
     */
    public void sendDeadLettered(
            String sourceTopic, int partition, long offset, String key, Object record, String reason) {
        JsonNode json = Wire.mapper().valueToTree(record);
        byte[] value = payloads.seal(Wire.toBytes(record));
        ProducerRecord<String, byte[]> r = new ProducerRecord<>(sourceTopic + ".dlq", key, value);
        String producer = producerOf(sourceTopic);
        if (producer != null) {
            r.headers().add(RecordSignature.HEADER, utf8(signature(producer, sourceTopic, key, value)));
        }
        r.headers().add(MessageHeaders.MESSAGE_ID, utf8(json.get("messageId").asText()));
        r.headers().add(MessageHeaders.MESSAGE_TYPE, utf8(json.get("type").asText()));
        r.headers().add("dead-letter-exception-class-name", utf8("java.lang.IllegalStateException"));
        r.headers().add(MessageHeaders.DLQ_REASON, utf8(reason));
        r.headers().add(MessageHeaders.DLQ_TOPIC, utf8(sourceTopic));
        r.headers().add(MessageHeaders.DLQ_PARTITION, utf8(Integer.toString(partition)));
        r.headers().add(MessageHeaders.DLQ_OFFSET, utf8(Long.toString(offset)));
        await(r);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Sends raw bytes (e.g. a poison record) signed as the topic's producer, and waits for the acknowledgement: a
     * signed record that does not parse is the consumer's poison record, an unsigned one never gets that far.
     */
    public void sendRaw(String topic, String key, byte[] value) {
        sendRaw(topic, key, value, Signature.asProducer());
    }

    /** As {@link #sendRaw(String, String, byte[])}, with the signature chosen explicitly. */
    public void sendRaw(String topic, String key, byte[] value, Signature signature) {
        ProducerRecord<String, byte[]> r = new ProducerRecord<>(topic, key, value);
        sign(r, signature);
        await(r);
    }

    /** A record's wire bytes with its payload members sealed as the producing service seals them. */
    public byte[] seal(byte[] record) {
        return payloads.seal(record);
    }

    /**
     * A record's wire bytes with its payload members opened.
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException when a payload member is not sealed under this ring
     */
    public byte[] open(byte[] record) {
        return payloads.open(record);
    }

    /** The {@value RecordSignature#HEADER} value this client would give a record signed as {@code issuer}. */
    public String signature(String issuer, String topic, String key, byte[] value) {
        RecordSigner signer = signers.get(issuer);
        if (signer == null) {
            throw new IllegalArgumentException("no signing key for " + issuer);
        }
        return signer.sign(topic, key, value);
    }

    private void sign(ProducerRecord<String, byte[]> r, Signature signature) {
        String header;
        if (signature.header != null) {
            header = signature.header;
        } else if (signature.issuer != null) {
            header = signature(signature.issuer, r.topic(), r.key(), r.value());
        } else if (signature.asProducer) {
            String producer = producerOf(r.topic());
            header = producer == null ? null : signature(producer, r.topic(), r.key(), r.value());
        } else {
            header = null;
        }
        if (header != null) {
            r.headers().add(RecordSignature.HEADER, header.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** How a record sent by this client is signed. */
    public static final class Signature {
        private final boolean asProducer;
        private final String issuer;
        private final String header;

        private Signature(boolean asProducer, String issuer, String header) {
            this.asProducer = asProducer;
            this.issuer = issuer;
            this.header = header;
        }

        /** As the service that produces on the topic ({@link #producerOf}); the default. */
        public static Signature asProducer() {
            return new Signature(true, null, null);
        }

        /** No signature header at all. */
        public static Signature none() {
            return new Signature(false, null, null);
        }

        /** Correctly signed, but by {@code issuer} ({@code mcp-frontend}, {@code worker-pool}) whatever the topic. */
        public static Signature as(String issuer) {
            return new Signature(false, issuer, null);
        }

        /** This exact header value (garbage, a signature made for another record, …). */
        public static Signature header(String value) {
            return new Signature(false, null, value);
        }
    }

    private void await(ProducerRecord<String, byte[]> r) {
        try {
            producer.send(r).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending to " + r.topic(), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("send to " + r.topic() + " failed", e);
        }
    }

    /**
     * Starts watching a topic from its current end: only records produced after this call are seen.
     * Create the watcher before triggering what you want to observe.
     */
    public TopicWatcher watch(String topic) {
        return new TopicWatcher(topic, payloads);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }

    /** Reads one topic (all partitions) from the position it had when created. */
    public static final class TopicWatcher implements AutoCloseable {
        private final KafkaConsumer<String, byte[]> consumer;
        private final String topic;
        private final List<ConsumerRecord<String, byte[]>> seen = new ArrayList<>();
        private final RecordPayloads payloads;

        TopicWatcher(String topic, RecordPayloads payloads) {
            this.topic = topic;
            this.payloads = payloads;
            Properties p = TestInfra.kafkaAdmin();
            p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-watcher-" + UUID.randomUUID());
            p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
            // close() sends the fetch-session close behind the long poll in flight, so it lasts up to this wait
            // (default 500 ms, paid by every watcher); a record still ends a waiting fetch at once
            p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "50");
            p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
            this.consumer = new KafkaConsumer<>(p);
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            if (partitions.isEmpty()) {
                throw new IllegalStateException("topic does not exist: " + topic);
            }
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // resolve the end offsets now, not at the first poll
        }

        /**
         * Waits until a record, its payload members opened, parses as {@code type} and matches; records of other
         * types, and records that cannot be opened, are skipped.
         * Throws {@link AssertionError} after the timeout.
         */
        public <T> T await(Class<T> type, Predicate<T> match, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            int checked = 0;
            while (true) {
                for (; checked < seen.size(); checked++) {
                    T parsed = tryParse(seen.get(checked).value(), type);
                    if (parsed != null && match.test(parsed)) {
                        checked++;
                        return parsed;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no matching " + type.getSimpleName() + " on " + topic + " within "
                            + timeout + " (" + seen.size() + " records seen)");
                }
                consumer.poll(Duration.ofMillis(100)).forEach(seen::add);
            }
        }

        /** Every record read so far plus whatever arrives within {@code window}. */
        public List<ConsumerRecord<String, byte[]>> drain(Duration window) {
            long deadline = System.nanoTime() + window.toNanos();
            while (System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(100)).forEach(seen::add);
            }
            return List.copyOf(seen);
        }

        /**
         * Every record read so far plus every record the topic held when this is called: reads up to the partitions'
         * end offsets of this moment, then returns. A request that published (and had acknowledged) a record before
         * it was answered has it in the result, so "nothing was published" needs no waiting window.
         */
        public List<ConsumerRecord<String, byte[]>> drainToEnd() {
            Map<TopicPartition, Long> ends = consumer.endOffsets(consumer.assignment(), Duration.ofSeconds(30));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (ends.entrySet().stream().anyMatch(end -> consumer.position(end.getKey()) < end.getValue())) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + topic + " up to " + ends + " within 30 s");
                }
                consumer.poll(Duration.ofMillis(50)).forEach(seen::add);
            }
            return List.copyOf(seen);
        }

        private <T> T tryParse(byte[] value, Class<T> type) {
            try {
                return Wire.mapper().readValue(payloads.open(value), type);
            } catch (Exception e) {
                return null;
            }
        }

        @Override
        public void close() {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        }
    }
}
