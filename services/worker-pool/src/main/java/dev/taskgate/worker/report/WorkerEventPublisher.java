package dev.taskgate.worker.report;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;

/**
 * Publishes worker events to {@code taskgate.worker-events.v1} (key = execution id, acks=all, idempotent
 * producer) and progress, best effort, also to {@code taskgate.progress.v1}, where log messages go alone.
 */
@ApplicationScoped
public class WorkerEventPublisher {
    private static final Logger LOG = Logger.getLogger(WorkerEventPublisher.class);

    private final Emitter<byte[]> events;
    private final Emitter<byte[]> progress;

    @Inject
    WorkerEventPublisher(
            @Channel("worker-events-out") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 4096)
                    Emitter<byte[]> events,
            @Channel("progress-out") @OnOverflow(value = OnOverflow.Strategy.DROP) Emitter<byte[]> progress) {
        this.events = events;
        this.progress = progress;
    }

    /** Sends the event; the future completes when the broker has acknowledged it (or fails with the cause). */
    public CompletableFuture<Void> publish(WorkerEvent event) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        events.send(record(event, acked));
        return acked;
    }

    /**
     * Sends progress to worker-events (not awaited: a newer report or the terminal event supersedes it) and to
     * the progress topic, where losing it is acceptable.
     */
    public void publishProgress(Progress event) {
        publish(event).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.warnf(
                        failure,
                        "Progress not delivered [executionId=%s epoch=%d]",
                        event.executionId(),
                        event.epoch());
            }
        });
        try {
            progress.send(record(event, new CompletableFuture<>()));
        } catch (RuntimeException e) {
            LOG.debugf(e, "Best-effort progress dropped [executionId=%s]", event.executionId());
        }
    }

    /**
     * Sends a log message to the progress topic only (frontends forward it; job-control never needs it). The future
     * completes when the broker has it; a message that cannot be sent fails the future instead of throwing.
     */
    public CompletableFuture<Void> publishLog(LogMessage message) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        try {
            progress.send(
                    record(Wire.toBytes(message), message.messageId(), LogMessage.TYPE, message.executionId(), acked));
        } catch (RuntimeException e) {
            acked.completeExceptionally(e);
        }
        return acked;
    }

    static Message<byte[]> record(WorkerEvent event, CompletableFuture<Void> acked) {
        byte[] value;
        try {
            // Write through the interface type so the "type" discriminator is always present.
            value = Wire.mapper().writerFor(WorkerEvent.class).writeValueAsBytes(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + event.kind(), e);
        }
        return record(value, event.messageId(), typeName(event), event.executionId(), acked);
    }

    private static Message<byte[]> record(
            byte[] value, UUID messageId, String type, UUID executionId, CompletableFuture<Void> acked) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(MessageHeaders.MESSAGE_ID, messageId.toString().getBytes(StandardCharsets.UTF_8));
        headers.add(MessageHeaders.MESSAGE_TYPE, type.getBytes(StandardCharsets.UTF_8));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(executionId.toString())
                .withHeaders(headers)
                .build();
        return Message.of(value)
                .addMetadata(metadata)
                .withAck(() -> {
                    acked.complete(null);
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(failure -> {
                    acked.completeExceptionally(failure);
                    return CompletableFuture.completedFuture(null);
                });
    }

    /** The {@code type} discriminator of an event, as written by {@link Wire}. */
    static String typeName(WorkerEvent event) {
        return switch (event.kind()) {
            case STARTED -> "Started";
            case PROGRESS -> "Progress";
            case FINISHED -> "Finished";
            case FAILED -> "Failed";
            case STOPPED -> "Stopped";
            case CHILD_DIED -> "ChildDied";
            case INPUT_REQUESTED -> "InputRequested";
            case RESULT_STAGED -> "ResultStaged";
            case COMMIT_REQUESTED -> "CommitRequested";
            case CHECKPOINT_SAVED -> "CheckpointSaved";
            case ARTIFACT_SAVED -> "ArtifactSaved";
        };
    }
}
