package dev.taskgate.jobctl.execution.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.ToolResults;
import dev.taskgate.contracts.Wire;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.ExecutionFilter;
import dev.taskgate.jobctl.execution.ExecutionLifetime;
import dev.taskgate.jobctl.execution.OwnedExecution;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.StoredOutcome;
import dev.taskgate.jobctl.liveness.db.WorkerInstanceRepository;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

/**
 * Plain-SQL access to {@code jobctl.execution}; callers pass the connection of their transaction. Inputs and
 * results are sealed with the {@link PayloadCipher} on the way in and opened on the way out, so the table never
 * holds them in the clear and callers always see the exact bytes.
 */
@ApplicationScoped
public class ExecutionRepository {

    private static final String INSERT_COLUMNS = "id, principal, workspace, org_id, project_id, surface, tool_name, "
            + "tool_version, state, epoch, attempt, error_code, error_message, status_message, progress, total, "
            + "cancel_requested_at, created_at, updated_at, deadline_at, retention_expires_at, mutating, "
            + "visible_until, progress_token";
    private static final String COLUMNS = INSERT_COLUMNS + ", purged_at, result_is_error";
    private static final String COMPARE_AND_SET = "update jobctl.execution set state = $4, updated_at = $5, "
            + "status_message = coalesce($6, status_message), error_code = coalesce($7, error_code), "
            + "error_message = coalesce($8, error_message), result = coalesce($9, result), "
            + "cancel_requested_at = coalesce($10, cancel_requested_at), "
            + "retention_expires_at = coalesce($11, retention_expires_at), "
            + "result_is_error = coalesce($12, result_is_error), "
            + "owner_worker_id = coalesce(owner_worker_id, $13) "
            + "where id = $1 and state = $2 and epoch = $3";
    private static final String OWNED_COLUMNS = "e.id, e.principal, e.workspace, e.org_id, e.project_id, "
            + "e.surface, e.tool_name, e.tool_version, e.state, e.epoch, e.attempt, e.error_code, e.error_message, "
            + "e.status_message, e.progress, e.total, e.cancel_requested_at, e.created_at, e.updated_at, "
            + "e.deadline_at, e.retention_expires_at, e.mutating, e.visible_until, e.progress_token, e.purged_at, "
            + "e.result_is_error, "
            + "e.owner_worker_id, "
            + "e.replacements, e.replaced_from_frontier, w.last_seen_at as owner_last_seen_at, w.left_at as owner_left_at";
    private static final String NOT_TERMINAL = "('queued', 'working', 'input_required')";
    private static final String TERMINAL = "('completed', 'failed', 'cancelled')";

    private final PayloadCipher cipher;
    private final ExecutionLifetime lifetime;

    ExecutionRepository(PayloadCipher cipher, ExecutionLifetime lifetime) {
        this.cipher = cipher;
        this.lifetime = lifetime;
    }

    /** Inserts a new execution with its exact input bytes (stored sealed). */
    public Uni<Void> insert(SqlClient client, Execution e, byte[] input) {
        byte[] sealed = cipher.seal(e.id(), PayloadKind.INPUT, input);
        return client.preparedQuery("insert into jobctl.execution (" + INSERT_COLUMNS + ", input) values "
                        + "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, "
                        + "$22, $23, $24, $25)")
                .execute(Tuple.from(Arrays.asList(
                        e.id(),
                        e.principal(),
                        e.workspace(),
                        e.orgId(),
                        e.projectId(),
                        e.surface().wireName(),
                        e.toolName(),
                        e.toolVersion(),
                        e.state().wireName(),
                        e.epoch(),
                        e.attempt(),
                        e.errorCode(),
                        e.errorMessage(),
                        e.statusMessage(),
                        e.progress(),
                        e.total(),
                        ts(e.cancelRequestedAt()),
                        ts(e.createdAt()),
                        ts(e.updatedAt()),
                        ts(e.deadlineAt()),
                        ts(e.retentionExpiresAt()),
                        e.mutating(),
                        ts(e.visibleUntil()),
                        e.progressToken() == null ? null : e.progressToken().toString(), // its JSON text
                        Buffer.buffer(sealed))))
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

    /**
     * The execution with its exact result bytes, if it exists and {@code visible} accepts it. The result is opened
     * only after that check, so a caller who may not see the execution never learns whether its payload is
     * readable.
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException (as the failure) when the stored result
     *         cannot be opened with the configured keys
     */
    public Uni<Optional<StoredOutcome>> findWithResult(SqlClient client, UUID id, Predicate<Execution> visible) {
        return client.preparedQuery("select " + COLUMNS + ", result from jobctl.execution where id = $1")
                .execute(Tuple.of(id))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return Optional.empty();
                    }
                    Row row = it.next();
                    Execution execution = map(row);
                    if (!visible.test(execution)) {
                        return Optional.empty();
                    }
                    var result = row.getBuffer("result");
                    return Optional.of(new StoredOutcome(
                            execution,
                            result == null
                                    ? null
                                    : cipher.open(execution.id(), PayloadKind.RESULT, result.getBytes())));
                });
    }

    /**
     * Applies a state change if the execution is still in {@code change.from()} under {@code change.epoch()}. A
     * change to a terminal state also moves retention to count from the terminal time
     * ({@link ExecutionLifetime#retentionAfterEnd}); the result is stored sealed.
     *
     * @return whether the row changed (false: another writer got there first, nothing happened)
     */
    public Uni<Boolean> compareAndSet(SqlClient client, StateChange change) {
        return compareAndSet(client, change, null);
    }

    /**
     * {@link #compareAndSet(SqlClient, StateChange)}, recording in the same statement, when it wins, the worker
     * instance that reported {@code Started} as the owner of the change's epoch, unless an instance is recorded
     * already (by an earlier {@code Started} or a {@link #claimOwner claim}): the first one owns the epoch. {@code
     * null} leaves the owner as it is.
     */
    public Uni<Boolean> compareAndSet(SqlClient client, StateChange change, String ownerWorkerId) {
        return client.preparedQuery(COMPARE_AND_SET)
                .execute(Tuple.from(compareAndSetValues(change, ownerWorkerId)))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * {@link #compareAndSet(SqlClient, StateChange, String)}, answering the execution as the change left it (as a
     * read after the commit would find it) when the change won, empty when it lost.
     */
    public Uni<Optional<Execution>> compareAndSetReturning(SqlClient client, StateChange change, String ownerWorkerId) {
        return client.preparedQuery(COMPARE_AND_SET + " returning " + COLUMNS)
                .execute(Tuple.from(compareAndSetValues(change, ownerWorkerId)))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? Optional.of(map(it.next())) : Optional.empty();
                });
    }

    /**
     * {@link #compareAndSet(SqlClient, StateChange, String)} for a run's {@code Started}, which also records, in the
     * same statement and only when the change wins, that its worker instance {@code ownerWorkerId} was heard from at
     * the change's time ({@link WorkerInstanceRepository#recordSeen}, {@code reportedAt} the worker's own time of the
     * report): one round trip instead of two per execution. The sighting creates the instance's row before its first
     * heartbeat and clears the "left" mark of an instance restarted under the same id, as owner-loss detection needs.
     */
    public Uni<Boolean> compareAndSetSeen(
            SqlClient client, StateChange change, String ownerWorkerId, Instant reportedAt) {
        Objects.requireNonNull(ownerWorkerId, "ownerWorkerId");
        List<Object> arguments = compareAndSetValues(change, ownerWorkerId);
        arguments.add(ts(reportedAt));
        return client.preparedQuery("with changed as (" + COMPARE_AND_SET + " returning 1), seen as ("
                        + WorkerInstanceRepository.seenUpsert(13, 5, 14, " from changed")
                        + ") select count(*) from changed")
                .execute(Tuple.from(arguments))
                .map(rows -> rows.iterator().next().getLong(0) == 1);
    }

    /** The parameters {@code $1}–{@code $13} of {@link #COMPARE_AND_SET}, in a list that may be extended. */
    private List<Object> compareAndSetValues(StateChange change, String ownerWorkerId) {
        Buffer result = change.result() == null
                ? null
                : Buffer.buffer(cipher.seal(change.executionId(), PayloadKind.RESULT, change.result()));
        Instant retention = change.to().isTerminal() ? lifetime.retentionAfterEnd(change.at()) : null;
        return new ArrayList<>(Arrays.asList(
                change.executionId(),
                change.from().wireName(),
                change.epoch(),
                change.to().wireName(),
                ts(change.at()),
                StoredText.of(change.statusMessage()),
                StoredText.of(change.errorCode()),
                StoredText.of(change.errorMessage()),
                result,
                ts(change.cancelRequestedAt()),
                ts(retention),
                change.result() == null ? null : ToolResults.isError(change.result()),
                ownerWorkerId));
    }

    /** Whether {@link #lockOverdue} would find anything, without locking: one statement, no transaction needed. */
    public Uni<Boolean> anyOverdue(SqlClient client, Instant now) {
        return client.preparedQuery("select exists (select 1 from jobctl.execution where state in " + NOT_TERMINAL
                        + " and deadline_at <= $1)")
                .execute(Tuple.of(ts(now)))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    /**
     * Locks up to {@code limit} non-terminal executions whose deadline is at or before {@code now}, oldest deadline
     * first, until the end of the caller's transaction. Rows another transaction holds are skipped, so concurrent
     * sweepers (also in other instances) never take the same row.
     */
    public Uni<List<Execution>> lockOverdue(SqlClient client, Instant now, int limit) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.execution where state in " + NOT_TERMINAL
                        + " and deadline_at <= $1 order by deadline_at limit $2 for update skip locked")
                .execute(Tuple.of(ts(now), limit))
                .map(ExecutionRepository::all);
    }

    /**
     * Whether {@link #lockExpired} would find anything, without locking: one statement, no transaction needed. Asked
     * as "the earliest expired one" rather than {@code exists}: for {@code exists (… retention_expires_at <= $1)}
     * PostgreSQL's generic plan, which it keeps after a statement's first executions, expects a third of the table
     * to match and reads it from the start, a sequential scan of every execution every few seconds (found with
     * {@code bin/bench --profile}'s statement statistics); ordered by the indexed column, every plan reads the
     * retention index from its first entry.
     */
    public Uni<Boolean> anyExpired(SqlClient client, Instant now) {
        return client.preparedQuery("select 1 from jobctl.execution where purged_at is null and state in " + TERMINAL
                        + " and retention_expires_at <= $1 order by retention_expires_at limit 1")
                .execute(Tuple.of(ts(now)))
                .map(rows -> rows.size() > 0);
    }

    /**
     * Locks up to {@code limit} terminal, not yet purged executions whose retention ended at or before {@code now},
     * skipping rows other transactions hold. Non-terminal executions are left to the deadline sweeper first, so a
     * late worker report can never write a payload back into a purged row.
     */
    public Uni<List<Execution>> lockExpired(SqlClient client, Instant now, int limit) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.execution where purged_at is null "
                        + "and state in " + TERMINAL + " and retention_expires_at <= $1 "
                        + "order by retention_expires_at limit $2 for update skip locked")
                .execute(Tuple.of(ts(now), limit))
                .map(ExecutionRepository::all);
    }

    /** Deletes executions; their receipts go with them ({@code on delete cascade}). */
    public Uni<Void> delete(SqlClient client, List<UUID> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return client.preparedQuery("delete from jobctl.execution where id = any($1)")
                .execute(Tuple.of(ids.toArray(UUID[]::new)))
                .replaceWithVoid();
    }

    /**
     * Removes every payload and caller-supplied text of executions but keeps the rows (state, error code, times),
     * so their receipts still answer retries; marks them purged.
     */
    public Uni<Void> purge(SqlClient client, List<UUID> ids, Instant at) {
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return client.preparedQuery("update jobctl.execution set input = null, result = null, error_message = null, "
                        + "status_message = null, progress = null, total = null, purged_at = $2 where id = any($1)")
                .execute(Tuple.of(ids.toArray(UUID[]::new), ts(at)))
                .replaceWithVoid();
    }

    /**
     * Records progress if the execution is still in {@code state} under {@code epoch}; the state does not change.
     *
     * @return whether the row changed
     */
    public Uni<Boolean> recordProgress(
            SqlClient client,
            UUID id,
            ExecutionStatus state,
            long epoch,
            double progress,
            Double total,
            String message) {
        return client.preparedQuery("update jobctl.execution set progress = $4, total = $5, "
                        + "status_message = coalesce($6, status_message) where id = $1 and state = $2 and epoch = $3")
                .execute(
                        Tuple.from(Arrays.asList(id, state.wireName(), epoch, progress, total, StoredText.of(message))))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Moves an MCP task's visibility end to {@code until} if that is later than the current one (a renewal never
     * shortens it); executions without a visibility end (REST) are left alone.
     *
     * @return the execution as it is afterwards, if it exists
     */
    public Uni<Optional<Execution>> renewVisibility(SqlClient client, UUID id, Instant until) {
        return client.preparedQuery("update jobctl.execution set visible_until = greatest(visible_until, $2) "
                        + "where id = $1 and visible_until is not null")
                .execute(Tuple.of(id, ts(until)))
                .flatMap(v -> findById(client, id));
    }

    /** Marks that cancellation was requested, keeping the first request's time; the state does not change. */
    public Uni<Void> markCancelRequested(SqlClient client, UUID id, Instant at) {
        return client.preparedQuery(
                        "update jobctl.execution set cancel_requested_at = coalesce(cancel_requested_at, $2) "
                                + "where id = $1")
                .execute(Tuple.of(id, ts(at)))
                .replaceWithVoid();
    }

    /**
     * Up to {@code limit} executions of the workspace that are visible at {@code now} (not purged, not past
     * retention) and pass {@code filter}, newest first (created time, then id), starting after the position
     * ({@code afterCreatedAt}, {@code afterId}) when given. For the operator API. A principal is
     * {@code "<issuer> <subject>"}: the filter's principal matches the whole of it or its subject.
     */
    public Uni<List<Execution>> listVisibleInWorkspace(
            SqlClient client,
            String workspace,
            ExecutionFilter filter,
            Instant afterCreatedAt,
            UUID afterId,
            Instant now,
            int limit) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.execution where workspace = $1 "
                        + "and purged_at is null and retention_expires_at > $2 and ($3::text is null or state = $3) "
                        + "and ($4::timestamptz is null or (created_at, id) < ($4, $5)) "
                        + "and ($7::text is null or tool_name = $7) "
                        + "and ($8::text is null or principal = $8 or substr(principal, strpos(principal, ' ') + 1) = $8) "
                        + "and ($9::timestamptz is null or created_at >= $9) "
                        + "and ($10::timestamptz is null or created_at < $10) "
                        + "order by created_at desc, id desc limit $6")
                .execute(Tuple.from(Arrays.asList(
                        workspace,
                        ts(now),
                        filter.state() == null ? null : filter.state().wireName(),
                        ts(afterCreatedAt),
                        afterId,
                        limit,
                        filter.tool(),
                        filter.principal(),
                        ts(filter.createdFrom()),
                        ts(filter.createdBefore()))))
                .map(ExecutionRepository::all);
    }

    /**
     * One page of one principal's visible executions in one workspace, newest first (created time, then id), starting
     * after ({@code afterCreatedAt}, {@code afterId}) when given, optionally only those created through
     * {@code surface}. Purged and past-retention executions, and MCP tasks past their visibility, are never listed.
     */
    public Uni<List<Execution>> listVisibleOwned(
            SqlClient client,
            String principal,
            String workspace,
            Surface surface,
            Instant afterCreatedAt,
            UUID afterId,
            Instant now,
            int limit) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.execution where principal = $1 "
                        + "and workspace = $2 and purged_at is null and retention_expires_at > $3 "
                        + "and (visible_until is null or visible_until > $3) "
                        + "and ($4::text is null or surface = $4) "
                        + "and ($5::timestamptz is null or (created_at, id) < ($5, $6)) "
                        + "order by created_at desc, id desc limit $7")
                .execute(Tuple.from(Arrays.asList(
                        principal,
                        workspace,
                        ts(now),
                        surface == null ? null : surface.wireName(),
                        ts(afterCreatedAt),
                        afterId,
                        limit)))
                .map(ExecutionRepository::all);
    }

    /**
     * Claims {@code epoch} of a running or queued execution for {@code workerId} before it does something that must
     * happen once (docs/gateway.md "Calls that must happen once"): granted when no instance owns the epoch yet (it
     * then does) or this one does already; refused for another owner, another epoch or a terminal execution.
     */
    public Uni<Boolean> claimOwner(SqlClient client, UUID id, long epoch, String workerId) {
        return client.preparedQuery("update jobctl.execution set owner_worker_id = $3 where id = $1 and epoch = $2 "
                        + "and state in ('queued', 'working', 'input_required') "
                        + "and (owner_worker_id is null or owner_worker_id = $3) returning id")
                .execute(Tuple.of(id, epoch, workerId))
                .map(rows -> rows.size() == 1);
    }

    /** The execution with its ownership, if it exists. */
    public Uni<Optional<OwnedExecution>> findOwned(SqlClient client, UUID id) {
        return client.preparedQuery("select " + OWNED_COLUMNS + " from jobctl.execution e "
                        + "left join jobctl.worker_instance w on w.worker_id = e.owner_worker_id where e.id = $1")
                .execute(Tuple.of(id))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? Optional.of(mapOwned(it.next())) : Optional.empty();
                });
    }

    /** The execution with its ownership, locked until the end of the caller's transaction, if it exists. */
    public Uni<Optional<OwnedExecution>> findOwnedForUpdate(SqlClient client, UUID id) {
        return client.preparedQuery("select " + OWNED_COLUMNS + " from jobctl.execution e "
                        + "left join jobctl.worker_instance w on w.worker_id = e.owner_worker_id "
                        + "where e.id = $1 for update of e")
                .execute(Tuple.of(id))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? Optional.of(mapOwned(it.next())) : Optional.empty();
                });
    }

    /**
     * Whether any running execution has a lost owner, as {@link #lockOwnerLost} would find it, without locking
     * anything: one statement, so that a sweep with nothing to do needs no transaction.
     */
    public Uni<Boolean> anyOwnerLost(SqlClient client, Instant silentSince) {
        return client.preparedQuery("select exists (select 1 from jobctl.execution e "
                        + "left join jobctl.worker_instance w on w.worker_id = e.owner_worker_id "
                        + "where e.state in ('working', 'input_required') and e.owner_worker_id is not null "
                        + "and (w.worker_id is null or w.left_at is not null or w.last_seen_at <= $1))")
                .execute(Tuple.of(ts(silentSince)))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    /**
     * Locks up to {@code limit} running executions whose owner is lost: it announced a clean shutdown, was last
     * heard from at or before {@code silentSince}, or is no longer known at all. Rows another transaction holds are
     * skipped, so sweepers of several instances never take the same execution.
     */
    public Uni<List<OwnedExecution>> lockOwnerLost(SqlClient client, Instant silentSince, int limit) {
        return client.preparedQuery("select " + OWNED_COLUMNS + " from jobctl.execution e "
                        + "left join jobctl.worker_instance w on w.worker_id = e.owner_worker_id "
                        + "where e.state in ('working', 'input_required') and e.owner_worker_id is not null "
                        + "and (w.worker_id is null or w.left_at is not null or w.last_seen_at <= $1) "
                        + "order by e.updated_at limit $2 for update of e skip locked")
                .execute(Tuple.of(ts(silentSince), limit))
                .map(rows -> {
                    List<OwnedExecution> list = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        list.add(mapOwned(row));
                    }
                    return list;
                });
    }

    /**
     * The exact input bytes of an execution, opened with the key ring; empty when it has none (purged).
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException (as the failure) when the stored input cannot
     *         be opened with the configured keys
     */
    public Uni<Optional<byte[]>> findInput(SqlClient client, UUID id) {
        return client.preparedQuery("select input from jobctl.execution where id = $1")
                .execute(Tuple.of(id))
                .map(rows -> {
                    var it = rows.iterator();
                    var sealed = it.hasNext() ? it.next().getBuffer("input") : null;
                    return sealed == null
                            ? Optional.<byte[]>empty()
                            : Optional.of(cipher.open(id, PayloadKind.INPUT, sealed.getBytes()));
                });
    }

    /**
     * Dispatches a running execution again after its owner was lost: back to {@code queued} under the next epoch
     * and attempt, without an owner, counting the replacement and the frontier it starts from — if it is still in
     * {@code from} under {@code epoch} with {@code replacements} replacements.
     *
     * @return whether the row changed
     */
    public Uni<Boolean> replace(
            SqlClient client,
            UUID id,
            ExecutionStatus from,
            long epoch,
            int replacements,
            String frontier,
            String statusMessage,
            Instant at) {
        return client.preparedQuery("update jobctl.execution set state = 'queued', epoch = epoch + 1, "
                        + "attempt = attempt + 1, owner_worker_id = null, replacements = replacements + 1, "
                        + "replaced_from_frontier = $5, status_message = $6, progress = null, total = null, updated_at = $7 "
                        + "where id = $1 and state = $2 and epoch = $3 and replacements = $4")
                .execute(Tuple.from(Arrays.asList(
                        id, from.wireName(), epoch, replacements, frontier, StoredText.of(statusMessage), ts(at))))
                .map(rows -> rows.rowCount() == 1);
    }

    private static Optional<Execution> firstExecution(RowSet<Row> rows) {
        var it = rows.iterator();
        return it.hasNext() ? Optional.of(map(it.next())) : Optional.empty();
    }

    private static List<Execution> all(RowSet<Row> rows) {
        List<Execution> list = new ArrayList<>(rows.size());
        for (Row row : rows) {
            list.add(map(row));
        }
        return list;
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
                instant(row.getOffsetDateTime("retention_expires_at")),
                row.getBoolean("mutating"),
                instant(row.getOffsetDateTime("purged_at")),
                instant(row.getOffsetDateTime("visible_until")),
                row.getBoolean("result_is_error"),
                progressToken(row.getString("progress_token")));
    }

    private static JsonNode progressToken(String json) {
        if (json == null) {
            return null;
        }
        try {
            return Wire.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable progress_token in jobctl.execution", e);
        }
    }

    private static OwnedExecution mapOwned(Row row) {
        return new OwnedExecution(
                map(row),
                row.getString("owner_worker_id"),
                row.getInteger("replacements"),
                row.getString("replaced_from_frontier"),
                instant(row.getOffsetDateTime("owner_last_seen_at")),
                instant(row.getOffsetDateTime("owner_left_at")));
    }

    private static OffsetDateTime ts(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
