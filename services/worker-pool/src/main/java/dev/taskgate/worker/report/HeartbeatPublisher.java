package dev.taskgate.worker.report;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.worker.execution.HeldExecutions;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;

/**
 * Every 2 s (design.md, Kafka table) tells job-control that this instance is alive and which executions it
 * holds, on {@code taskgate.worker-heartbeats.v1} keyed by worker id.
 */
@ApplicationScoped
public class HeartbeatPublisher {
    private static final Logger LOG = Logger.getLogger(HeartbeatPublisher.class);

    private final Emitter<byte[]> heartbeats;
    private final HeldExecutions held;
    private final WorkerEvents events;
    private final Clock clock;
    private final Supplier<UUID> messageIds;

    @Inject
    HeartbeatPublisher(@Channel("heartbeats-out") @OnOverflow(OnOverflow.Strategy.DROP) Emitter<byte[]> heartbeats,
            HeldExecutions held, WorkerEvents events, Clock clock, Supplier<UUID> messageIds) {
        this.heartbeats = heartbeats;
        this.held = held;
        this.events = events;
        this.clock = clock;
        this.messageIds = messageIds;
    }

    // Not before the application runs: the emitter is connected to Kafka only during startup.
    @Scheduled(every = "2s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void heartbeat() {
        WorkerHeartbeat beat = new WorkerHeartbeat(messageIds.get(), clock.instant(), events.workerId(),
                held.snapshot());
        RecordHeaders headers = new RecordHeaders();
        headers.add(MessageHeaders.MESSAGE_ID, beat.messageId().toString().getBytes(StandardCharsets.UTF_8));
        headers.add(MessageHeaders.MESSAGE_TYPE, WorkerHeartbeat.TYPE.getBytes(StandardCharsets.UTF_8));
        Message<byte[]> message = Message.of(Wire.toBytes(beat))
                .addMetadata(OutgoingKafkaRecordMetadata.<String> builder()
                        .withKey(beat.workerId())
                        .withHeaders(headers)
                        .build())
                .withNack(failure -> {
                    LOG.warnf(failure, "Heartbeat not delivered [workerId=%s]", beat.workerId());
                    return CompletableFuture.completedFuture(null);
                });
        try {
            heartbeats.send(message);
        } catch (RuntimeException e) {
            // The next beat follows in 2 s; one lost beat is not worth more than a log line.
            LOG.warnf(e, "Heartbeat dropped [workerId=%s]", beat.workerId());
        }
    }
}
