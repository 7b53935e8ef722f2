package dev.taskgate.frontend.command;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.KafkaConnection;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.serviceauth.RecordSigner;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.tracing.TraceContext;

/**
 * Request/reply over Kafka: publishes a command to {@code taskgate.commands.v1} and waits for job-control's
 * {@link CommandReply} (delivered by {@link CommandReplyConsumer}) without holding a thread. Every
 * command is signed with the frontend's own key ({@link RecordSignature}, docs/security.md "Kafka"): job-control
 * applies only commands a frontend signed. Payload members are sealed first ({@link CommandSealing}).
 */
@Singleton
public class CommandGateway {
    /**
     * The largest command sent, in sealed bytes (payload members encrypted and base64-encoded, about 4/3 of their
     * JSON text). A submission's input travels on to the worker inside job-control's work record, which adds its own
     * fields; the quarter of Kafka's default record limit (1 MiB, {@code max.request.size}) kept free here is room for
     * them, so that a command taken is never a work record the broker refuses (docs/kafka.md "Record sizes").
     */
    public static final int MAX_COMMAND_BYTES = 768 * 1024;

    private static final Logger LOG = Logger.getLogger(CommandGateway.class);

    private final KafkaProducer<String, byte[]> producer;
    private final PendingReplies pending;
    private final CommandTopics topics;
    private final Duration timeout;
    private final RecordSigner signer;
    private final CommandSealing sealing;

    CommandGateway(
            FrontendConfig config,
            KafkaConnection kafka,
            PendingReplies pending,
            CommandTopics topics,
            CommandSealing sealing) {
        this.sealing = sealing;
        this.pending = pending;
        this.topics = topics;
        this.timeout = config.commandTimeout();
        this.signer = new RecordSigner("mcp-frontend", ServiceKeys.signingKey(config.serviceSigningKey()));
        Properties p = kafka.properties();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        // each record here is on a caller's critical path: send at once (kafka-clients 4 defaults linger.ms to 5)
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        // Bound every wait inside send() so a missing broker surfaces as a 503 rather than a hung request.
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(timeout.toMillis()));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.max(1000, timeout.toMillis())));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Long.toString(Math.max(2000, timeout.toMillis() * 2)));
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        this.producer = new KafkaProducer<>(p);
    }

    /**
     * Submits an execution; the key is the receipt namespace so that duplicates serialise on one partition. See
     * {@link #send} for what the answer holds.
     */
    public CompletableFuture<CommandReply> submit(SubmitExecution command) {
        return send(
                command, command.caller().principal() + "\n" + command.caller().workspace());
    }

    /** Asks for a cancellation; keyed by execution id. */
    public CompletableFuture<CommandReply> cancel(CancelExecution command) {
        return send(command, command.executionId().toString());
    }

    /** Delivers responses to input requests; keyed by execution id, like the execution's other commands. */
    public CompletableFuture<CommandReply> provideInput(ProvideInput command) {
        return send(command, command.executionId().toString());
    }

    /**
     * Publishes the command and answers job-control's reply, completed on the thread that ends the wait (the instance
     * reader's for a reply: hand longer work on to another), or failed with {@link CommandTimeoutException} (no reply within the command timeout, or
     * the broker refused the record) or {@link CommandTooLargeException}. Nothing waits on a thread meanwhile. Throws
     * instead, having published nothing, when the command is too large or {@link CommandsInFlightException} when
     * every place for a waiting command is taken. {@code send} itself blocks only while the producer has no metadata
     * for the topic or no buffer space ({@code max.block.ms}, the command timeout): call it from a worker thread.
     */
    private CompletableFuture<CommandReply> send(ExecutionCommand command, String key) {
        long deadline = System.nanoTime() + timeout.toNanos();
        UUID id = command.messageId();
        CompletableFuture<CommandReply> reply = pending.register(id);
        try {
            // sealed before it is signed: the signature covers the bytes on the wire
            byte[] value = sealing.seal(Wire.toBytes(command));
            if (value.length > MAX_COMMAND_BYTES) {
                throw tooLarge(command, value.length, null);
            }
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topics.commands(), key, value);
            record.headers().add(MessageHeaders.MESSAGE_ID, id.toString().getBytes(StandardCharsets.UTF_8));
            record.headers().add(MessageHeaders.MESSAGE_TYPE, typeName(command).getBytes(StandardCharsets.UTF_8));
            record.headers()
                    .add(
                            RecordSignature.HEADER,
                            signer.sign(topics.commands(), key, value).getBytes(StandardCharsets.US_ASCII));
            // the caller's request span (HTTP server span): the execution's trace starts there
            TraceContext.current().ifPresent(trace -> trace.writeTo(record.headers()));
            // one wait, for the reply: a reply implies the broker took the command, and a refused send ends the wait
            // through its callback
            producer.send(record, (metadata, refused) -> {
                if (refused != null) {
                    reply.completeExceptionally(refused);
                }
            });
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            pending.forget(id);
            throw new CommandTimeoutException("the broker is unreachable", e);
        } catch (RuntimeException e) {
            pending.forget(id);
            throw e;
        }
        return reply.orTimeout(remaining(deadline), TimeUnit.NANOSECONDS).handle((answer, failure) -> {
            pending.forget(id);
            if (failure == null) {
                return answer;
            }
            throw refusal(command, failure instanceof CompletionException ? failure.getCause() : failure);
        });
    }

    private RuntimeException refusal(ExecutionCommand command, Throwable failure) {
        UUID id = command.messageId();
        if (failure instanceof TimeoutException) {
            return new CommandTimeoutException(
                    "no reply to " + typeName(command) + " " + id + " within " + timeout, failure);
        }
        if (failure instanceof RecordTooLargeException) {
            // a broker whose limit is below ours: the same record will never be taken
            return tooLarge(command, -1, failure);
        }
        return new CommandTimeoutException("the broker did not accept " + typeName(command) + " " + id, failure);
    }

    private static CommandTooLargeException tooLarge(ExecutionCommand command, int bytes, Throwable refusal) {
        return new CommandTooLargeException(
                bytes,
                typeName(command) + " " + command.messageId() + " is too large to send"
                        + (refusal == null ? " (" + bytes + " sealed bytes)" : ": " + refusal.getMessage()),
                refusal);
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static String typeName(ExecutionCommand command) {
        switch (command.kind()) {
            case SUBMIT:
                return "SubmitExecution";
            case CANCEL:
                return "CancelExecution";
            case PROVIDE_INPUT:
                return "ProvideInput";
            default:
                throw new IllegalArgumentException("unknown command kind " + command.kind());
        }
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
        LOG.debug("command producer closed");
    }
}
