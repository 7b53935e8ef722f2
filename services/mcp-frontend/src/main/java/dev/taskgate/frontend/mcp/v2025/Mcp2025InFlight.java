package dev.taskgate.frontend.mcp.v2025;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.mcp.SyncCall;

/**
 * Ordinary (non-task) 2025-era calls in flight on this instance, by session and JSON-RPC id, so that
 * {@code notifications/cancelled} reaches them: a call still waiting for its execution cancels it (cooperative
 * stop through job-control); a cancellation that arrives before its call was admitted leaves a short-lived mark
 * that refuses the call before anything is submitted. Bounded: marks expire and their number is capped.
 */
@Singleton
public class Mcp2025InFlight {
    static final long MARK_TTL_NANOS = 60_000_000_000L;
    static final int MAX_MARKS = 10_000;

    private final Map<String, SyncCall> calls = new ConcurrentHashMap<>();
    private final Map<String, Long> early = new ConcurrentHashMap<>();

    /** The key of a request of a session. */
    public static String key(String session, JsonNode requestId) {
        return (session == null ? "stdio" : Mcp2025Sessions.hash(session)) + "\n" + requestId;
    }

    /** Registers a waiting call. */
    public void started(String key, SyncCall call) {
        calls.put(key, call);
    }

    /** Forgets a call that ended. */
    public void ended(String key) {
        calls.remove(key);
    }

    /** Whether a cancellation for this request arrived before the request (consumes the mark). */
    public boolean cancelledEarly(String key) {
        Long at = early.remove(key);
        return at != null && System.nanoTime() - at < MARK_TTL_NANOS;
    }

    /**
     * {@code notifications/cancelled}: stops the call if it waits here (true), else marks it to be refused should it
     * arrive here later (false: it may wait on another replica).
     */
    public boolean cancel(String key) {
        SyncCall call = calls.get(key);
        if (call != null) {
            call.callerGone();
            return true;
        }
        long now = System.nanoTime();
        if (early.size() >= MAX_MARKS) {
            early.values().removeIf(at -> now - at >= MARK_TTL_NANOS);
        }
        if (early.size() < MAX_MARKS) {
            early.put(key, now);
        }
        return false;
    }
}
