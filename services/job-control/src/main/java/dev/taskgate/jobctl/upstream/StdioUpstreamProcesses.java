package dev.taskgate.jobctl.upstream;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * One long-lived process per stdio upstream on this job-control instance, shared by its listings and federated reads:
 * started and initialized by the first session asked for, then one request at a time on it, ids increasing. Its output
 * is read all the time ({@link StdioDiscoveryTransport}), so an upstream that declared {@code tools.listChanged} is
 * listed again when it announces a change. A process that is lost (it exited, did not answer in time, or wrote
 * something that is not JSON-RPC) makes its upstream unavailable with the reason and is started again by a listing
 * after a {@link StreamBackoff}; until then sessions are refused with that reason. A process belongs to one definition
 * of its upstream: it is stopped when that definition changes or goes, and at shutdown.
 */
@Singleton
public class StdioUpstreamProcesses {
    private static final Logger LOG = Logger.getLogger(StdioUpstreamProcesses.class);
    private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);

    /** What discovery does about a kept process's upstream. */
    interface Events {
        /** List the upstream {@code id} again soon (a change announced, or its process about to be replaced). */
        void listAgain(String id);

        /** The upstream {@code id} is unavailable for {@code reason} until it is listed again. */
        void unavailable(String id, String reason);
    }

    private static final Events NONE = new Events() {
        @Override
        public void listAgain(String id) {}

        @Override
        public void unavailable(String id, String reason) {}
    };

    private final Supplier<List<UpstreamDefinition>> current;
    private final Duration firstPause;
    private final Duration longestPause;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();
    private final ScheduledExecutorService restarts = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "upstream-stdio-restarts");
        t.setDaemon(true);
        return t;
    });
    private volatile Events events = NONE;

    @Inject
    StdioUpstreamProcesses(RegisteredUpstreams registered) {
        this(registered::all, FIRST_PAUSE, registered.retryInterval());
    }

    /**
     * @param current      the upstreams as defined now
     * @param firstPause   the pause before a lost process is started again; doubled for each loss that follows soon
     * @param longestPause the longest such pause (the retry interval)
     */
    StdioUpstreamProcesses(Supplier<List<UpstreamDefinition>> current, Duration firstPause, Duration longestPause) {
        this.current = current;
        this.firstPause = firstPause.compareTo(longestPause) < 0 ? firstPause : longestPause;
        this.longestPause = longestPause;
    }

    /** Where announcements and losses go (discovery, once it runs). */
    void notify(Events events) {
        this.events = events;
    }

    /**
     * A session with the stdio {@code upstream}'s kept process, started if there is none. Closing it leaves the
     * process running. A definition that is not (or no longer) current gets a process of its own, stopped with the
     * session, and the kept one is left alone.
     */
    DiscoverySession open(UpstreamDefinition upstream) throws UpstreamException {
        if (!current.get().contains(upstream) || restarts.isShutdown()) {
            return DiscoverySession.open(upstream, null, null);
        }
        Kept entry;
        Kept replaced = null;
        synchronized (kept) {
            entry = kept.get(upstream.id());
            if (entry == null || !entry.upstream.equals(upstream)) {
                replaced = entry;
                entry = new Kept(upstream);
                kept.put(upstream.id(), entry);
            }
        }
        if (replaced != null) {
            replaced.stop();
        }
        return entry.session();
    }

    /** The upstream {@code id} was changed or deleted: its process, if any, is stopped. */
    void stop(String id) {
        Kept known;
        synchronized (kept) {
            known = kept.remove(id);
        }
        if (known != null) {
            known.stop();
        }
    }

    @PreDestroy
    void stopAll() {
        restarts.shutdownNow();
        List.copyOf(kept.keySet()).forEach(this::stop);
    }

    /** The kept process of one definition, and what happened to the last one. */
    private final class Kept {
        private final UpstreamDefinition upstream;
        private final StreamBackoff backoff;
        // guarded by this
        private StdioDiscoveryTransport transport;
        private DiscoverySession session;
        private long startedAt;
        private String down;
        private long downUntil;
        private boolean stopped;

        Kept(UpstreamDefinition upstream) {
            this.upstream = upstream;
            this.backoff = new StreamBackoff(firstPause, longestPause);
        }

        synchronized DiscoverySession session() throws UpstreamException {
            if (stopped) {
                throw new UpstreamException("upstream " + upstream.id() + " was changed or removed meanwhile");
            }
            if (session != null && transport.isUsable()) {
                return session;
            }
            long now = System.nanoTime();
            if (down != null && now - downUntil < 0) {
                throw new UpstreamException(down + " (its process is started again in "
                        + Duration.ofNanos(downUntil - now).toMillis() + " ms)");
            }
            if (transport != null) {
                // ended, and its loss not handled yet: it is replaced now, and that loss is then ignored
                transport.close();
                transport = null;
                session = null;
            }
            Listener listener = new Listener();
            StdioDiscoveryTransport started = StdioDiscoveryTransport.start(upstream, listener);
            listener.transport = started;
            try {
                session = DiscoverySession.kept(upstream, started);
            } catch (UpstreamException | RuntimeException e) {
                started.close();
                session = null;
                throw e;
            }
            transport = started;
            startedAt = now;
            down = null;
            LOG.infof("Upstream process started and kept [upstream=%s]", upstream.id());
            return session;
        }

        // a process lost while kept: its upstream is down until the pause is over, then a listing starts a new one
        private void lost(StdioDiscoveryTransport which, String reason) {
            Duration pause;
            synchronized (this) {
                if (stopped || which != transport) {
                    return;
                }
                session = null;
                transport = null;
                backoff.streamLasted(Duration.ofNanos(System.nanoTime() - startedAt));
                pause = backoff.next();
                down = reason;
                downUntil = System.nanoTime() + pause.toNanos();
            }
            LOG.warnf(
                    "Upstream process lost; a new one is started after a pause [upstream=%s pauseMs=%d reason=%s]",
                    upstream.id(), pause.toMillis(), reason);
            events.unavailable(upstream.id(), reason);
            try {
                restarts.schedule(
                        () -> {
                            if (kept.get(upstream.id()) == this) {
                                events.listAgain(upstream.id());
                            }
                        },
                        pause.toMillis(),
                        TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // shutting down: nothing is started again
            }
        }

        void stop() {
            StdioDiscoveryTransport running;
            synchronized (this) {
                stopped = true;
                running = transport;
                transport = null;
                session = null;
            }
            if (running != null) {
                running.close();
            }
        }

        private boolean declaresToolListChanged(StdioDiscoveryTransport which) {
            synchronized (this) {
                return which == transport && session != null && session.declaresToolListChanged();
            }
        }

        /** The events of one process of this definition. */
        private final class Listener implements StdioDiscoveryTransport.Events {
            private volatile StdioDiscoveryTransport transport;

            @Override
            public void announced() {
                StdioDiscoveryTransport which = transport;
                if (which != null && declaresToolListChanged(which)) {
                    events.listAgain(upstream.id());
                }
            }

            @Override
            public void lost(String reason) {
                StdioDiscoveryTransport which = transport;
                if (which == null || restarts.isShutdown()) {
                    return;
                }
                try {
                    // off the thread that lost it, which may hold this definition's lock
                    restarts.execute(() -> Kept.this.lost(which, reason));
                } catch (RejectedExecutionException e) {
                    // shutting down: the process is stopped anyway
                }
            }
        }
    }
}
