package dev.taskgate.jobctl.shutdown.kafka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.impl.ReactiveKafkaConsumer;

import dev.taskgate.jobctl.shutdown.RecordIntake;

/**
 * Hands the partitions of the commands and worker-events channels to the other instances as soon as a graceful stop
 * begins (docs/operations.md "Rolling restarts"), rather than when the connector closes them, late in the stop and
 * after the PostgreSQL pool: no record is admitted any more ({@link RecordIntake}), the records in hand get
 * {@link #IN_HAND_BOUND} to settle, then each consumer closes — committing what was processed and leaving the group,
 * so that the group rebalances at once and a command waits for the next owner a rebalance long, not a whole stop.
 */
@ApplicationScoped
public class PartitionHandover {
    /** The channels whose partitions must move while this instance stops (consumer group {@code job-control}). */
    static final List<String> CHANNELS = List.of("commands-in", "worker-events-in");

    static final Duration IN_HAND_BOUND = Duration.ofSeconds(5);
    // closing a consumer commits and leaves the group; a broker away must not hold the stop for long
    private static final Duration CLOSE_BOUND = Duration.ofSeconds(15);
    /** Before every other shutdown observer: the outbox relay, the sweepers, the pool behind them. */
    public static final int FIRST = 1;

    private static final Logger LOG = Logger.getLogger(PartitionHandover.class);

    private final RecordIntake intake;
    private final KafkaClientService kafka;
    private CompletableFuture<Void> handover;

    PartitionHandover(RecordIntake intake, KafkaClientService kafka) {
        this.intake = intake;
        this.kafka = kafka;
    }

    // fired when the stop begins (readiness DOWN), before the shutdown delay: the handover runs during the delay
    void onStopBegins(@Observes ShutdownDelayInitiatedEvent event) {
        begin();
    }

    // with no delay the stop begins here; either way the instance goes on stopping only once the handover is over
    void onStop(@Observes @Priority(FIRST) ShutdownEvent event) {
        try {
            begin().get(IN_HAND_BOUND.plus(CLOSE_BOUND).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warnf("Partition handover not complete; the connector closes the consumers [cause=%s]", e.toString());
        }
    }

    /** Starts the handover (once) and returns its completion. */
    synchronized CompletableFuture<Void> begin() {
        if (handover == null) {
            handover = CompletableFuture.runAsync(this::handOver, PartitionHandover::spawn);
        }
        return handover;
    }

    private void handOver() {
        long started = System.nanoTime();
        intake.close();
        try {
            if (!intake.awaitIdle(IN_HAND_BOUND)) {
                LOG.warnf(
                        "Records still in hand after %s; the next owner of their partitions handles them again "
                                + "[inHand=%d]",
                        IN_HAND_BOUND, intake.inHand());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // both at once: each close waits for the broker (commit, leave group)
        CompletableFuture.allOf(CHANNELS.stream()
                        .map(channel -> CompletableFuture.runAsync(() -> close(channel), PartitionHandover::spawn))
                        .toArray(CompletableFuture[]::new))
                .join();
        LOG.infof(
                "Partitions handed over [channels=%s leftForNextOwner=%d tookMs=%d]",
                CHANNELS, intake.refused(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    private void close(String channel) {
        try {
            if (kafka.getConsumer(channel) instanceof ReactiveKafkaConsumer<?, ?> consumer) {
                consumer.close();
            }
        } catch (RuntimeException e) {
            LOG.warnf(
                    "Consumer not closed cleanly; its partitions move when its session ends [channel=%s cause=%s]",
                    channel, e.toString());
        }
    }

    private static void spawn(Runnable runnable) {
        Thread thread = new Thread(runnable, "partition-handover");
        thread.setDaemon(true);
        thread.start();
    }
}
