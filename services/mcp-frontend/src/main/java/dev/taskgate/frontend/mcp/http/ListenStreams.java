package dev.taskgate.frontend.mcp.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.progress.LifecycleFeed;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Sessions;

/**
 * The 2025-era listen streams ({@code GET /mcp} in a session, {@link Mcp2025Listen}) open on this instance: hands every lifecycle record of an owner's 2025-era executions to that
 * owner's streams (any replica sees every record, so whichever replica holds a stream reports), ends a session's
 * streams when it is deleted here, and enforces the per-session and per-instance caps.
 */
@Singleton
public class ListenStreams {
    /** Why a stream could not be opened. */
    enum Refusal {
        NONE,
        SESSION_FULL,
        INSTANCE_FULL
    }

    private final Set<ListenStream> open = ConcurrentHashMap.newKeySet();
    private final int maxPerSession;
    private final int maxPerInstance;

    ListenStreams(FrontendConfig config, LifecycleFeed feed) {
        this.maxPerSession = config.listen().maxPerSession();
        this.maxPerInstance = config.listen().maxPerInstance();
        feed.subscribe(this::changed, () -> !open.isEmpty());
    }

    /** Registers a stream unless a cap is reached. */
    synchronized Refusal open(ListenStream stream) {
        if (open.size() >= maxPerInstance) {
            return Refusal.INSTANCE_FULL;
        }
        long ofSession = open.stream()
                .filter(s -> s.sessionHash().equals(stream.sessionHash()))
                .count();
        if (ofSession >= maxPerSession) {
            return Refusal.SESSION_FULL;
        }
        open.add(stream);
        return Refusal.NONE;
    }

    /** Forgets a stream that ended. */
    void closed(ListenStream stream) {
        open.remove(stream);
    }

    /** The session was deleted: its streams on this instance end now. */
    void sessionEnded(String sessionHash) {
        open.stream().filter(s -> s.sessionHash().equals(sessionHash)).forEach(ListenStream::end);
    }

    /** The session set another log level through this instance: its streams here use it now. */
    public void logLevelChanged(String sessionHash, LogLevel level) {
        open.stream().filter(s -> s.sessionHash().equals(sessionHash)).forEach(s -> s.logLevel(level));
    }

    /**
     * Whether {@code stream} carries its session's task messages (progress, log messages): only the session's
     * oldest stream open on this instance does, so that one message never goes out on two of them.
     */
    boolean carries(ListenStream stream) {
        return open.stream()
                .filter(s -> s.sessionHash().equals(stream.sessionHash()))
                .noneMatch(s -> s.order() < stream.order());
    }

    /** How many streams of a session are open here (tests, diagnostics). */
    public int openFor(String sessionHash) {
        return (int)
                open.stream().filter(s -> s.sessionHash().equals(sessionHash)).count();
    }

    /** How many streams are open here (tests, diagnostics). */
    public int size() {
        return open.size();
    }

    // on the lifecycle reader's thread: only hand over
    void changed(ExecutionChanged changed) {
        for (ListenStream stream : open) {
            if (stream.follows(changed)) {
                stream.offer(changed);
            }
        }
    }

    static ListenStream stream(String sessionId, Mcp2025Session session, AuthenticatedCaller caller) {
        return new ListenStream(Mcp2025Sessions.hash(sessionId), session, caller);
    }
}
