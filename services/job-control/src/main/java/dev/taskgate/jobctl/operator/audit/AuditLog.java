package dev.taskgate.jobctl.operator.audit;

import java.util.List;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;

import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.operator.AuditCursor;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.OperatorParams;
import dev.taskgate.jobctl.operator.OperatorRequestException;
import dev.taskgate.jobctl.operator.audit.db.AuditRepository;

/**
 * The operator audit log: every operator call, served or refused, with who, what, when and the outcome. Writes
 * happen before the answer leaves, so a call whose entry cannot be written fails instead of going unrecorded.
 */
@ApplicationScoped
public class AuditLog {

    static final Set<String> ACTIONS = Set.of(
            OperatorActions.LIST,
            OperatorActions.GET,
            OperatorActions.PAYLOAD,
            OperatorActions.CANCEL,
            OperatorActions.AUDIT_LIST,
            OperatorActions.UPSTREAMS_LIST,
            OperatorActions.UPSTREAMS_REFRESH,
            OperatorActions.UPSTREAMS_CREATE,
            OperatorActions.UPSTREAMS_GET,
            OperatorActions.UPSTREAMS_UPDATE,
            OperatorActions.UPSTREAMS_DELETE,
            OperatorActions.DEADLETTERS_LIST,
            OperatorActions.DEADLETTERS_REPLAY);
    /** The outcomes a frontend may report for a call it refused before reaching job-control. */
    static final Set<String> REFUSALS =
            Set.of(AuditEntry.NOT_FOUND, AuditEntry.INSUFFICIENT_SCOPE, AuditEntry.INVALID_REQUEST);

    private final Pool pool;
    private final AuditRepository entries;
    private final DbClock clock;

    AuditLog(Pool pool, AuditRepository entries, DbClock clock) {
        this.pool = pool;
        this.entries = entries;
        this.clock = clock;
    }

    /** Records a call on {@code client} (the caller's transaction, or the pool); returns the entry's id. */
    public Uni<Long> record(
            SqlClient client, OperatorCall call, String action, String target, UUID executionId, String outcome) {
        return entries.insert(
                client,
                AuditEntry.of(call.principal(), call.workspace(), action, call.route(), target, outcome),
                executionId,
                clock.now());
    }

    /** Records a call outside any transaction. */
    public Uni<Long> record(OperatorCall call, String action, String target, UUID executionId, String outcome) {
        return record(pool, call, action, target, executionId, outcome);
    }

    /** Corrects the outcome of an entry this call wrote (e.g. once a stop's delivery is confirmed). */
    public Uni<Void> correct(long id, String outcome) {
        return entries.updateOutcome(pool, id, outcome);
    }

    /** Records a call the frontend refused (not found, missing scope, invalid request) for this operator. */
    public Uni<Void> recordRefusal(OperatorCall call, AuditEntry reported) {
        if (reported == null || !ACTIONS.contains(reported.action()) || !REFUSALS.contains(reported.outcome())) {
            return Uni.createFrom()
                    .failure(new OperatorRequestException(
                            "An audit entry needs an action of " + ACTIONS + " and an outcome of " + REFUSALS + "."));
        }
        return record(call, reported.action(), reported.target(), null, reported.outcome())
                .replaceWithVoid();
    }

    /** One page of the workspace's log, newest first; the read itself is recorded first (action audit.list). */
    public Uni<AuditPage> page(OperatorCall call, String limit, String cursor) {
        int size;
        Long before;
        try {
            size = OperatorParams.limit(limit);
            before = AuditCursor.decode(cursor);
        } catch (OperatorRequestException e) {
            return record(call, OperatorActions.AUDIT_LIST, null, null, AuditEntry.INVALID_REQUEST)
                    .flatMap(id -> Uni.createFrom().<AuditPage>failure(e));
        }
        return record(call, OperatorActions.AUDIT_LIST, null, null, AuditEntry.OK)
                .flatMap(id -> entries.page(pool, call.workspace(), before, size + 1))
                .map(found -> {
                    List<AuditEntry> items = found.size() > size ? found.subList(0, size) : found;
                    String next = found.size() > size
                            ? AuditCursor.encode(items.get(items.size() - 1).id())
                            : null;
                    return new AuditPage(items, next);
                });
    }
}
