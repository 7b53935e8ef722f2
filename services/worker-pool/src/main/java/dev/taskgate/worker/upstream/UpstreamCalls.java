package dev.taskgate.worker.upstream;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.runtime.StartupEvent;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamToolsFeed;
import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamsFile;
import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.worker.WorkerConfig;

/**
 * The upstreams this worker calls (docs/gateway.md): their definitions from the upstreams file, the catalog's
 * upstream tools kept in step with job-control while any is configured, and the target a child needs for one call of
 * an upstream tool. The credential goes to the child making that call and to no other.
 */
@ApplicationScoped
public class UpstreamCalls {
    private static final Logger LOG = Logger.getLogger(UpstreamCalls.class);

    private final Map<String, UpstreamDefinition> byId;
    private final Optional<UpstreamToolsFeed> feed;
    private final Duration refresh;
    private final OperationCatalog catalog;
    private final UpstreamAddressPolicy addresses;

    @Inject
    UpstreamCalls(WorkerConfig config, OperationCatalog catalog) {
        this(
                UpstreamsFile.load(config.upstreamsFile()),
                new UpstreamAddressPolicy(config.upstreamsAllowPrivateNetworks()),
                catalog,
                feedOf(config, catalog),
                config.upstreamToolsRefresh());
    }

    /** Calls of {@code upstreams}; a feed only when there is any. */
    UpstreamCalls(
            List<UpstreamDefinition> upstreams,
            UpstreamAddressPolicy addresses,
            OperationCatalog catalog,
            UpstreamToolsFeed feed,
            Duration refresh) {
        this.byId =
                upstreams.stream().collect(Collectors.toUnmodifiableMap(UpstreamDefinition::id, Function.identity()));
        this.addresses = addresses;
        this.catalog = catalog;
        this.refresh = refresh;
        this.feed = upstreams.isEmpty() ? Optional.empty() : Optional.ofNullable(feed);
    }

    private static UpstreamToolsFeed feedOf(WorkerConfig config, OperationCatalog catalog) {
        AssertionSigner signer = new AssertionSigner(
                "worker-pool", "job-control", ServiceKeys.signingKey(config.serviceSigningKey()), Clock.systemUTC());
        return new UpstreamToolsFeed(
                catalog,
                config.jobControlUrl(),
                (request, target) ->
                        request.header(CallerAssertion.HEADER, signer.sign("GET", target, null, null, null, null)));
    }

    void start(@Observes StartupEvent started) {
        feed.ifPresent(f -> f.start(refresh));
    }

    @PreDestroy
    void stop() {
        feed.ifPresent(UpstreamToolsFeed::close);
    }

    /**
     * The upstream tool {@code name} after asking job-control once more, when this worker calls upstreams and the name
     * has the namespace of one: a dispatch can overtake this worker's last poll of a newly listed tool.
     */
    public Optional<OperationSpec> findAfterRefresh(String name) {
        int dot = name.indexOf('.');
        if (feed.isEmpty() || dot < 0) {
            return Optional.empty();
        }
        String namespace = name.substring(0, dot);
        if (byId.values().stream().noneMatch(u -> u.namespace().equals(namespace))) {
            return Optional.empty();
        }
        try {
            feed.get().poll();
        } catch (IOException | RuntimeException e) {
            LOG.warnf("Upstream tools could not be refreshed for %s: %s", name, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return catalog.find(name).filter(OperationSpec::isUpstream);
    }

    /**
     * What the child needs to call the upstream tool {@code spec} ({@code docs/worker-pool.md}, "Upstream calls").
     * Blocking (DNS).
     *
     * @throws UpstreamRefusedException when this worker has no upstream of that id (its upstreams file differs from
     *                                  job-control's) or the network policy refuses its address now
     */
    public JsonNode targetOf(OperationSpec spec) throws UpstreamRefusedException {
        UpstreamDefinition upstream = byId.get(spec.upstream().upstream());
        if (upstream == null) {
            throw new UpstreamRefusedException("upstream " + spec.upstream().upstream() + " of " + spec.name()
                    + " is not configured on this worker; the tool was not called");
        }
        Optional<String> refused = addresses.refusal(upstream);
        if (refused.isPresent()) {
            throw new UpstreamRefusedException(refused.get() + "; the tool was not called");
        }
        ObjectNode target = JsonNodeFactory.instance
                .objectNode()
                .put("id", upstream.id())
                .put("url", upstream.url().toString())
                .put("protocol", upstream.protocol().version())
                .put("tool", spec.upstream().tool())
                .put("connectTimeoutMs", upstream.connectTimeout().toMillis())
                .put("callTimeoutMs", upstream.callTimeout().toMillis())
                .put("taskSupport", spec.upstream().taskSupport());
        ObjectNode headers = target.putObject("headers");
        upstream.credential().ifPresent(c -> headers.put(c.header(), c.value()));
        return target;
    }
}
