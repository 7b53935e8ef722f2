package dev.taskgate.webhooks.subscription.cache;

import java.time.Clock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.webhooks.WebhooksConfig;

/** Makes the {@link SubscriberCache} of {@code taskgate.webhooks.subscriber-cache-ttl} (checked at start). */
@ApplicationScoped
public class CacheSettings {
    private final SubscriberCache cache;

    CacheSettings(WebhooksConfig config, Clock clock) {
        this.cache = new SubscriberCache(config.subscriberCacheTtl(), clock);
    }

    @Produces
    @Singleton
    SubscriberCache cache() {
        return cache;
    }
}
