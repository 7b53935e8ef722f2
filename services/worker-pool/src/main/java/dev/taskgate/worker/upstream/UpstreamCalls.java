package dev.taskgate.worker.upstream;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.catalog.UpstreamToolsFeed;
import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamCommand;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.contracts.upstream.UpstreamsFile;
import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.sealing.PayloadSealing;

/**
 * The upstreams this worker calls (docs/gateway.md): their definitions from the upstreams file or, for those
 * registered through the operator API, from job-control; the catalog's upstream tools kept in step with job-control;
 * and the target a child needs for one call of
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
    private final Optional<RegisteredUpstreamTargets> registered;

    @Inject
    UpstreamCalls(WorkerConfig config, OperationCatalog catalog, PayloadSealing sealing) {
        this(
                UpstreamsFile.load(config.upstreamsFile()),
                new UpstreamAddressPolicy(config.upstreamsAllowPrivateNetworks()),
                catalog,
                feedOf(config, catalog),
                config.upstreamToolsRefresh(),
                new RegisteredUpstreamTargets(
                        config.jobControlUrl(), config.serviceSigningKey(), sealing.upstreamCredentials()));
    }

    /**
     * Calls of the file's {@code upstreams}, and of those registered through the operator API when {@code registered}
     * is given; the catalog follows job-control's when {@code feed} is given (an upstream may be registered at any
     * time, so a service always has one).
     */
    UpstreamCalls(
            List<UpstreamDefinition> upstreams,
            UpstreamAddressPolicy addresses,
            OperationCatalog catalog,
            UpstreamToolsFeed feed,
            Duration refresh,
            RegisteredUpstreamTargets registered) {
        this.byId =
                upstreams.stream().collect(Collectors.toUnmodifiableMap(UpstreamDefinition::id, Function.identity()));
        this.addresses = addresses;
        this.catalog = catalog;
        this.refresh = refresh;
        this.feed = Optional.ofNullable(feed);
        this.registered = Optional.ofNullable(registered);
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
     * The upstream tool {@code name} after asking job-control once more, when the name has a namespace: a dispatch can
     * overtake this worker's last poll of a newly listed tool, of the file's upstreams or of one registered through
     * the operator API (whose namespace this worker cannot know before).
     */
    public Optional<OperationSpec> findAfterRefresh(String name) {
        if (feed.isEmpty() || name.indexOf('.') < 0) {
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
     * The upstream that the tool {@code name} belongs to by its namespace, when the catalog marks it unavailable (it
     * could not be listed, or its circuit is open): a dispatched call of it fails at once instead of trying it.
     */
    public Optional<UpstreamState> unavailableUpstreamOf(String name) {
        return catalog.upstreamTools().upstreams().stream()
                .filter(state -> !state.available() && name.startsWith(state.namespace() + "."))
                .findFirst();
    }

    /**
     * What the child needs to call the upstream tool {@code spec} ({@code docs/worker-pool.md}, "Upstream calls").
     * Blocking (DNS).
     *
     * An upstream not in this worker's file is one registered through the operator API: its target is job-control's
     * (fetched again when the catalog names a newer revision), its credential opened here.
     *
     * @throws UpstreamRefusedException when this worker has no upstream of that id (its upstreams file differs from
     *                                  job-control's, or job-control has no such registration), or the network policy
     *                                  refuses its address now
     */
    public JsonNode targetOf(OperationSpec spec) throws UpstreamRefusedException {
        String id = spec.upstream().upstream();
        UpstreamDefinition upstream = byId.get(id);
        if (upstream == null && registered.isPresent()) {
            upstream = registered.get().find(id, revisionInCatalog(id));
        }
        if (upstream == null) {
            throw new UpstreamRefusedException("upstream " + id + " of " + spec.name()
                    + " is not configured on this worker; the tool was not called");
        }
        UpstreamAddressPolicy.Check check = addresses.check(upstream);
        if (check.refused().isPresent()) {
            throw new UpstreamRefusedException(check.refusal() + "; the tool was not called");
        }
        String protocol = upstream.protocol().version();
        if (upstream.protocol() == UpstreamProtocol.NEGOTIATE) {
            // the generation is the one discovery found; without it the request could not be formed at all
            protocol = spec.upstream().protocol();
            if (protocol == null) {
                throw new UpstreamRefusedException("upstream " + id + " of " + spec.name() + " negotiates its protocol"
                        + " and the catalog does not say which one it speaks yet; the tool was not called");
            }
        }
        ObjectNode target = JsonNodeFactory.instance.objectNode().put("id", upstream.id());
        if (upstream.isStdio()) {
            // the environment may hold secrets: like a credential, it goes to the child making this call only
            UpstreamCommand command = upstream.command().orElseThrow();
            ObjectNode written = target.putObject("command");
            command.argv().forEach(written.putArray("argv")::add);
            command.workingDirectory().ifPresent(d -> written.put("workingDirectory", d));
            ObjectNode environment = written.putObject("environment");
            command.environment().forEach(environment::put);
        } else {
            target.put("url", upstream.url().toString());
            // the child connects to the address just checked, never resolving the host again
            String address = check.address().getHostAddress();
            int scope = address.indexOf('%');
            target.put("address", scope < 0 ? address : address.substring(0, scope));
        }
        target.put("protocol", protocol)
                .put("tool", spec.upstream().tool())
                .put("connectTimeoutMs", upstream.connectTimeout().toMillis())
                .put("callTimeoutMs", upstream.callTimeout().toMillis())
                .put("taskSupport", spec.upstream().taskSupport());
        upstream.relays().stream().sorted().forEach(target.putArray("relay")::add);
        if (protocol.equals(UpstreamProtocol.MCP_2026_07_28.version())) {
            try {
                target.set("paramHeaders", ParamHeaderMarks.of(spec.inputSchema()));
            } catch (IllegalArgumentException e) {
                throw new UpstreamRefusedException("the inputSchema of " + spec.name() + " marks its arguments for"
                        + " headers wrongly (" + e.getMessage() + "); the tool was not called");
            }
        }
        ObjectNode headers = target.putObject("headers");
        upstream.credential().ifPresent(c -> headers.put(c.header(), c.value()));
        return target;
    }

    private Long revisionInCatalog(String id) {
        return catalog.upstreamTools().upstreams().stream()
                .filter(state -> state.id().equals(id))
                .map(UpstreamState::revision)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }
}
