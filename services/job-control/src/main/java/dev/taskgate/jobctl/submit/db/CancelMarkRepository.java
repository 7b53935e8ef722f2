package dev.taskgate.jobctl.submit.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

/** Plain-SQL access to {@code jobctl.cancel_mark} and the advisory lock that orders marks and submissions of a key. */
@ApplicationScoped
public class CancelMarkRepository {

    /**
     * Takes the transaction-scoped advisory lock of (principal, workspace, key); held until the transaction ends. A
     * hash collision between two keys only makes them wait for each other.
     */
    public Uni<Void> lockKey(SqlClient tx, String principal, String workspace, String receiptKey) {
        return tx.preparedQuery("select pg_advisory_xact_lock(hashtextextended($1 || chr(10) || $2 || chr(10) || $3, "
                        + "7311))")
                .execute(Tuple.of(principal, workspace, receiptKey))
                .replaceWithVoid();
    }

    /** Places the mark, or extends a live one to {@code expiresAt}. */
    public Uni<Void> mark(
            SqlClient tx, String principal, String workspace, String receiptKey, Instant now, Instant expiresAt) {
        return tx.preparedQuery("insert into jobctl.cancel_mark (principal, workspace, receipt_key, created_at, "
                        + "expires_at) values ($1, $2, $3, $4, $5) on conflict (principal, workspace, receipt_key) "
                        + "do update set expires_at = greatest(jobctl.cancel_mark.expires_at, excluded.expires_at)")
                .execute(Tuple.of(principal, workspace, receiptKey, utc(now), utc(expiresAt)))
                .replaceWithVoid();
    }

    /** Whether a mark of (principal, workspace, key) lives at {@code now}. */
    public Uni<Boolean> isMarked(SqlClient tx, String principal, String workspace, String receiptKey, Instant now) {
        return tx.preparedQuery("select 1 from jobctl.cancel_mark where principal = $1 and workspace = $2 "
                        + "and receipt_key = $3 and expires_at > $4")
                .execute(Tuple.of(principal, workspace, receiptKey, utc(now)))
                .map(rows -> rows.size() > 0);
    }

    /** Deletes at most {@code limit} marks expired at {@code now}; returns how many. */
    public Uni<Integer> deleteExpired(SqlClient tx, Instant now, int limit) {
        return tx.preparedQuery("delete from jobctl.cancel_mark where ctid in (select ctid from jobctl.cancel_mark "
                        + "where expires_at <= $1 order by expires_at limit $2 for update skip locked)")
                .execute(Tuple.of(utc(now), limit))
                .map(RowSet::rowCount);
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
