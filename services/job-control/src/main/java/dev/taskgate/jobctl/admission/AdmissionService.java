package dev.taskgate.jobctl.admission;

import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.jobctl.admission.db.AdmissionRepository;
import dev.taskgate.jobctl.metrics.CommandMetrics;

/**
 * Decides, inside a submission transaction, whether a new execution may be created. It locks (organization, then
 * principal) before reading usage, and the locks last until the submission commits, so concurrent submissions in
 * one organization are admitted one at a time against committed counts: the bounds hold across every job-control
 * instance that shares the database.
 */
@ApplicationScoped
public class AdmissionService {

    private final AdmissionPolicy policy;
    private final AdmissionRepository repository;
    private final CommandMetrics metrics;

    AdmissionService(AdmissionPolicy policy, AdmissionRepository repository, CommandMetrics metrics) {
        this.policy = policy;
        this.repository = repository;
        this.metrics = metrics;
    }

    /** Whether submissions from {@code surface} are bounded at all (when not, {@link #check} is not needed). */
    public boolean appliesTo(TaskSurface surface) {
        return policy.appliesTo(surface);
    }

    /**
     * Locks and checks; empty when the submission is admitted. Call it before the transaction writes anything and
     * keep the transaction open until the execution is inserted.
     */
    public Uni<Optional<AdmissionRefusal>> check(SqlConnection tx, Caller caller, long inputBytes, Instant now) {
        // Both statements go out at once: PostgreSQL runs the usage query only once the locks are granted, and takes
        // its snapshot then, so it counts every submission admitted before this one as if it had waited for the locks.
        Uni<Void> locked = repository.lock(tx, caller.orgId(), caller.principal());
        Uni<AdmissionUsage> usage = repository.usage(tx, caller.principal(), caller.orgId(), caller.projectId());
        return Uni.combine()
                .all()
                .unis(locked, usage)
                .with((granted, counted) -> policy.evaluate(counted, inputBytes, now))
                .invoke(refusal -> refusal.ifPresent(
                        r -> metrics.admissionRefused(r.bound().boundName())));
    }
}
