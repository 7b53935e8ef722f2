package dev.taskgate.worker.report;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.event.WorkerEvent;

/**
 * Delivers a run's terminal event (its result or failure) however long the broker is away: the event is kept until
 * the broker acknowledges it, sent again after a refusal with a growing pause (up to {@link #MAX_PAUSE}), and waited
 * for again while a send is merely slow, so that a slow send is not doubled. Only the instance shutting down ends
 * the wait undelivered: job-control's recovery takes over then, as for a worker that died. The caller holds the
 * run's child meanwhile, so at most one event per child is kept: memory stays bounded by the pool size.
 *
 * <p>An event the broker refuses for its size (a result larger than a record may be) would be refused forever and
 * hold its child for good: it is replaced once by the small event {@code tooLarge} makes of it, a failure that says
 * so, which is delivered like any other.
 */
public final class TerminalDelivery {
    private static final Logger LOG = Logger.getLogger(TerminalDelivery.class);

    static final Duration FIRST_PAUSE = Duration.ofSeconds(1);
    static final Duration MAX_PAUSE = Duration.ofSeconds(30);

    /** Waits between sends; a test passes one that does not sleep. */
    @FunctionalInterface
    public interface Pause {
        void sleep(Duration pause) throws InterruptedException;
    }

    private final Function<WorkerEvent, CompletableFuture<Void>> send;
    private final BiFunction<WorkerEvent, String, WorkerEvent> tooLarge;
    private final Duration patience;
    private final BooleanSupplier stopping;
    private final Pause pause;

    /**
     * @param send     sends the event; the future completes when the broker has acknowledged it
     * @param tooLarge the event delivered instead of one the broker refused for its size, given the refusal's text
     * @param patience how long one wait lasts before it is logged and waited again
     * @param stopping whether the instance is shutting down (checked between waits)
     */
    public TerminalDelivery(
            Function<WorkerEvent, CompletableFuture<Void>> send,
            BiFunction<WorkerEvent, String, WorkerEvent> tooLarge,
            Duration patience,
            BooleanSupplier stopping,
            Pause pause) {
        this.send = send;
        this.tooLarge = tooLarge;
        this.patience = patience;
        this.stopping = stopping;
        this.pause = pause;
    }

    /**
     * Sends {@code event} until the broker acknowledges it.
     *
     * @return whether it was delivered ({@code false}: the instance is shutting down or the thread was interrupted)
     */
    public boolean deliver(WorkerEvent terminal) {
        WorkerEvent event = terminal;
        boolean replaced = false;
        Duration nextPause = FIRST_PAUSE;
        int sends = 0;
        while (!stopping.getAsBoolean()) {
            CompletableFuture<Void> acked = send.apply(event);
            sends++;
            try {
                if (!awaitAck(acked, event, sends)) {
                    break;
                }
                if (sends > 1) {
                    LOG.infof(
                            "Terminal event delivered [executionId=%s epoch=%d event=%s sends=%d]",
                            event.executionId(), event.epoch(), event.kind(), sends);
                }
                return true;
            } catch (ExecutionException refused) {
                Optional<String> size = RecordSize.refusal(refused.getCause());
                if (size.isPresent() && !replaced) {
                    event = tooLarge.apply(event, size.get());
                    replaced = true;
                    LOG.warnf(
                            "Terminal event refused for its size; delivering a failure instead [executionId=%s "
                                    + "epoch=%d event=%s replacement=%s cause=%s]",
                            terminal.executionId(), terminal.epoch(), terminal.kind(), event.kind(), size.get());
                    continue;
                }
                LOG.warnf(
                        "Terminal event refused by the broker; kept and sent again in %s [executionId=%s epoch=%d "
                                + "event=%s sends=%d cause=%s]",
                        nextPause, event.executionId(), event.epoch(), event.kind(), sends, refused.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            try {
                pause.sleep(nextPause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            nextPause = nextPause.multipliedBy(2).compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : nextPause.multipliedBy(2);
        }
        LOG.warnf(
                "Shutting down with a terminal event not delivered; job-control's recovery settles it "
                        + "[executionId=%s epoch=%d event=%s]",
                event.executionId(), event.epoch(), event.kind());
        return false;
    }

    // true: acknowledged; false: the instance is shutting down. A slow send is waited for, not doubled.
    private boolean awaitAck(CompletableFuture<Void> acked, WorkerEvent event, int sends)
            throws ExecutionException, InterruptedException {
        while (true) {
            try {
                acked.get(patience.toMillis(), TimeUnit.MILLISECONDS);
                return true;
            } catch (TimeoutException slow) {
                if (stopping.getAsBoolean()) {
                    return false;
                }
                LOG.warnf(
                        "Terminal event not acknowledged yet; still waiting [executionId=%s epoch=%d event=%s "
                                + "sends=%d waited=%s]",
                        event.executionId(), event.epoch(), event.kind(), sends, patience);
            }
        }
    }
}
