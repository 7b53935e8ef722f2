package dev.taskgate.worker.report;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.worker.execution.HeldExecutions;

/**
 * Every {@code taskgate.worker.heartbeat-interval} (2 s, docs/kafka.md) tells job-control that this
 * instance is alive and which executions it holds, on {@code taskgate.worker-heartbeats.v1} keyed by worker id. On a
 * clean shutdown, once the child pool has stopped its children (which then report nothing), a last heartbeat marked
 * {@code leaving} tells job-control to settle the executions this instance gave up at once, instead of after the
 * heartbeat timeout. Every heartbeat is signed with worker-pool's key ({@link WorkerRecordSigner}).
 */
@ApplicationScoped
public class HeartbeatPublisher {
    private static final Logger LOG = Logger.getLogger(HeartbeatPublisher.class);
    /** After the child pool's shutdown observer (default priority 2500), which stops the children. */
    static final int AFTER_CHILDREN_STOPPED = 4000;

    private static final long LEAVING_ACK_TIMEOUT_MILLIS = 2000;

    /**
     * Guards {@link #leaving} and the sending of a heartbeat: a regular heartbeat that saw "not leaving" is stamped and
     * handed to the emitter before the leaving one, never after it (job-control takes a regular heartbeat stamped
     * after the leaving one for a new process under the same id and forgets that the instance left).
     */
    private final Object beats = new Object();

    private boolean leaving;

    private final Emitter<byte[]> heartbeats;
    private final HeldExecutions held;
    private final WorkerEvents events;
    private final Clock clock;
    private final Supplier<UUID> messageIds;
    private final WorkerRecordSigner signer;

    @Inject
    HeartbeatPublisher(
            @Channel("heartbeats-out") @OnOverflow(OnOverflow.Strategy.DROP) Emitter<byte[]> heartbeats,
            HeldExecutions held,
            WorkerEvents events,
            Clock clock,
            Supplier<UUID> messageIds,
            WorkerRecordSigner signer) {
        this.signer = signer;
        this.heartbeats = heartbeats;
        this.held = held;
        this.events = events;
        this.clock = clock;
        this.messageIds = messageIds;
    }

    // Not before the application runs: the emitter is connected to Kafka only during startup.
    @Scheduled(
            every = "${taskgate.worker.heartbeat-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void heartbeat() {
        synchronized (beats) {
            if (!leaving) {
                send(beat(false));
            }
        }
    }

    void onShutdown(@Observes @Priority(AFTER_CHILDREN_STOPPED) ShutdownEvent event) {
        WorkerHeartbeat last;
        CompletableFuture<Void> acked;
        synchronized (beats) {
            leaving = true;
            last = beat(true);
            acked = send(last);
        }
        try {
            acked.get(LEAVING_ACK_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            LOG.infof(
                    "Leaving heartbeat sent [workerId=%s gaveUp=%d]",
                    last.workerId(), last.held().size());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // job-control then settles this instance's executions after the heartbeat timeout instead
            LOG.warnf(e, "Leaving heartbeat not acknowledged [workerId=%s]", last.workerId());
        }
    }

    /**
     * A heartbeat stamped before the held executions are listed: a run whose terminal event was stamped before this
     * heartbeat had already left the list ({@link HeldExecutions#snapshot}).
     */
    private WorkerHeartbeat beat(boolean last) {
        UUID messageId = messageIds.get();
        Instant at = clock.instant();
        return new WorkerHeartbeat(messageId, at, events.workerId(), held.snapshot(), last ? Boolean.TRUE : null);
    }

    /** Sends one heartbeat; the future completes when the broker acknowledged it. */
    private CompletableFuture<Void> send(WorkerHeartbeat beat) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        byte[] value = Wire.toBytes(beat);
        RecordHeaders headers = new RecordHeaders();
        headers.add(MessageHeaders.MESSAGE_ID, beat.messageId().toString().getBytes(StandardCharsets.UTF_8));
        headers.add(MessageHeaders.MESSAGE_TYPE, WorkerHeartbeat.TYPE.getBytes(StandardCharsets.UTF_8));
        headers.add(RecordSignature.HEADER, signer.signHeartbeat(beat.workerId(), value));
        Message<byte[]> message = Message.of(value)
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                        .withKey(beat.workerId())
                        .withTopic(signer.heartbeatsTopic())
                        .withHeaders(headers)
                        .build())
                .withAck(() -> {
                    acked.complete(null);
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(failure -> {
                    LOG.warnf(failure, "Heartbeat not delivered [workerId=%s]", beat.workerId());
                    acked.completeExceptionally(failure);
                    return CompletableFuture.completedFuture(null);
                });
        try {
            heartbeats.send(message);
        } catch (RuntimeException e) {
            // The next beat follows in 2 s; one lost beat is not worth more than a log line.
            LOG.warnf(e, "Heartbeat dropped [workerId=%s]", beat.workerId());
            acked.completeExceptionally(e);
        }
        return acked;
    }
}
