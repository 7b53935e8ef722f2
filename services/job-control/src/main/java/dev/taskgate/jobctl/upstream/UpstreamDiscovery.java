package dev.taskgate.jobctl.upstream;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.jobctl.submit.CanonicalJson;
import dev.taskgate.jobctl.upstream.db.UpstreamCircuitRepository;

/**
 * Keeps the catalog's upstream tools current: lists each upstream's tools ({@code tools/list}, every page) at startup
 * and then every {@code refreshInterval}; an upstream that cannot be listed is marked unavailable with the reason, its
 * tools leave the catalog and it is tried again sooner ({@code retryInterval}); the other upstreams are not affected.
 * Each refresh replaces the catalog's upstream tools as a whole. An upstream registered, changed or deleted through the
 * operator API is listed (or dropped) at once on this replica ({@link #changed}); every {@code retryInterval} the
 * registrations are read again, so that another replica's changes arrive here within that interval. An upstream whose
 * {@code initialize} announces tool list changes is also listed again as soon as it says its list changed
 * ({@link ToolListListeners}; a stdio upstream's kept process, {@link StdioUpstreamProcesses}); listings of one
 * upstream never overlap, so the last one to finish is the newest.
 */
@ApplicationScoped
public class UpstreamDiscovery {
    private static final Logger LOG = Logger.getLogger(UpstreamDiscovery.class);
    private static final int MAX_PAGES = 100;
    /** JSON-RPC "Method not found": what a server without the tools capability answers {@code tools/list}. */
    private static final int METHOD_NOT_FOUND = -32601;

    private final RegisteredUpstreams registered;
    private final OperationCatalog catalog;
    private final Duration retryInterval;
    private final Map<String, Listing> listings = new ConcurrentHashMap<>();
    // one chain of scheduled listings per upstream: a chain whose generation is no longer current stops
    private final Map<String, Long> generations = new ConcurrentHashMap<>();
    private final AtomicLong nextGeneration = new AtomicLong();
    private final UpstreamConnector sessions;
    private final Pool pool;
    private final UpstreamCircuitRepository circuits;
    private final Map<String, Object> listingLocks = new ConcurrentHashMap<>();
    // upstreams with a listing asked for by a change announcement that has not started yet: more announcements
    // meanwhile need no listing of their own
    private final Set<String> announced = ConcurrentHashMap.newKeySet();
    private final ToolListListeners listeners;
    private final StdioUpstreamProcesses processes;
    private final ScheduledExecutorService refresher = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "upstream-discovery");
        t.setDaemon(true);
        return t;
    });

    UpstreamDiscovery(
            RegisteredUpstreams registered,
            OperationCatalog catalog,
            Pool pool,
            UpstreamCircuitRepository circuits,
            StdioUpstreamProcesses processes) {
        this.registered = registered;
        this.catalog = catalog;
        this.pool = pool;
        this.circuits = circuits;
        this.retryInterval = registered.retryInterval();
        this.processes = processes;
        this.sessions = new UpstreamConnector(registered.addresses(), processes);
        this.listeners = new ToolListListeners(sessions, this::refreshAnnounced, retryInterval);
        processes.notify(new StdioUpstreamProcesses.Events() {
            @Override
            public void listAgain(String id) {
                refreshAnnounced(id);
            }

            @Override
            public void unavailable(String id, String reason) {
                markUnavailable(id, reason);
            }
        });
    }

    void start(@Observes StartupEvent started) {
        refresher.scheduleWithFixedDelay(this::reloadQuietly, 0, retryInterval.toMillis(), TimeUnit.MILLISECONDS);
        registered.all().forEach(upstream -> restart(upstream.id()));
    }

    @PreDestroy
    void stop() {
        listeners.stopAll();
        processes.stopAll();
        refresher.shutdownNow();
    }

    /**
     * The upstream {@code id} was registered, changed or deleted: its old listing is dropped (its tools leave the
     * catalog at once) and, while it exists, it is listed again now.
     */
    public void changed(String id) {
        listeners.stop(id);
        processes.stop(id);
        listings.remove(id);
        publish();
        restart(id);
    }

    /**
     * Marks the upstream {@code id} unavailable for {@code reason} now (its tools leave the catalog) and lists it
     * again after the retry interval, as for one that could not be listed ({@link UpstreamCircuit}).
     */
    public void markUnavailable(String id, String reason) {
        Optional<UpstreamDefinition> current =
                registered.all().stream().filter(u -> u.id().equals(id)).findFirst();
        if (current.isEmpty()) {
            return;
        }
        long generation = nextGeneration.incrementAndGet();
        generations.put(id, generation);
        listings.put(id, Listing.unavailable(current.get(), reason));
        publish();
        if (!refresher.isShutdown()) {
            refresher.schedule(
                    () -> refreshAndReschedule(id, generation), retryInterval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Lists {@code upstream}'s tools now and publishes the result; returns its state afterwards. */
    public UpstreamState refresh(UpstreamDefinition upstream) {
        Listing listing;
        synchronized (listingLocks.computeIfAbsent(upstream.id(), id -> new Object())) {
            try {
                listing = list(upstream);
                LOG.infof(
                        "Upstream listed [upstream=%s tools=%d leftOut=%d]",
                        upstream.id(),
                        listing.tools().size(),
                        listing.problems().size());
                Optional<String> open = stillOpen(upstream.id());
                if (open.isPresent()) {
                    listing = Listing.unavailable(upstream, open.get());
                }
            } catch (UpstreamException e) {
                listing = Listing.unavailable(upstream, e.getMessage());
                LOG.warnf("Upstream unavailable [upstream=%s reason=%s]", upstream.id(), e.getMessage());
            }
            listings.put(upstream.id(), listing);
            publish();
        }
        if (listing.available()) {
            listeners.listed(upstream, listing.announcesChanges(), this::isCurrent);
        }
        return listing.state(registered.revisionOf(upstream.id()));
    }

    /** The state of the upstream {@code id} as the catalog shows it, or "not listed yet". */
    public UpstreamState stateOf(UpstreamDefinition upstream) {
        return catalog.upstreamTools().upstreams().stream()
                .filter(s -> s.id().equals(upstream.id()))
                .findFirst()
                .orElseGet(() -> notListed(upstream));
    }

    private void restart(String id) {
        long generation = nextGeneration.incrementAndGet();
        generations.put(id, generation);
        if (!refresher.isShutdown()) {
            refresher.execute(() -> refreshAndReschedule(id, generation));
        }
    }

    // the same listing as the scheduled one, off the listener's thread; the schedule itself is left as it is
    private void refreshAnnounced(String id) {
        if (refresher.isShutdown() || !announced.add(id)) {
            return;
        }
        refresher.execute(() -> {
            announced.remove(id);
            registered.all().stream().filter(u -> u.id().equals(id)).findFirst().ifPresent(upstream -> {
                try {
                    refresh(upstream);
                } catch (RuntimeException e) {
                    LOG.errorf(e, "Upstream discovery failed unexpectedly [upstream=%s]", id);
                }
            });
        });
    }

    private boolean isCurrent(UpstreamDefinition upstream) {
        return registered.all().contains(upstream);
    }

    private void reloadQuietly() {
        Set<String> changed;
        try {
            changed = registered.reload();
        } catch (RuntimeException e) {
            LOG.warnf("Upstream registrations not read again; the last known stay [reason=%s]", e.getMessage());
            return;
        }
        changed.forEach(this::changed);
        followOpenCircuits();
    }

    // a circuit another replica opened: its upstream leaves this replica's catalog too, until the trial
    private void followOpenCircuits() {
        Map<String, String> open;
        try {
            open = circuits.open(pool).await().indefinitely();
        } catch (RuntimeException e) {
            LOG.warnf("Upstream circuits not read; this replica's view stays [reason=%s]", e.getMessage());
            return;
        }
        open.forEach((id, reason) -> {
            Listing listing = listings.get(id);
            if (listing != null && listing.available()) {
                LOG.infof("Upstream circuit open on another replica [upstream=%s]", id);
                markUnavailable(id, reason);
            }
        });
    }

    /**
     * After a listing of {@code id} succeeded: closes its shared circuit if the trial was due (open for the retry
     * interval), else the reason it stays open for. A database that cannot be asked leaves the listing as it is.
     */
    private Optional<String> stillOpen(String id) {
        try {
            return circuits.listed(pool, id, retryInterval).await().indefinitely();
        } catch (RuntimeException e) {
            LOG.warnf("Upstream circuit not read [upstream=%s reason=%s]", id, e.getMessage());
            return Optional.empty();
        }
    }

    private void refreshAndReschedule(String id, long generation) {
        if (!Long.valueOf(generation).equals(generations.get(id))) {
            return;
        }
        Optional<UpstreamDefinition> current =
                registered.all().stream().filter(u -> u.id().equals(id)).findFirst();
        if (current.isEmpty()) {
            generations.remove(id, generation);
            return;
        }
        UpstreamDefinition upstream = current.get();
        UpstreamState state;
        try {
            state = refresh(upstream);
        } catch (RuntimeException e) {
            LOG.errorf(e, "Upstream discovery failed unexpectedly [upstream=%s]", upstream.id());
            state = new UpstreamState(
                    upstream.id(), upstream.namespace(), false, "discovery failed", 0, upstream.workspaces());
        }
        Duration next = state.available() ? upstream.refreshInterval() : min(retryInterval, upstream.refreshInterval());
        if (!refresher.isShutdown()) {
            refresher.schedule(() -> refreshAndReschedule(id, generation), next.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private Listing list(UpstreamDefinition upstream) throws UpstreamException {
        List<JsonNode> tools = new ArrayList<>();
        try (DiscoverySession session = sessions.open(upstream)) {
            boolean announcesChanges = session.offersToolListChanged();
            String cursor = null;
            for (int page = 0; page < MAX_PAGES; page++) {
                ObjectNode params = JsonNodeFactory.instance.objectNode();
                if (cursor != null) {
                    params.put("cursor", cursor);
                }
                JsonNode result;
                try {
                    result = session.request("tools/list", params);
                } catch (UpstreamRefusedException e) {
                    if (e.code() != METHOD_NOT_FOUND || session.declaresTools()) {
                        throw e;
                    }
                    // a server of resources and prompts only: available, with no tools
                    result = JsonNodeFactory.instance.objectNode().set("tools", JsonNodeFactory.instance.arrayNode());
                }
                if (!result.path("tools").isArray()) {
                    throw new UpstreamException("upstream " + upstream.id() + " answered tools/list without tools");
                }
                result.get("tools").forEach(tools::add);
                JsonNode next = result.get("nextCursor");
                if (next == null || next.isNull()) {
                    ListedTools listed =
                            ListedTools.of(upstream, tools, session.implicitTaskSupport(), session.protocol());
                    return new Listing(
                            upstream,
                            true,
                            listed.entries(),
                            listed.problems(),
                            null,
                            announcesChanges,
                            session.protocol());
                }
                cursor = next.asText();
            }
        }
        throw new UpstreamException("upstream " + upstream.id() + " listed more than " + MAX_PAGES + " pages of tools");
    }

    // a listing counts only while it is of the upstream's current definition: one made before a change is stale
    private synchronized void publish() {
        List<OperationSpec> tools = new ArrayList<>();
        List<UpstreamState> states = new ArrayList<>();
        for (UpstreamDefinition upstream : registered.all()) {
            Listing listing = listings.get(upstream.id());
            Long revision = registered.revisionOf(upstream.id());
            if (listing == null || !listing.upstream().equals(upstream)) {
                states.add(notListed(upstream));
                continue;
            }
            tools.addAll(listing.tools());
            states.add(listing.state(revision));
        }
        UpstreamTools next = new UpstreamTools("pending", tools, states);
        catalog.replaceUpstreamTools(new UpstreamTools(revisionOf(next), tools, states));
    }

    private UpstreamState notListed(UpstreamDefinition upstream) {
        return new UpstreamState(
                upstream.id(),
                upstream.namespace(),
                false,
                "not listed yet",
                0,
                upstream.workspaces(),
                registered.revisionOf(upstream.id()));
    }

    private static String revisionOf(UpstreamTools contents) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(CanonicalJson.write(Wire.mapper().valueToTree(contents))
                            .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** What the last listing of one upstream (as it was defined then) gave. */
    private record Listing(
            UpstreamDefinition upstream,
            boolean available,
            List<OperationSpec> tools,
            List<String> problems,
            String reason,
            boolean announcesChanges,
            UpstreamProtocol spoken) {
        static Listing unavailable(UpstreamDefinition upstream, String reason) {
            return new Listing(upstream, false, List.of(), List.of(), reason, false, null);
        }

        UpstreamState state(Long revision) {
            String problem = available ? (problems.isEmpty() ? null : String.join("; ", problems)) : reason;
            return new UpstreamState(
                    upstream.id(),
                    upstream.namespace(),
                    available,
                    problem,
                    tools.size(),
                    upstream.workspaces(),
                    revision,
                    spoken == null ? null : spoken.version());
        }
    }
}
