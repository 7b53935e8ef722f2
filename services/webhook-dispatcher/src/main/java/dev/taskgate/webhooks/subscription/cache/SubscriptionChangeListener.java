package dev.taskgate.webhooks.subscription.cache;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.pgclient.PgConnection;

/**
 * Keeps one connection of the pool listening on {@value #CHANNEL}, where the trigger {@code subscription_changed}
 * announces every change of who receives an event, and empties the {@link SubscriberCache} on each announcement. While
 * the connection is not listening (before the first LISTEN, after a loss, until the next LISTEN succeeds) the cache
 * serves nothing, so every lookup goes to PostgreSQL as it would without a cache.
 */
@ApplicationScoped
public class SubscriptionChangeListener {
    /** The channel of the {@code V3} migration's trigger. */
    static final String CHANNEL = "taskgate_webhook_subscriptions";

    /** Pause before listening again after the connection was lost or could not be set up. */
    static final Duration RETRY_DELAY = Duration.ofSeconds(1);

    private static final Logger LOG = Logger.getLogger(SubscriptionChangeListener.class);

    private final Pool pool;
    private final Vertx vertx;
    private final SubscriberCache cache;

    private volatile boolean stopped;
    private volatile SqlConnection connection;
    private volatile long listens;
    // one warning per outage, not one per retry
    private volatile boolean outageReported;

    SubscriptionChangeListener(Pool pool, Vertx vertx, SubscriberCache cache) {
        this.pool = pool;
        this.vertx = vertx;
        this.cache = cache;
    }

    void start(@Observes StartupEvent event) {
        stopped = false;
        if (cache.isEnabled()) {
            listen();
        }
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        cache.listening(false);
        SqlConnection held = connection;
        connection = null;
        if (held != null) {
            held.closeAndForget();
        }
    }

    /** How many times a connection started listening since the service started (a lost one is replaced). */
    public long listens() {
        return listens;
    }

    private void listen() {
        if (stopped) {
            return;
        }
        pool.getConnection()
                .subscribe()
                .with(
                        conn -> {
                            PgConnection pg = PgConnection.cast(conn.getDelegate());
                            pg.notificationHandler(notification -> cache.changed());
                            pg.closeHandler(closed -> lost(conn, "connection closed"));
                            conn.query("LISTEN " + CHANNEL)
                                    .execute()
                                    .subscribe()
                                    .with(listening -> listening(conn), failure -> {
                                        conn.closeAndForget();
                                        retry("LISTEN failed: " + failure.getMessage());
                                    });
                        },
                        failure -> retry("no connection: " + failure.getMessage()));
    }

    private void listening(SqlConnection conn) {
        if (stopped) {
            conn.closeAndForget();
            return;
        }
        connection = conn;
        listens++;
        cache.listening(true);
        if (outageReported) {
            outageReported = false;
            LOG.infof("Subscriber cache on again: listening for subscription changes [channel=%s]", CHANNEL);
        } else {
            LOG.debugf("Listening for subscription changes [channel=%s]", CHANNEL);
        }
    }

    private void lost(SqlConnection conn, String why) {
        if (connection != conn) {
            return;
        }
        connection = null;
        retry(why);
    }

    private void retry(String why) {
        cache.listening(false);
        if (stopped) {
            return;
        }
        if (!outageReported) {
            outageReported = true;
            LOG.warnf(
                    "Subscriber cache off until subscription changes are heard again (%s); retrying every %d ms",
                    why, RETRY_DELAY.toMillis());
        } else {
            LOG.debugf("Still not listening for subscription changes (%s)", why);
        }
        vertx.setTimer(RETRY_DELAY.toMillis(), id -> listen());
    }
}
