package dev.taskgate.jobctl.upstream;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

/**
 * At most one {@link ToolListListener} per upstream on this job-control instance (each replica keeps its own: an
 * upstream then sees one session per replica, and each replica lists it on a change). A listener belongs to one
 * definition of its upstream: it is stopped when that definition is changed or deleted, and one whose upstream offers
 * no stream (405) is not started again for the same definition. Each listener has a thread of its own.
 */
final class ToolListListeners {
    private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);

    private final Function<UpstreamDefinition, HttpClient> clients;
    private final Consumer<String> refresh;
    private final Duration longestPause;
    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "upstream-tool-list-" + threadNumber.incrementAndGet());
        t.setDaemon(true);
        return t;
    });
    // guarded by this: a listener is started only for a current definition, and changed() stops it afterwards
    private final Map<String, ToolListListener> listeners = new HashMap<>();

    /**
     * @param clients      the HTTP client for an upstream
     * @param refresh      lists the upstream of the given id again soon
     * @param longestPause the longest pause between two attempts to open a stream (the retry interval)
     */
    ToolListListeners(
            Function<UpstreamDefinition, HttpClient> clients, Consumer<String> refresh, Duration longestPause) {
        this.clients = clients;
        this.refresh = refresh;
        this.longestPause = longestPause;
    }

    /**
     * {@code upstream} was just listed and its {@code initialize} said whether it announces tool list changes: listens
     * for them unless it is listened for already (or known to offer no stream) as defined now, and {@code isCurrent}
     * still holds for it.
     */
    synchronized void listed(
            UpstreamDefinition upstream, boolean announcesChanges, Predicate<UpstreamDefinition> isCurrent) {
        ToolListListener known = listeners.get(upstream.id());
        if (known != null && known.upstream().equals(upstream)) {
            return;
        }
        if (!isCurrent.test(upstream)) {
            return;
        }
        stop(upstream.id());
        // a negotiating upstream announces changes only when it was found to speak 2025-11-25; its listener's session
        // negotiates again, and so follows a change of generation
        if (!announcesChanges || upstream.protocol() == UpstreamProtocol.MCP_2026_07_28 || threads.isShutdown()) {
            return;
        }
        Duration first = FIRST_PAUSE.compareTo(longestPause) < 0 ? FIRST_PAUSE : longestPause;
        ToolListListener listener = new ToolListListener(
                upstream,
                clients.apply(upstream),
                () -> refresh.accept(upstream.id()),
                new StreamBackoff(first, longestPause));
        listeners.put(upstream.id(), listener);
        threads.execute(listener);
    }

    /** The upstream {@code id} was changed or deleted: its listener, if any, stops. */
    synchronized void stop(String id) {
        ToolListListener listener = listeners.remove(id);
        if (listener != null) {
            listener.stop();
        }
    }

    /** Stops every listener, for good. */
    synchronized void stopAll() {
        List.copyOf(listeners.keySet()).forEach(this::stop);
        threads.shutdownNow();
    }
}
