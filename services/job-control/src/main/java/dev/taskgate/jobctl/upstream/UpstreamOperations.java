package dev.taskgate.jobctl.upstream;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.contracts.operator.OperatorUpstreams;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.audit.AuditLog;

/**
 * The operator's view of the upstreams (docs/gateway.md "Operating upstreams"): those the operator's project may use,
 * with their state and the reason of an unavailable one, and a refresh that lists one again now. Every call is
 * audited; an upstream the project may not use is not found.
 */
@ApplicationScoped
public class UpstreamOperations {
    private final RegisteredUpstreams registered;
    private final UpstreamDiscovery discovery;
    private final OperationCatalog catalog;
    private final AuditLog audit;
    // a refresh talks to the upstream (blocking HTTP): never on an event loop
    private final ExecutorService refreshes = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "upstream-refresh");
        t.setDaemon(true);
        return t;
    });

    UpstreamOperations(
            RegisteredUpstreams registered, UpstreamDiscovery discovery, OperationCatalog catalog, AuditLog audit) {
        this.registered = registered;
        this.discovery = discovery;
        this.catalog = catalog;
        this.audit = audit;
    }

    @PreDestroy
    void stop() {
        refreshes.shutdownNow();
    }

    /** The upstreams the call's project may use. */
    public Uni<OperatorUpstreams> list(OperatorCall call) {
        return audit.record(call, OperatorActions.UPSTREAMS_LIST, null, null, AuditEntry.OK)
                .map(id -> new OperatorUpstreams(catalog.upstreamTools().upstreams().stream()
                        .filter(state -> state.admits(call.workspace()))
                        .toList()));
    }

    /** Lists the upstream {@code id} again now and answers its state; empty when the project may not use it. */
    public Uni<Optional<UpstreamState>> refresh(OperatorCall call, String id) {
        Optional<UpstreamDefinition> upstream = registered.all().stream()
                .filter(u -> u.id().equals(id) && u.admits(call.workspace()))
                .findFirst();
        if (upstream.isEmpty()) {
            return audit.record(call, OperatorActions.UPSTREAMS_REFRESH, id, null, AuditEntry.NOT_FOUND)
                    .map(recorded -> Optional.empty());
        }
        return Uni.createFrom()
                .item(() -> discovery.refresh(upstream.get()))
                .runSubscriptionOn(refreshes)
                .flatMap(state -> audit.record(call, OperatorActions.UPSTREAMS_REFRESH, id, null, AuditEntry.OK)
                        .map(recorded -> Optional.of(state)));
    }
}
