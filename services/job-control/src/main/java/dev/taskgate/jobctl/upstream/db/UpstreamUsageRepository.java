package dev.taskgate.jobctl.upstream.db;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

/** The concurrency lock of one upstream and the usage it protects, read from {@code jobctl.execution}. */
@ApplicationScoped
public class UpstreamUsageRepository {

    /**
     * Takes the upstream's lock until the caller's transaction ends, so that concurrent submissions of its tools are
     * counted one after the other (on every job-control instance sharing the database).
     */
    public Uni<Void> lock(SqlClient tx, String upstreamId) {
        return tx.preparedQuery("select pg_advisory_xact_lock(hashtext('jobctl.upstream'), hashtext($1))")
                .execute(Tuple.of(upstreamId))
                .replaceWithVoid();
    }

    /** How many executions of the tools under {@code namespace} are queued or running. */
    public Uni<Long> live(SqlClient tx, String namespace) {
        return tx.preparedQuery("select count(*) as live from jobctl.execution where tool_name like $1 escape '\\' "
                        + "and state in ('queued', 'working', 'input_required')")
                .execute(Tuple.of(likePrefix(namespace)))
                .map(rows -> rows.iterator().next().getLong("live"));
    }

    static String likePrefix(String namespace) {
        return namespace.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + ".%";
    }
}
