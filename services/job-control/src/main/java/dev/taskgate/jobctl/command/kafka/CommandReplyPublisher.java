package dev.taskgate.jobctl.command.kafka;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.tracing.TraceContext;

/**
 * Sends command replies straight to {@code taskgate.command-replies.v1}, keyed by {@code replyTo}. Replies are
 * not durable state, so they bypass the outbox; a frontend that misses one retries and the receipt answers again.
 */
@ApplicationScoped
public class CommandReplyPublisher {

    private final MutinyEmitter<byte[]> emitter;
    private final RecordSealing sealing;

    CommandReplyPublisher(@Channel("command-replies-out") MutinyEmitter<byte[]> emitter, RecordSealing sealing) {
        this.emitter = emitter;
        this.sealing = sealing;
    }

    /** Sends the reply; completes once the broker acknowledged it. */
    public Uni<Void> send(CommandReply reply) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(MessageHeaders.MESSAGE_ID, reply.messageId().toString().getBytes(StandardCharsets.UTF_8));
        headers.add(MessageHeaders.MESSAGE_TYPE, typeOf(reply).getBytes(StandardCharsets.UTF_8));
        TraceContext.current().ifPresent(trace -> trace.writeTo(headers));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(reply.replyTo())
                .withHeaders(headers)
                .build();
        // the outstanding input requests of the snapshot travel sealed, like the InputRequested they came from
        return emitter.sendMessage(Message.of(sealing.seal(Wire.toBytes(reply))).addMetadata(metadata));
    }

    private static String typeOf(CommandReply reply) {
        return reply instanceof Accepted ? "Accepted" : "Rejected";
    }
}
