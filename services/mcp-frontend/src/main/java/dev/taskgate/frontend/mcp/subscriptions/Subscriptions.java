package dev.taskgate.frontend.mcp.subscriptions;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.progress.LifecycleFeed;

/**
 * The {@code subscriptions/listen} streams open on this instance, over HTTP and stdio ({@link SubscriptionStream}): hands each lifecycle record
 * of a followed task to the streams that follow it (any replica reads every record, so whichever replica holds a
 * stream tells it), and holds them to {@code taskgate.frontend.listen.max-per-instance} (each holds a worker thread;
 * the 2025-era listen streams have a bound of the same size of their own).
 */
@Singleton
public class Subscriptions {
    private final Set<Subscription> open = ConcurrentHashMap.newKeySet();
    private final int maxPerInstance;

    Subscriptions(FrontendConfig config, LifecycleFeed feed) {
        this.maxPerInstance = config.listen().maxPerInstance();
        feed.subscribe(this::changed, () -> !open.isEmpty());
    }

    /** Registers a subscription, unless this instance holds as many streams as it may. */
    public synchronized boolean open(Subscription subscription) {
        if (open.size() >= maxPerInstance) {
            return false;
        }
        open.add(subscription);
        return true;
    }

    /** Forgets a subscription that ended. */
    public void closed(Subscription subscription) {
        open.remove(subscription);
    }

    /** How many are open here (tests, diagnostics). */
    public int size() {
        return open.size();
    }

    // on the lifecycle reader's thread: only hand over
    private void changed(ExecutionChanged changed) {
        for (Subscription subscription : open) {
            subscription.offer(changed);
        }
    }
}
