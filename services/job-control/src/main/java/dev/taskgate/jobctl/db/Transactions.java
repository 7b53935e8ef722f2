package dev.taskgate.jobctl.db;

import java.util.function.Function;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.TransactionRollbackException;

/**
 * Runs work in one PostgreSQL transaction, as {@link Pool#withTransaction} does, one round trip shorter: the work's
 * first statement is sent right behind {@code BEGIN}, without waiting for its answer (the client pipelines the
 * commands of a connection, and PostgreSQL answers them in order). That round trip is latency on every transaction
 * and some CPU on both sides (docs/performance.md "Transactions one round trip shorter").
 *
 * <p>The work commits when it and {@code BEGIN} both succeeded; otherwise the transaction rolls back and the work's
 * failure (or {@code BEGIN}'s, if the work succeeded) is the result. The connection returns to the pool either way.
 * Sending the statement before {@code BEGIN} is answered relies on {@code BEGIN} failing only with its connection
 * (a pooled connection is never inside a transaction), which fails the statement behind it too.
 */
public final class Transactions {

    private Transactions() {}

    /** Runs {@code work} on a connection of {@code pool} inside one transaction. */
    public static <T> Uni<T> within(Pool pool, Function<SqlConnection, Uni<T>> work) {
        return pool.withConnection(connection -> run(connection, work));
    }

    private static <T> Uni<T> run(SqlConnection connection, Function<SqlConnection, Uni<T>> work) {
        // begin() queues BEGIN at once and routes every later command of the connection through the transaction
        Uni<Transaction> begun = Uni.createFrom()
                .completionStage(connection.getDelegate().begin().toCompletionStage());
        return Uni.createFrom()
                .deferred(() -> work.apply(connection))
                .onItemOrFailure()
                .transformToUni((result, failure) -> begun.onItemOrFailure().transformToUni((tx, beginFailure) -> {
                    if (failure != null || beginFailure != null) {
                        // the work's own failure first: callers tell an outage from a bug by it
                        return rollback(
                                connection.getDelegate().transaction(), failure != null ? failure : beginFailure);
                    }
                    return Uni.createFrom()
                            .completionStage(() -> tx.commit().toCompletionStage())
                            .map(committed -> result);
                }));
    }

    private static <T> Uni<T> rollback(Transaction tx, Throwable failure) {
        if (tx == null || failure instanceof TransactionRollbackException) {
            return Uni.createFrom().failure(failure);
        }
        return Uni.createFrom()
                .completionStage(() -> tx.rollback().toCompletionStage())
                .onItemOrFailure()
                .transformToUni((v, ignored) -> Uni.createFrom().failure(failure));
    }
}
