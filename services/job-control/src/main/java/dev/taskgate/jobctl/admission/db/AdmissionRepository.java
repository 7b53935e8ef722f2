package dev.taskgate.jobctl.admission.db;

import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.admission.AdmissionUsage;

/** The admission locks and the usage they protect, read from {@code jobctl.execution}. */
@ApplicationScoped
public class AdmissionRepository {

    private static final String LIVE = "state in ('queued', 'working', 'input_required')";

    /**
     * Takes the organization's and then the principal's admission lock until the caller's transaction ends. Every
     * bounded submission takes them in this order before it reads usage and until its execution is committed, so
     * two submissions can never both take the last slot; the fixed order rules out deadlocks. The two-integer
     * advisory key space is separate from the one-bigint space the outbox relay's lock uses.
     */
    public Uni<Void> lock(SqlClient tx, String orgId, String principal) {
        return tx.preparedQuery("select pg_advisory_xact_lock(hashtext('jobctl.admission.org'), hashtext($1)), "
                        + "pg_advisory_xact_lock(hashtext('jobctl.admission.principal'), hashtext($2))")
                .execute(Tuple.of(orgId, principal))
                .replaceWithVoid();
    }

    /** What the bounds measure for a principal submitting in {@code orgId}/{@code projectId}. */
    public Uni<AdmissionUsage> usage(SqlClient tx, String principal, String orgId, String projectId) {
        return tx.preparedQuery("select "
                        + "(select count(*) from jobctl.execution where principal = $1 and " + LIVE
                        + ") as principal_live, "
                        + "(select count(*) from jobctl.execution where org_id = $2 and project_id = $3 and " + LIVE
                        + ") as project_live, "
                        + "(select count(*) from jobctl.execution where org_id = $2 and " + LIVE
                        + ") as organization_live, "
                        + "(select count(*) from jobctl.execution where org_id = $2 and project_id = $3 "
                        + "and state = 'queued') as project_queued, "
                        // kept by PostgreSQL in shards (migration V23): a few rows, not the project's whole history
                        + "(select coalesce(sum(bytes), 0) from jobctl.project_retained_bytes where org_id = $2 "
                        + "and project_id = $3) as project_bytes, "
                        + "(select min(retention_expires_at) from jobctl.execution where org_id = $2 and project_id = $3 "
                        + "and purged_at is null) as earliest_retention_end")
                .execute(Tuple.of(principal, orgId, projectId))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    OffsetDateTime earliest = row.getOffsetDateTime("earliest_retention_end");
                    return new AdmissionUsage(
                            row.getLong("principal_live"),
                            row.getLong("project_live"),
                            row.getLong("organization_live"),
                            row.getLong("project_queued"),
                            row.getLong("project_bytes"),
                            earliest == null ? null : earliest.toInstant());
                });
    }
}
