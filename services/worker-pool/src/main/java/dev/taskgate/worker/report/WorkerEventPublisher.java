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
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.tracing.TraceContext;
import dev.taskgate.worker.sealing.PayloadSealing;

/**
 * Publishes worker events to {@code taskgate.worker-events.v1} (key = execution id, acks=all, idempotent
 * producer), each with its payload members sealed ({@link PayloadSealing}) and then signed with worker-pool's key
 * ({@link WorkerRecordSigner}), and progress, best effort, also to
 * {@code taskgate.progress.v1}, where log messages go alone (unsigned: only frontends read it, to forward progress).
 */
@ApplicationScoped
public class WorkerEventPublisher {
    private static final Logger LOG = Logger.getLogger(WorkerEventPublisher.class);
    /** Progress and log records waiting for the broker, at most (about 1 KB each). */
    static final int PROGRESS_BUFFER = 1024;

    private final Emitter<byte[]> events;
    private final Emitter<byte[]> progress;
    private final WorkerRecordSigner signer;
    private final PayloadSealing sealing;
    private final ExecutionTraces traces;

    @Inject
    WorkerEventPublisher(
            @Channel("worker-events-out") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 4096)
                    Emitter<byte[]> events,
            // a burst waits here while the broker acknowledges earlier records (five in flight): dropping it lost the
            // middle reports of quick operations under load; a full buffer still drops (send throws, caught below)
            @Channel("progress-out") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = PROGRESS_BUFFER)
                    Emitter<byte[]> progress,
            WorkerRecordSigner signer,
            PayloadSealing sealing,
            ExecutionTraces traces) {
        this.traces = traces;
        this.sealing = sealing;
        this.events = events;
        this.progress = progress;
        this.signer = signer;
    }

    /** Sends the event; the future completes when the broker has acknowledged it (or fails with the cause). */
    public CompletableFuture<Void> publish(WorkerEvent event) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        events.send(signed(event, acked));
        if (isTerminal(event)) {
            traces.forget(event.executionId());
        }
        return acked;
    }

    private static boolean isTerminal(WorkerEvent event) {
        return switch (event.kind()) {
            case FINISHED, FAILED, STOPPED, CHILD_DIED -> true;
            case STARTED,
                    PROGRESS,
                    INPUT_REQUESTED,
                    RESULT_STAGED,
                    COMMIT_REQUESTED,
                    CHECKPOINT_SAVED,
                    ARTIFACT_SAVED -> false;
        };
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
            progress.send(record(event, traceOf(event.executionId()), new CompletableFuture<>()));
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
            progress.send(record(
                    Wire.toBytes(message),
                    message.messageId(),
                    LogMessage.TYPE,
                    message.executionId().toString(),
                    null,
                    null,
                    traceOf(message.executionId()),
                    acked));
        } catch (RuntimeException e) {
            acked.completeExceptionally(e);
        }
        return acked;
    }

    /**
     * The event for the worker-events topic, signed: sent explicitly to the topic the signature names, under the key
     * it names.
     */
    private Message<byte[]> signed(WorkerEvent event, CompletableFuture<Void> acked) {
        byte[] value = sealing.seal(value(event)); // sealed before it is signed: the signature covers the wire bytes
        String key = event.executionId().toString();
        return record(
                value,
                event.messageId(),
                typeName(event),
                key,
                signer.eventsTopic(),
                signer.signEvent(key, value),
                traceOf(event.executionId()),
                acked);
    }

    private TraceContext traceOf(UUID executionId) {
        return traces.of(executionId).orElse(null);
    }

    /** The event unsigned, for the progress topic (the channel's own topic). */
    static Message<byte[]> record(WorkerEvent event, TraceContext trace, CompletableFuture<Void> acked) {
        return record(
                value(event),
                event.messageId(),
                typeName(event),
                event.executionId().toString(),
                null,
                null,
                trace,
                acked);
    }

    private static byte[] value(WorkerEvent event) {
        try {
            // Write through the interface type so the "type" discriminator is always present.
            return Wire.mapper().writerFor(WorkerEvent.class).writeValueAsBytes(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + event.kind(), e);
        }
    }

    /**
     * @param topic     the topic to send to, {@code null} for the channel's
     * @param signature the {@link dev.taskgate.serviceauth.RecordSignature} header value, {@code null} for none
     * @param trace     the execution's trace ({@link ExecutionTraces}), {@code null} for none
     */
    private static Message<byte[]> record(
            byte[] value,
            UUID messageId,
            String type,
            String key,
            String topic,
            byte[] signature,
            TraceContext trace,
            CompletableFuture<Void> acked) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(MessageHeaders.MESSAGE_ID, messageId.toString().getBytes(StandardCharsets.UTF_8));
        headers.add(MessageHeaders.MESSAGE_TYPE, type.getBytes(StandardCharsets.UTF_8));
        if (signature != null) {
            headers.add(RecordSignature.HEADER, signature);
        }
        if (trace != null) {
            trace.writeTo(headers);
        }
        OutgoingKafkaRecordMetadata.OutgoingKafkaRecordMetadataBuilder<String> metadata =
                OutgoingKafkaRecordMetadata.<String>builder().withKey(key).withHeaders(headers);
        if (topic != null) {
            metadata.withTopic(topic);
        }
        return Message.of(value)
                .addMetadata(metadata.build())
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
