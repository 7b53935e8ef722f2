package dev.taskgate.webhooks.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.sweep.SweepLoop;
import dev.taskgate.webhooks.WebhooksConfig;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository;

/**
 * Deletes deliveries that finished more than {@code taskgate.webhooks.delivery-retention} ago, with their attempts,
 * so that the delivery history of a busy subscription does not grow without end. Pending deliveries stay whatever
 * their age. Every {@code taskgate.webhooks.sweep-interval}; each pass is one statement over at most
 * {@code taskgate.webhooks.sweep-batch-size} rows, oldest first, with {@code for update skip locked}, so several
 * dispatcher instances sweep side by side. A bad retention stops the service at start.
 */
@Singleton
public class DeliveryRetentionSweeper {
    private static final Logger LOG = Logger.getLogger(DeliveryRetentionSweeper.class);

    private final Pool pool;
    private final DeliveryRepository deliveries;
    private final DeliveryRetention retention;
    private final WebhooksConfig config;
    private final Clock clock;
    private final Vertx vertx;
    private final SweepLoop loop;
    private final long intervalMillis;
    private final AtomicBoolean sweeping = new AtomicBoolean();
    private long timerId = -1;

    DeliveryRetentionSweeper(
            Pool pool, DeliveryRepository deliveries, WebhooksConfig config, Clock clock, Vertx vertx) {
        this.pool = pool;
        this.deliveries = deliveries;
        this.retention = new DeliveryRetention(config.deliveryRetention());
        this.intervalMillis = intervalMillis(config.sweepInterval());
        this.config = config;
        this.clock = clock;
        this.vertx = vertx;
        this.loop = new SweepLoop("Delivery retention sweep", LOG, this::sweepOnce, config::sweepBatchSize);
    }

    void start(@Observes StartupEvent event) {
        timerId = vertx.setPeriodic(intervalMillis, id -> tick());
    }

    /** {@code taskgate.webhooks.sweep-interval} in milliseconds; at least one, else the service does not start. */
    static long intervalMillis(Duration interval) {
        if (interval.toMillis() < 1) {
            throw new IllegalArgumentException("taskgate.webhooks.sweep-interval must be at least 1ms, is " + interval);
        }
        return interval.toMillis();
    }

    void stop(@Observes ShutdownEvent event) {
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
    }

    /** A run still going when the next is due makes that one skip. */
    private void tick() {
        if (sweeping.compareAndSet(false, true)) {
            loop.tick().subscribe().with(done -> sweeping.set(false), failure -> sweeping.set(false));
        }
    }

    /**
     * One pass: deletes at most one batch of deliveries past retention.
     *
     * @return how many it deleted
     */
    public Uni<Integer> sweepOnce() {
        Instant cutoff = retention.cutoff(clock.instant());
        return deliveries
                .deleteFinishedBefore(pool, cutoff, config.sweepBatchSize())
                .invoke(n -> {
                    if (n > 0) {
                        LOG.infof("Deleted deliveries past retention [deleted=%d cutoff=%s]", n, cutoff);
                    }
                });
    }
}
