package dev.taskgate.jobctl.upstream;

import java.time.Duration;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.upstream.db.UpstreamUsageRepository;

/**
 * An upstream's {@code maxConcurrency}, held across the whole deployment: a submission of one of its tools is refused
 * (429 and a retry hint, like an admission limit) while that many executions of its tools are queued or running. The
 * upstream's lock, taken before counting and held until the submission commits, makes concurrent submissions count
 * one after the other on every job-control instance.
 */
@ApplicationScoped
public class UpstreamAdmission {

    /**
     * Why a submission of an upstream tool is not admitted now.
     *
     * @param problem           the 429 answered to the caller
     * @param retryAfterSeconds the retry hint
     */
    public record Refusal(Problem problem, long retryAfterSeconds) {}

    private final RegisteredUpstreams upstreams;
    private final UpstreamUsageRepository usage;
    private final Duration retryAfter;

    UpstreamAdmission(RegisteredUpstreams upstreams, UpstreamUsageRepository usage, JobControlConfig config) {
        this.upstreams = upstreams;
        this.usage = usage;
        this.retryAfter = config.admission().retryAfter();
    }

    /** Whether {@code spec} is bounded here (an upstream tool whose upstream is registered). */
    public boolean bounds(OperationSpec spec) {
        return upstreamOf(spec).isPresent();
    }

    /**
     * Locks the upstream and counts; empty when admitted. Call it inside the submission's transaction, before it
     * writes anything, and keep the transaction open until the execution is inserted.
     */
    public Uni<Optional<Refusal>> check(SqlConnection tx, OperationSpec spec) {
        Optional<UpstreamDefinition> upstream = upstreamOf(spec);
        if (upstream.isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        UpstreamDefinition u = upstream.get();
        return usage.lock(tx, u.id())
                .flatMap(v -> usage.live(tx, u.namespace()))
                .map(live -> {
                    if (live < u.maxConcurrency()) {
                        return Optional.<Refusal>empty();
                    }
                    long seconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
                    return Optional.of(new Refusal(
                            Problem.of(
                                    "admission-limit",
                                    "Admission limit reached",
                                    429,
                                    "The upstream concurrency limit of " + spec.name() + " is reached: " + live + " of "
                                            + u.maxConcurrency() + " executions of its upstream's tools are queued or "
                                            + "running. Retry after about " + seconds + " s."),
                            seconds));
                });
    }

    private Optional<UpstreamDefinition> upstreamOf(OperationSpec spec) {
        if (!spec.isUpstream()) {
            return Optional.empty();
        }
        String id = spec.upstream().upstream();
        return upstreams.all().stream().filter(u -> u.id().equals(id)).findFirst();
    }
}
