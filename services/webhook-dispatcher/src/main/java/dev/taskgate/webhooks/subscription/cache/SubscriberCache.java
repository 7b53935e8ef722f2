package dev.taskgate.webhooks.subscription.cache;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The active subscribers of recently signalled projects, so that a lifecycle record of a project does not cost a
 * lookup in PostgreSQL each time (most projects have none, and every execution ends with a signalled record).
 *
 * <p>An entry is served only while {@link SubscriptionChangeListener} hears every change: the database announces each
 * change of who receives an event (trigger {@code subscription_changed}), and each announcement empties the cache.
 * Invariant: an entry is stored only if nothing was announced, and the listener was not lost, between the start of
 * its lookup and its storing ({@link #ticket()} taken before the lookup); otherwise a lookup that read the old rows
 * could outlive the announcement of the new ones. Entries also expire after {@code ttl}, a bound for a change whose
 * announcement went missing in a way the listener could not notice.
 */
public final class SubscriberCache {
    /** Projects remembered at most; the least recently used goes first. About 100 bytes each. */
    static final int MAX_ENTRIES = 4096;

    /** A key: who may receive this event type in this project. */
    public record Key(String orgId, String projectId, String eventType) {}

    private record Entry(List<UUID> subscribers, Instant loadedAt) {}

    private final Duration ttl;
    private final Clock clock;
    private final Map<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    private boolean listening;
    private long generation;

    /** A cache whose entries live at most {@code ttl}; a zero ttl turns it off (nothing is ever stored). */
    public SubscriberCache(Duration ttl, Clock clock) {
        if (ttl.isNegative()) {
            throw new IllegalArgumentException(
                    "taskgate.webhooks.subscriber-cache-ttl must not be negative (0 turns the cache off): " + ttl);
        }
        this.ttl = ttl;
        this.clock = clock;
    }

    /** Whether anything is ever stored (a zero ttl: no). */
    public boolean isEnabled() {
        return !ttl.isZero();
    }

    /** The subscribers, when a fresh entry is held and every change since its lookup would have been heard. */
    public synchronized Optional<List<UUID>> find(Key key) {
        if (!listening) {
            return Optional.empty();
        }
        Entry entry = entries.get(key);
        if (entry == null) {
            return Optional.empty();
        }
        if (!clock.instant().isBefore(entry.loadedAt().plus(ttl))) {
            entries.remove(key);
            return Optional.empty();
        }
        return Optional.of(entry.subscribers());
    }

    /** To be taken before a lookup whose answer may be {@link #remember remembered}. */
    public synchronized long ticket() {
        return generation;
    }

    /** Stores a lookup's answer, unless a change was announced or the listener lost since {@code ticket}. */
    public synchronized void remember(Key key, List<UUID> subscribers, long ticket) {
        if (listening && ticket == generation && isEnabled()) {
            entries.put(key, new Entry(List.copyOf(subscribers), clock.instant()));
        }
    }

    /** A change was announced (or made here): nothing held may be served any more. */
    public synchronized void changed() {
        generation++;
        entries.clear();
    }

    /**
     * Whether every change is heard from now on. Both ways forget what is held: an entry looked up before the
     * listener was established, or while it was lost, may predate a change nobody announced to this instance.
     */
    public synchronized void listening(boolean heard) {
        listening = heard;
        changed();
    }

    /** Whether entries are served now. */
    public synchronized boolean isListening() {
        return listening;
    }

    /** How many changes emptied the cache so far (announced, made here, or the listener gained or lost). */
    public synchronized long generation() {
        return generation;
    }
}
