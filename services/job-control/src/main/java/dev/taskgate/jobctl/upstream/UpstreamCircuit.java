package dev.taskgate.jobctl.upstream;

import java.util.Optional;
import java.util.function.BiConsumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.upstream.db.UpstreamCircuitRepository;

/**
 * A circuit breaker per upstream, fed by the terminal reports of its tools' calls (docs/gateway.md "Circuit
 * breaker") and shared by the job-control replicas: the count and the open state are a row of
 * {@code jobctl.upstream_circuit}, changed in the transaction that applies the report. After {@code circuitFailures}
 * calls in a row that could not reach the upstream ({@code upstream_unavailable}), whichever replicas applied them,
 * it opens: the replica that applied the last one marks the upstream unavailable at once, the others when they next
 * read the open circuits ({@link UpstreamDiscovery}, every retry interval), so its tools leave every catalog (new calls
 * are refused at the edge, dispatched ones fail at the worker without trying it). The trial is the first listing that
 * succeeds once the circuit has been open for the retry interval, on any replica: it closes the circuit. A call that
 * reached the upstream, whatever it answered, starts the count again.
 */
@ApplicationScoped
public class UpstreamCircuit {
    static final String UNREACHABLE = "upstream_unavailable";
    static final String ANSWERED_WITH_FAILURE = "upstream_failed";
    private static final Logger LOG = Logger.getLogger(UpstreamCircuit.class);

    private final OperationCatalog catalog;
    private final BiConsumer<String, String> opened;
    private final int threshold;
    private final UpstreamCircuitRepository circuits;

    @Inject
    UpstreamCircuit(
            OperationCatalog catalog,
            UpstreamDiscovery discovery,
            JobControlConfig config,
            UpstreamCircuitRepository circuits) {
        this(catalog, discovery::markUnavailable, config.upstreams().circuitFailures(), circuits);
    }

    /**
     * A replica's breaker: {@code catalog} is the replica's, {@code opened} marks an upstream unavailable there (id,
     * reason), {@code threshold} is {@code circuitFailures} (0: off).
     */
    public UpstreamCircuit(
            OperationCatalog catalog,
            BiConsumer<String, String> opened,
            int threshold,
            UpstreamCircuitRepository circuits) {
        this.catalog = catalog;
        this.opened = opened;
        this.threshold = threshold;
        this.circuits = circuits;
    }

    /**
     * A call of the tool {@code toolName} ended with {@code report} ({@code Finished}, {@code Failed}, ...), applied in
     * the transaction {@code tx}.
     */
    public Uni<Void> callEnded(SqlClient tx, String toolName, WorkerEvent report) {
        if (threshold <= 0) {
            return Uni.createFrom().voidItem();
        }
        // while it is unavailable (open, or not listed) the count rests: the workers fail its calls without trying
        Optional<UpstreamState> upstream = upstreamOf(toolName).filter(UpstreamState::available);
        if (upstream.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        String id = upstream.get().id();
        if (report instanceof Failed failed && UNREACHABLE.equals(failed.code())) {
            return circuits.countUnreachable(
                            tx,
                            id,
                            threshold,
                            count -> "circuit open: " + count + " calls in a row could not reach the upstream (last: "
                                    + failed.message() + "); listed again after the retry interval")
                    .invoke(reason -> reason.ifPresent(why -> {
                        LOG.warnf("Upstream circuit opened [upstream=%s calls=%d]", id, threshold);
                        opened.accept(id, why);
                    }))
                    .replaceWithVoid();
        }
        if (report instanceof Finished
                || report instanceof Failed failed && ANSWERED_WITH_FAILURE.equals(failed.code())) {
            return circuits.reached(tx, id);
        }
        return Uni.createFrom().voidItem();
    }

    // by namespace, not by catalog entry: an unavailable upstream's tools are no longer in the catalog
    private Optional<UpstreamState> upstreamOf(String toolName) {
        return catalog.upstreamTools().upstreams().stream()
                .filter(state -> toolName.startsWith(state.namespace() + "."))
                .findFirst();
    }
}
