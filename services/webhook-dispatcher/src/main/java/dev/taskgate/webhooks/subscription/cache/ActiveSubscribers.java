package dev.taskgate.webhooks.subscription.cache;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.webhooks.subscription.db.SubscriptionRepository;

/**
 * Who receives an event of a project: from the {@link SubscriberCache} when it holds a fresh answer, else from
 * PostgreSQL (and then remembered). Counted by where the answer came from, {@code
 * taskgate_webhooks_subscriber_lookups_total{source="cache"|"database"}}, both exported from the start (a series that
 * appears only with its first increment hides that increment from {@code increase()}).
 */
@Startup
@ApplicationScoped
public class ActiveSubscribers {
    private final Pool pool;
    private final SubscriptionRepository subscriptions;
    private final SubscriberCache cache;
    private final Counter fromCache;
    private final Counter fromDatabase;

    ActiveSubscribers(Pool pool, SubscriptionRepository subscriptions, SubscriberCache cache, MeterRegistry registry) {
        this.pool = pool;
        this.subscriptions = subscriptions;
        this.cache = cache;
        this.fromCache = lookups(registry, "cache");
        this.fromDatabase = lookups(registry, "database");
    }

    /** Ids of the project's active subscriptions to this event type, in id order. */
    public Uni<List<UUID>> of(String orgId, String projectId, String eventType) {
        SubscriberCache.Key key = new SubscriberCache.Key(orgId, projectId, eventType);
        Optional<List<UUID>> held = cache.find(key);
        if (held.isPresent()) {
            fromCache.increment();
            return Uni.createFrom().item(held.get());
        }
        long ticket = cache.ticket();
        fromDatabase.increment();
        // the lookup needs no transaction: it locks nothing
        return subscriptions
                .activeSubscribers(pool, orgId, projectId, eventType)
                .invoke(found -> cache.remember(key, found, ticket));
    }

    /** A subscription was changed through this instance: its effect must show in the next record handled here. */
    public void changedHere() {
        cache.changed();
    }

    private static Counter lookups(MeterRegistry registry, String source) {
        return Counter.builder("taskgate.webhooks.subscriber.lookups")
                .tag("source", source)
                .description("Who receives a lifecycle record's event, by where the answer came from")
                .register(registry);
    }
}
