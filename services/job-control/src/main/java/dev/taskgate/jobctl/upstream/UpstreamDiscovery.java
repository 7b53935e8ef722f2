package dev.taskgate.jobctl.upstream;

import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.runtime.StartupEvent;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.jobctl.submit.CanonicalJson;

/**
 * Keeps the catalog's upstream tools current: lists each registered upstream's tools ({@code tools/list}, every page)
 * at startup and then every {@code refreshInterval}; an upstream that cannot be listed is marked unavailable with the
 * reason, its tools leave the catalog and it is tried again sooner ({@code retryInterval}); the other upstreams are not
 * affected. Each refresh replaces the catalog's upstream tools as a whole.
 */
@ApplicationScoped
public class UpstreamDiscovery {
    private static final Logger LOG = Logger.getLogger(UpstreamDiscovery.class);
    private static final int MAX_PAGES = 100;

    private final List<UpstreamDefinition> upstreams;
    private final OperationCatalog catalog;
    private final Duration retryInterval;
    private final UpstreamAddressPolicy addresses;
    private final Map<String, Listing> listings = new ConcurrentHashMap<>();
    private final HttpClient http;
    private final ScheduledExecutorService refresher = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "upstream-discovery");
        t.setDaemon(true);
        return t;
    });

    UpstreamDiscovery(RegisteredUpstreams registered, OperationCatalog catalog) {
        this.upstreams = registered.all();
        this.catalog = catalog;
        this.retryInterval = registered.retryInterval();
        this.addresses = registered.addresses();
        this.http = HttpClient.newBuilder()
                .connectTimeout(upstreams.stream()
                        .map(UpstreamDefinition::connectTimeout)
                        .max(Duration::compareTo)
                        .orElse(Duration.ofSeconds(5)))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    void start(@Observes StartupEvent started) {
        upstreams.forEach(upstream -> refresher.execute(() -> refreshAndReschedule(upstream)));
    }

    @PreDestroy
    void stop() {
        refresher.shutdownNow();
    }

    /** Lists {@code upstream}'s tools now and publishes the result; returns its state afterwards. */
    public UpstreamState refresh(UpstreamDefinition upstream) {
        Listing listing;
        try {
            listing = list(upstream);
            LOG.infof(
                    "Upstream listed [upstream=%s tools=%d leftOut=%d]",
                    upstream.id(), listing.tools().size(), listing.problems().size());
        } catch (UpstreamException e) {
            listing = Listing.unavailable(e.getMessage());
            LOG.warnf("Upstream unavailable [upstream=%s reason=%s]", upstream.id(), e.getMessage());
        }
        listings.put(upstream.id(), listing);
        publish();
        return listing.state(upstream);
    }

    private void refreshAndReschedule(UpstreamDefinition upstream) {
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
            refresher.schedule(() -> refreshAndReschedule(upstream), next.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private Listing list(UpstreamDefinition upstream) throws UpstreamException {
        Optional<String> refused = addresses.refusal(upstream);
        if (refused.isPresent()) {
            throw new UpstreamException(refused.get());
        }
        List<JsonNode> tools = new ArrayList<>();
        try (DiscoverySession session = DiscoverySession.open(upstream, http)) {
            String cursor = null;
            for (int page = 0; page < MAX_PAGES; page++) {
                ObjectNode params = JsonNodeFactory.instance.objectNode();
                if (cursor != null) {
                    params.put("cursor", cursor);
                }
                JsonNode result = session.request("tools/list", params);
                if (!result.path("tools").isArray()) {
                    throw new UpstreamException("upstream " + upstream.id() + " answered tools/list without tools");
                }
                result.get("tools").forEach(tools::add);
                JsonNode next = result.get("nextCursor");
                if (next == null || next.isNull()) {
                    ListedTools listed = ListedTools.of(upstream, tools);
                    return new Listing(true, listed.entries(), listed.problems(), null);
                }
                cursor = next.asText();
            }
        }
        throw new UpstreamException("upstream " + upstream.id() + " listed more than " + MAX_PAGES + " pages of tools");
    }

    private synchronized void publish() {
        List<OperationSpec> tools = new ArrayList<>();
        List<UpstreamState> states = new ArrayList<>();
        for (UpstreamDefinition upstream : upstreams) {
            Listing listing = listings.get(upstream.id());
            if (listing == null) {
                states.add(new UpstreamState(
                        upstream.id(), upstream.namespace(), false, "not listed yet", 0, upstream.workspaces()));
                continue;
            }
            tools.addAll(listing.tools());
            states.add(listing.state(upstream));
        }
        UpstreamTools next = new UpstreamTools("pending", tools, states);
        catalog.replaceUpstreamTools(new UpstreamTools(revisionOf(next), tools, states));
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

    /** What the last listing of one upstream gave. */
    private record Listing(boolean available, List<OperationSpec> tools, List<String> problems, String reason) {
        static Listing unavailable(String reason) {
            return new Listing(false, List.of(), List.of(), reason);
        }

        UpstreamState state(UpstreamDefinition upstream) {
            String problem = available ? (problems.isEmpty() ? null : String.join("; ", problems)) : reason;
            return new UpstreamState(
                    upstream.id(), upstream.namespace(), available, problem, tools.size(), upstream.workspaces());
        }
    }
}
