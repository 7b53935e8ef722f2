package dev.taskgate.webhooks.subscription.cache;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SubscriberCacheTest {
    private static final Duration TTL = Duration.ofSeconds(30);
    private static final SubscriberCache.Key KEY = new SubscriberCache.Key("acme", "demo", "tool.execution.lifecycle");
    private static final List<UUID> ONE = List.of(UUID.randomUUID());

    private final MovableClock clock = new MovableClock();

    @Test
    void servesNothingBeforeTheListenerHearsChanges() {
        SubscriberCache cache = new SubscriberCache(TTL, clock);
        cache.remember(KEY, ONE, cache.ticket());
        assertThat(cache.find(KEY)).isEmpty();

        cache.listening(true);
        assertThat(cache.find(KEY))
                .as("an answer looked up before listening is not kept")
                .isEmpty();
        cache.remember(KEY, ONE, cache.ticket());
        assertThat(cache.find(KEY)).contains(ONE);
    }

    @Test
    void anAnswerIsServedUntilItsTtlRunsOut() {
        SubscriberCache cache = listeningCache(TTL);
        cache.remember(KEY, List.of(), cache.ticket());
        clock.move(TTL.minusMillis(1));
        assertThat(cache.find(KEY)).contains(List.of());
        clock.move(Duration.ofMillis(1));
        assertThat(cache.find(KEY)).isEmpty();
    }

    @Test
    void aChangeAnnouncedDuringALookupKeepsItsAnswerOut() {
        SubscriberCache cache = listeningCache(TTL);
        long ticket = cache.ticket();
        cache.changed();
        cache.remember(KEY, ONE, ticket);
        assertThat(cache.find(KEY)).isEmpty();

        cache.remember(KEY, ONE, cache.ticket());
        assertThat(cache.find(KEY)).contains(ONE);
        cache.changed();
        assertThat(cache.find(KEY)).as("a change empties the cache").isEmpty();
    }

    @Test
    void aLostListenerEmptiesTheCacheAndKeepsAnswersOutUntilItIsBack() {
        SubscriberCache cache = listeningCache(TTL);
        cache.remember(KEY, ONE, cache.ticket());
        long ticket = cache.ticket();

        cache.listening(false);
        assertThat(cache.find(KEY)).isEmpty();
        cache.remember(KEY, ONE, cache.ticket());
        assertThat(cache.find(KEY)).isEmpty();

        cache.listening(true);
        cache.remember(KEY, ONE, ticket);
        assertThat(cache.find(KEY)).as("looked up before the loss").isEmpty();
    }

    @Test
    void aZeroTtlStoresNothing() {
        SubscriberCache cache = listeningCache(Duration.ZERO);
        assertThat(cache.isEnabled()).isFalse();
        cache.remember(KEY, ONE, cache.ticket());
        assertThat(cache.find(KEY)).isEmpty();
    }

    @Test
    void aNegativeTtlIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> new SubscriberCache(Duration.ofSeconds(-1), clock))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("taskgate.webhooks.subscriber-cache-ttl");
    }

    @Test
    void theLeastRecentlyUsedProjectGoesFirstWhenFull() {
        SubscriberCache cache = listeningCache(TTL);
        for (int i = 0; i < SubscriberCache.MAX_ENTRIES; i++) {
            cache.remember(key(i), List.of(), cache.ticket());
        }
        assertThat(cache.find(key(0))).isPresent();

        cache.remember(key(SubscriberCache.MAX_ENTRIES), List.of(), cache.ticket());
        assertThat(cache.find(key(0))).as("used last").isPresent();
        assertThat(cache.find(key(1))).as("used least recently").isEmpty();
        assertThat(cache.find(key(SubscriberCache.MAX_ENTRIES))).isPresent();
    }

    private SubscriberCache listeningCache(Duration ttl) {
        SubscriberCache cache = new SubscriberCache(ttl, clock);
        cache.listening(true);
        return cache;
    }

    private static SubscriberCache.Key key(int project) {
        return new SubscriberCache.Key("acme", "p" + project, "tool.execution.lifecycle");
    }

    /** A clock that stands still until the test moves it. */
    private static final class MovableClock extends Clock {
        private Instant now = Instant.parse("2026-12-05T12:00:00Z");

        void move(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
