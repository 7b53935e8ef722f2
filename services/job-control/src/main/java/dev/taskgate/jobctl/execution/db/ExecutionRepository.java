package dev.taskgate.jobctl.execution.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.StoredOutcome;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

/** Plain-SQL access to {@code jobctl.execution}; callers pass the connection of their transaction. */
@ApplicationScoped
public class ExecutionRepository {

    private static final String COLUMNS = "id, principal, workspace, org_id, project_id, surface, tool_name, "
            + "tool_version, state, epoch, attempt, error_code, error_message, status_message, progress, total, "
            + "cancel_requested_at, created_at, updated_at, deadline_at, retention_expires_at";

    /** Inserts a new execution with its exact input bytes. */
    public Uni<Void> insert(SqlClient client, Execution e, byte[] input) {
        return client.preparedQuery("insert into jobctl.execution (" + COLUMNS + ", input) values "
                + "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, "
                + "$22)")
                .execute(Tuple.from(Arrays.asList(e.id(), e.principal(), e.workspace(), e.orgId(), e.projectId(),
                        e.surface().wireName(), e.toolName(), e.toolVersion(), e.state().wireName(), e.epoch(),
                        e.attempt(), e.errorCode(), e.errorMessage(), e.statusMessage(), e.progress(), e.total(),
                        ts(e.cancelRequestedAt()), ts(e.createdAt()), ts(e.updatedAt()), ts(e.deadlineAt()),
                        ts(e.retentionExpiresAt()), Buffer.buffer(input))))
                .replaceWithVoid();
    }

    /** The execution, if it exists. */
    public Uni<Optional<Execution>> findById(SqlClient client, UUID id) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.execution where id = $1")
                .execute(Tuple.of(id))
                .map(ExecutionRepository::firstExecution);
    }

    /** The execution, locked until the end of the caller's transaction, if it exists. */
    public Uni<Optional<Execution>> findByIdForUpdate(SqlClient client, UUID id) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.execution where id = $1 for update")
                .execute(Tuple.of(id))
                .map(ExecutionRepository::firstExecution);
    }

    /** The execution with its stored result bytes, if it exists. */
    public Uni<Optional<StoredOutcome>> findWithResult(SqlClient client, UUID id) {
        return client.preparedQuery("select " + COLUMNS + ", result from jobctl.execution where id = $1")
                .execute(Tuple.of(id))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return Optional.empty();
                    }
                    Row row = it.next();
                    var result = row.getBuffer("result");
                    return Optional.of(new StoredOutcome(map(row), result == null ? null : result.getBytes()));
                });
    }

    /**
     * Applies a state change if the execution is still in {@code change.from()} under {@code change.epoch()}.
     *
     * @return whether the row changed (false: another writer got there first, nothing happened)
     */
    public Uni<Boolean> compareAndSet(SqlClient client, StateChange change) {
        return client.preparedQuery("update jobctl.execution set state = $4, updated_at = $5, "
                + "status_message = coalesce($6, status_message), error_code = coalesce($7, error_code), "
                + "error_message = coalesce($8, error_message), result = coalesce($9, result), "
                + "cancel_requested_at = coalesce($10, cancel_requested_at) "
                + "where id = $1 and state = $2 and epoch = $3")
                .execute(Tuple.from(Arrays.asList(change.executionId(), change.from().wireName(), change.epoch(),
                        change.to().wireName(), ts(change.at()), change.statusMessage(), change.errorCode(),
                        change.errorMessage(), change.result() == null ? null : Buffer.buffer(change.result()),
                        ts(change.cancelRequestedAt()))))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Records progress if the execution is still in {@code state} under {@code epoch}; the state does not change.
     *
     * @return whether the row changed
     */
    public Uni<Boolean> recordProgress(SqlClient client, UUID id, ExecutionStatus state, long epoch,
            double progress, Double total, String message) {
        return client.preparedQuery("update jobctl.execution set progress = $4, total = $5, "
                + "status_message = coalesce($6, status_message) where id = $1 and state = $2 and epoch = $3")
                .execute(Tuple.from(Arrays.asList(id, state.wireName(), epoch, progress, total, message)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Marks that cancellation was requested, keeping the first request's time; the state does not change. */
    public Uni<Void> markCancelRequested(SqlClient client, UUID id, Instant at) {
        return client.preparedQuery("update jobctl.execution set cancel_requested_at = coalesce(cancel_requested_at, $2) "
                + "where id = $1")
                .execute(Tuple.of(id, ts(at)))
                .replaceWithVoid();
    }

    private static Optional<Execution> firstExecution(RowSet<Row> rows) {
        var it = rows.iterator();
        return it.hasNext() ? Optional.of(map(it.next())) : Optional.empty();
    }

    private static Execution map(Row row) {
        return new Execution(
                row.getUUID("id"),
                row.getString("principal"),
                row.getString("workspace"),
                row.getString("org_id"),
                row.getString("project_id"),
                Surface.fromWire(row.getString("surface")),
                row.getString("tool_name"),
                row.getString("tool_version"),
                ExecutionStatus.fromWire(row.getString("state")),
                row.getLong("epoch"),
                row.getInteger("attempt"),
                row.getString("error_code"),
                row.getString("error_message"),
                row.getString("status_message"),
                row.getDouble("progress"),
                row.getDouble("total"),
                instant(row.getOffsetDateTime("cancel_requested_at")),
                instant(row.getOffsetDateTime("created_at")),
                instant(row.getOffsetDateTime("updated_at")),
                instant(row.getOffsetDateTime("deadline_at")),
                instant(row.getOffsetDateTime("retention_expires_at")));
    }

    private static OffsetDateTime ts(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
