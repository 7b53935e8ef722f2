package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.session.McpSession;

/**
 * 2025-era sessions this instance found live in job-control a moment ago, so that a client's burst of requests
 * costs one internal call and one renewal per {@code recheck} instead of one per request (docs/mcp-frontend.md
 * "Sessions"). An entry is the owner's: keyed by the id's hash, principal and workspace. It serves for
 * {@code recheck} after the answer it holds was fetched; at most {@code maxEntries}, the least recently used leaving
 * first. A session this instance ends or changes is forgotten at once; one ended or changed through another replica
 * is seen at most {@code recheck} late. {@code recheck} zero remembers nothing.
 *
 * <p>Invariant: an answer fetched before a {@link #forget} is never remembered after it. Each fetch takes a
 * {@link #ticket()} first; {@link #remember} drops the answer when any forget happened since, so a request racing
 * a {@code DELETE} cannot put the ended session back.
 */
final class RecentSessions {
    private record Key(String idHash, String principal, String workspace) {
        static Key of(String idHash, Caller caller) {
            return new Key(idHash, caller.principal(), caller.workspace());
        }
    }

    private record Entry(McpSession session, long fetchedAt) {}

    private final long recheckNanos;
    private final int maxEntries;
    private final LongSupplier nanoClock;
    private final Map<Key, Entry> entries;
    private long forgets; // guarded by entries

    RecentSessions(Duration recheck, int maxEntries, LongSupplier nanoClock) {
        if (recheck.isNegative()) {
            throw new IllegalArgumentException("taskgate.frontend.mcp.session-recheck must not be negative");
        }
        this.recheckNanos = recheck.toNanos();
        this.maxEntries = maxEntries;
        this.nanoClock = nanoClock;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
                return size() > RecentSessions.this.maxEntries;
            }
        };
    }

    /** The owner's session as fetched less than {@code recheck} ago, if this instance holds it. */
    Optional<McpSession> find(String idHash, Caller caller) {
        if (recheckNanos == 0) {
            return Optional.empty();
        }
        Key key = Key.of(idHash, caller);
        synchronized (entries) {
            Entry entry = entries.get(key);
            if (entry == null) {
                return Optional.empty();
            }
            if (nanoClock.getAsLong() - entry.fetchedAt() >= recheckNanos) {
                entries.remove(key);
                return Optional.empty();
            }
            return Optional.of(entry.session());
        }
    }

    /** To take before asking job-control; hand it to {@link #remember} with the answer. */
    long ticket() {
        synchronized (entries) {
            return forgets;
        }
    }

    /**
     * Remembers a live session fetched at {@code fetchedAt} ({@link System#nanoTime()} scale) under the ticket taken
     * before the fetch; dropped when a session was forgotten since.
     */
    void remember(String idHash, Caller caller, McpSession session, long ticket, long fetchedAt) {
        if (recheckNanos == 0) {
            return;
        }
        synchronized (entries) {
            if (ticket == forgets) {
                entries.put(Key.of(idHash, caller), new Entry(session, fetchedAt));
            }
        }
    }

    /** Forgets the owner's session: it was ended or changed through this instance. */
    void forget(String idHash, Caller caller) {
        synchronized (entries) {
            forgets++;
            entries.remove(Key.of(idHash, caller));
        }
    }

    /** The clock entries are timed by. */
    long now() {
        return nanoClock.getAsLong();
    }

    /** How many entries are held (expired ones until looked up or pushed out). */
    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
