package dev.taskgate.frontend.command;

import java.util.Map;
import java.util.function.Consumer;

import jakarta.inject.Singleton;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.frontend.InstanceIdentity;
import dev.taskgate.frontend.kafka.InstanceRecordHandlers;
import dev.taskgate.frontend.kafka.InstanceTopics;
import dev.taskgate.payload.PayloadUnreadableException;

/**
 * Hands the records of {@code taskgate.command-replies.v1} addressed to this instance (read by
 * {@link InstanceTopics}, every partition from the end) to the waiting requests. Replies are not durable state: one
 * that arrives for nobody (timed out) is dropped, and the caller's retry finds the same execution through its receipt.
 */
@Singleton
public class CommandReplyConsumer implements InstanceRecordHandlers {
    private static final Logger LOG = Logger.getLogger(CommandReplyConsumer.class);

    private final CommandTopics topics;
    private final PendingReplies pending;
    private final String instanceId;
    private final CommandSealing sealing;

    CommandReplyConsumer(
            CommandTopics topics, PendingReplies pending, InstanceIdentity identity, CommandSealing sealing) {
        this.sealing = sealing;
        this.topics = topics;
        this.pending = pending;
        this.instanceId = identity.id();
    }

    @Override
    public Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers() {
        return Map.of(topics.replies(), this::onReply);
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
}
