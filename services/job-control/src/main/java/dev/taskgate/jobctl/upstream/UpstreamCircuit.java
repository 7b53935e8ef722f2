package dev.taskgate.jobctl.upstream;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.jobctl.JobControlConfig;

/**
 * A circuit breaker per upstream, fed by the terminal reports of its tools' calls (docs/gateway.md "Circuit
 * breaker"). After {@code circuitFailures} calls in a row that could not reach the upstream ({@code
 * upstream_unavailable}) it opens: discovery marks the upstream unavailable, so its tools leave the catalog (new calls
 * are refused at the edge, dispatched ones fail at the worker without trying it), and lists it again after the retry
 * interval — the trial: a listing that succeeds closes the circuit. A call that reached the upstream, whatever it
 * answered, starts the count again. Each job-control replica counts the reports it applies (in memory: a report
 * whose transaction then fails and is applied again counts twice; the breaker is a guard, not a ledger).
 */
@ApplicationScoped
public class UpstreamCircuit {
    static final String UNREACHABLE = "upstream_unavailable";
    static final String ANSWERED_WITH_FAILURE = "upstream_failed";
    private static final Logger LOG = Logger.getLogger(UpstreamCircuit.class);

    private final OperationCatalog catalog;
    private final UpstreamDiscovery discovery;
    private final int threshold;
    private final Map<String, Integer> unreachableInARow = new ConcurrentHashMap<>();

    UpstreamCircuit(OperationCatalog catalog, UpstreamDiscovery discovery, JobControlConfig config) {
        this.catalog = catalog;
        this.discovery = discovery;
        this.threshold = config.upstreams().circuitFailures();
    }

    /** A call of the tool {@code toolName} ended with {@code report} ({@code Finished}, {@code Failed}, ...). */
    public void callEnded(String toolName, WorkerEvent report) {
        if (threshold <= 0) {
            return;
        }
        // while it is unavailable (open, or not listed) the count rests: the workers fail its calls without trying
        Optional<UpstreamState> upstream = upstreamOf(toolName).filter(UpstreamState::available);
        if (upstream.isEmpty()) {
            return;
        }
        String id = upstream.get().id();
        if (report instanceof Failed failed && UNREACHABLE.equals(failed.code())) {
            int count = unreachableInARow.merge(id, 1, Integer::sum);
            if (count >= threshold) {
                unreachableInARow.remove(id);
                String reason = "circuit open: " + count + " calls in a row could not reach the upstream (last: "
                        + failed.message() + "); listed again after the retry interval";
                LOG.warnf("Upstream circuit opened [upstream=%s calls=%d]", id, count);
                discovery.markUnavailable(id, reason);
            }
        } else if (report instanceof Finished
                || report instanceof Failed failed && ANSWERED_WITH_FAILURE.equals(failed.code())) {
            unreachableInARow.remove(id);
        }
    }

    // by namespace, not by catalog entry: an unavailable upstream's tools are no longer in the catalog
    private Optional<UpstreamState> upstreamOf(String toolName) {
        return catalog.upstreamTools().upstreams().stream()
                .filter(state -> toolName.startsWith(state.namespace() + "."))
                .findFirst();
    }
}
