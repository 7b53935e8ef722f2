package dev.taskgate.frontend.support;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.serviceauth.InvalidRecordSignatureException;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.serviceauth.RecordVerifier;
import dev.taskgate.testsupport.DevServiceKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.TestInfra;

/**
 * The test playing job-control on the real broker: consumes {@code fe-test.taskgate.commands.v1} from its
 * current end and answers each command on {@code fe-test.taskgate.command-replies.v1} (keyed by {@code replyTo})
 * with whatever the behaviour returns ({@code null}: no answer). Like job-control, it answers only commands whose
 * record signature verifies as mcp-frontend's (development key, {@link DevServiceKeys#recordVerifier}) and whose
 * payload members open with the development payload ring; every command is kept in {@link #received()}, opened,
 * with the verdict.
 */
public final class JobControlResponder implements AutoCloseable {
    /** Commands topic under the test prefix. */
    public static final String COMMANDS = "fe-test.taskgate.commands.v1";
    /** Replies topic under the test prefix. */
    public static final String REPLIES = "fe-test.taskgate.command-replies.v1";

    /**
     * A command as it was received.
     *
     * @param signatureRefusal why its record signature did not verify, {@code null} when it did
     * @param traceparentHeader the W3C trace context it carried, {@code null} for none
     */
    public record Received(
            String key,
            String messageIdHeader,
            String messageTypeHeader,
            ExecutionCommand command,
            String signatureRefusal,
            String traceparentHeader) {
        /** Whether mcp-frontend signed the record. */
        public boolean signed() {
            return signatureRefusal == null;
        }
    }

    private static final RecordVerifier VERIFIER = DevServiceKeys.recordVerifier();

    private final KafkaConsumer<String, byte[]> consumer;
    private final KafkaTestClient kafka = KafkaTestClient.connect();
    private final Function<ExecutionCommand, CommandReply> behaviour;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    private JobControlResponder(Function<ExecutionCommand, CommandReply> behaviour) {
        this.behaviour = behaviour;
        Properties p = TestInfra.kafkaAdmin();
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        // as for KafkaTestClient's watchers: close() waits behind the long poll in flight (default 500 ms)
        p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "50");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        consumer = new KafkaConsumer<>(p);
        List<TopicPartition> partitions = consumer.partitionsFor(COMMANDS, Duration.ofSeconds(30)).stream()
                .map(i -> new TopicPartition(COMMANDS, i.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        thread = new Thread(this::run, "test-job-control");
        thread.start();
    }

    /** Starts answering with this behaviour. */
    public static JobControlResponder answering(Function<ExecutionCommand, CommandReply> behaviour) {
        return new JobControlResponder(behaviour);
    }

    /** Every command received so far. */
    public List<Received> received() {
        return List.copyOf(received);
    }

    private void run() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                    String refusal = refusal(r);
                    byte[] value = r.value();
                    try {
                        value = kafka.open(r.value()); // as job-control: payload members opened after verifying
                    } catch (RuntimeException e) {
                        refusal = refusal == null ? "payload not opened: " + e.getMessage() : refusal;
                    }
                    ExecutionCommand command = Wire.fromBytes(value, ExecutionCommand.class);
                    received.add(new Received(
                            r.key(),
                            header(r, "message-id"),
                            header(r, "message-type"),
                            command,
                            refusal,
                            header(r, "traceparent")));
                    if (refusal != null) {
                        continue;
                    }
                    CommandReply reply = behaviour.apply(command);
                    if (reply != null) {
                        kafka.send(REPLIES, reply.replyTo(), reply);
                    }
                }
            }
        } catch (WakeupException e) {
            // closing
        } finally {
            consumer.close();
        }
    }

    private static String refusal(ConsumerRecord<String, byte[]> r) {
        try {
            VERIFIER.verify(header(r, RecordSignature.HEADER), KafkaTestClient.FRONTEND, r.topic(), r.key(), r.value());
            return null;
        } catch (InvalidRecordSignatureException e) {
            return e.getMessage();
        }
    }

    private static String header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kafka.close();
    }
}
