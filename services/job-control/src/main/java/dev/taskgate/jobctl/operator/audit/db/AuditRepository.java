package dev.taskgate.jobctl.operator.audit.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.operator.AuditEntry;

/** Plain-SQL access to {@code jobctl.operator_audit}; callers pass the connection (of their transaction). */
@ApplicationScoped
public class AuditRepository {

    /** Appends an entry; returns its id. */
    public Uni<Long> insert(SqlClient client, AuditEntry entry, UUID executionId, Instant at) {
        return client.preparedQuery("insert into jobctl.operator_audit (occurred_at, workspace, principal, action, "
                        + "route, target, execution_id, outcome) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id")
                .execute(Tuple.from(Arrays.asList(
                        OffsetDateTime.ofInstant(at, ZoneOffset.UTC),
                        entry.workspace(),
                        entry.principal(),
                        entry.action(),
                        entry.route(),
                        entry.target(),
                        executionId,
                        entry.outcome())))
                .map(rows -> rows.iterator().next().getLong("id"));
    }

    /**
     * Deletes up to {@code limit} entries that occurred before {@code before}, oldest first; rows another sweeper
     * holds are skipped, so several instances purge side by side.
     *
     * @return how many it deleted
     */
    public Uni<Integer> deleteOlderThan(SqlClient client, Instant before, int limit) {
        return client.preparedQuery(
                        "delete from jobctl.operator_audit where id in (select id from "
                                + "jobctl.operator_audit where occurred_at < $1 order by occurred_at limit $2 for update skip locked)")
                .execute(Tuple.of(OffsetDateTime.ofInstant(before, ZoneOffset.UTC), limit))
                .map(rows -> rows.rowCount());
    }

    /** Changes the outcome of an entry written earlier in the same call. */
    public Uni<Void> updateOutcome(SqlClient client, long id, String outcome) {
        return client.preparedQuery("update jobctl.operator_audit set outcome = $2 where id = $1")
                .execute(Tuple.of(id, outcome))
                .replaceWithVoid();
    }

    /** Up to {@code limit} entries of the workspace with an id below {@code beforeId} (all when null), newest first. */
    public Uni<List<AuditEntry>> page(SqlClient client, String workspace, Long beforeId, int limit) {
        return client.preparedQuery("select id, occurred_at, workspace, principal, action, route, target, outcome "
                        + "from jobctl.operator_audit where workspace = $1 and ($2::bigint is null or id < $2) "
                        + "order by id desc limit $3")
                .execute(Tuple.of(workspace, beforeId, limit))
                .map(rows -> {
                    List<AuditEntry> entries = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        entries.add(new AuditEntry(
                                row.getLong("id"),
                                row.getOffsetDateTime("occurred_at").toInstant(),
                                row.getString("principal"),
                                row.getString("workspace"),
                                row.getString("action"),
                                row.getString("route"),
                                row.getString("target"),
                                row.getString("outcome")));
                    }
                    return entries;
                });
    }
}
