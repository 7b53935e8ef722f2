package dev.taskgate.jobctl.submit;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.query.ExecutionQueries;
import dev.taskgate.jobctl.submit.db.CancelMarkRepository;
import dev.taskgate.jobctl.submit.db.ReceiptRepository;

/**
 * Cancellation of a 2025-era call by its receipt key, from any frontend replica (docs/mcp-frontend.md "Cancellation
 * across replicas"). The key is derived from session and request id, so the replica that receives
 * {@code notifications/cancelled} knows it without holding the call. Under the key's advisory lock, either the key
 * already admitted an execution (the caller cancels it) or a mark is left that refuses any submission of the key
 * until it expires. A submission takes the same lock ({@link #refuses}), so a mark and a submission of one key
 * never miss each other. Owner-only: marks and receipts are per principal and workspace.
 */
@ApplicationScoped
public class CancelMarks {
    private final Pool pool;
    private final CancelMarkRepository marks;
    private final ReceiptRepository receipts;
    private final ExecutionQueries queries;
    private final DbClock clock;
    private final JobControlConfig config;

    CancelMarks(
            Pool pool,
            CancelMarkRepository marks,
            ReceiptRepository receipts,
            ExecutionQueries queries,
            DbClock clock,
            JobControlConfig config) {
        this.pool = pool;
        this.marks = marks;
        this.receipts = receipts;
        this.queries = queries;
        this.clock = clock;
        this.config = config;
    }

    /**
     * The execution the key admitted, to be cancelled by the caller; or empty when nothing was admitted yet and a
     * mark now refuses the key. An execution past its visibility is {@code ExecutionNotFoundException}.
     */
    public Uni<Optional<ExecutionSnapshot>> cancelByReceipt(String principal, String workspace, String receiptKey) {
        Instant now = clock.now();
        Uni<Optional<UUID>> admitted = Transactions.within(
                pool,
                tx -> marks.lockKey(tx, principal, workspace, receiptKey)
                        .chain(() -> receipts.find(tx, principal, workspace, receiptKey))
                        .chain(found -> found.isPresent()
                                ? Uni.createFrom().item(found.map(Receipt::executionId))
                                : marks.mark(
                                                tx,
                                                principal,
                                                workspace,
                                                receiptKey,
                                                now,
                                                now.plus(config.cancelMarks().ttl()))
                                        .replaceWith(Optional.<UUID>empty())));
        return admitted.chain(executionId -> executionId.isEmpty()
                ? Uni.createFrom().item(Optional.<ExecutionSnapshot>empty())
                : queries.getSnapshot(executionId.get().toString(), principal, workspace)
                        .map(Optional::of));
    }

    /**
     * Whether a live mark refuses a submission of {@code receiptKey} by {@code caller}. Takes the key's advisory lock
     * in {@code tx}, so call it first in the submission's transaction.
     */
    public Uni<Boolean> refuses(SqlConnection tx, Caller caller, String receiptKey, Instant now) {
        return marks.lockKey(tx, caller.principal(), caller.workspace(), receiptKey)
                .chain(() -> marks.isMarked(tx, caller.principal(), caller.workspace(), receiptKey, now));
    }
}
