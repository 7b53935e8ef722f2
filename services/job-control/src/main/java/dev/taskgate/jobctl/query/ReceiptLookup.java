package dev.taskgate.jobctl.query;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.jobctl.submit.db.ReceiptRepository;

/**
 * The execution a caller's receipt key admitted, for a frontend replica that did not submit it (a 2025-era
 * {@code notifications/cancelled} that reaches another replica than its {@code tools/call}: the key is derived from
 * session and request id, docs/mcp-frontend.md "Cancellation across replicas"). Owner-only: an unknown key and another
 * caller's key are the same {@link ExecutionNotFoundException}.
 */
@ApplicationScoped
public class ReceiptLookup {
    private final Pool pool;
    private final ReceiptRepository receipts;
    private final ExecutionQueries queries;

    ReceiptLookup(Pool pool, ReceiptRepository receipts, ExecutionQueries queries) {
        this.pool = pool;
        this.receipts = receipts;
        this.queries = queries;
    }

    /** The snapshot of the execution admitted under {@code receiptKey} for this caller. */
    public Uni<ExecutionSnapshot> byReceipt(String receiptKey, String principal, String workspace) {
        return receipts.find(pool, principal, workspace, receiptKey)
                .flatMap(found -> found.map(receipt ->
                                queries.getSnapshot(receipt.executionId().toString(), principal, workspace))
                        .orElseGet(() -> Uni.createFrom().failure(new ExecutionNotFoundException())));
    }
}
