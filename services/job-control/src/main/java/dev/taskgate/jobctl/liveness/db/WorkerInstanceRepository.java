package dev.taskgate.jobctl.liveness.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * Plain-SQL access to {@code jobctl.worker_instance}: when job-control last heard from each worker instance and
 * whether it left. Every job-control instance writes it, so each write keeps the newest time.
 */
@ApplicationScoped
public class WorkerInstanceRepository {

    /**
     * Records that {@code workerId} was heard from at {@code seenAt}. {@code reportedAt} is the worker's own time of
     * the message: a regular heartbeat sent after the instance announced it was leaving comes from a new process
     * that reuses the id, and clears the mark.
     */
    public Uni<Void> recordSeen(SqlClient client, String workerId, Instant seenAt, Instant reportedAt) {
        return client.preparedQuery(seenUpsert(1, 2, 3, ""))
                .execute(Tuple.of(workerId, ts(seenAt), ts(reportedAt)))
                .replaceWithVoid();
    }

    /**
     * The statement of {@link #recordSeen}, for a statement that records a sighting along with something else: the
     * worker id, the time seen and the worker's own time are its parameters {@code $workerId}, {@code $seenAt} and
     * {@code $reportedAt}; a sighting is recorded for each row of {@code from} (e.g. {@code " from changed"}, a
     * preceding update's returned rows), or once when it is empty.
     */
    public static String seenUpsert(int workerId, int seenAt, int reportedAt, String from) {
        return "insert into jobctl.worker_instance (worker_id, last_seen_at) select $" + workerId + "::text, $"
                + seenAt + "::timestamptz" + from + " on conflict (worker_id) do update set "
                + "last_seen_at = greatest(worker_instance.last_seen_at, excluded.last_seen_at), "
                + "left_at = case when worker_instance.left_at < $" + reportedAt
                + "::timestamptz then null else worker_instance.left_at end";
    }

    /** Records that {@code workerId} announced, at {@code reportedAt} (its own time), that it is leaving. */
    public Uni<Void> recordLeft(SqlClient client, String workerId, Instant seenAt, Instant reportedAt) {
        return client.preparedQuery("insert into jobctl.worker_instance (worker_id, last_seen_at, left_at) "
                        + "values ($1, $2, $3) on conflict (worker_id) do update set "
                        + "last_seen_at = greatest(worker_instance.last_seen_at, excluded.last_seen_at), "
                        + "left_at = coalesce(worker_instance.left_at, excluded.left_at)")
                .execute(Tuple.of(workerId, ts(seenAt), ts(reportedAt)))
                .replaceWithVoid();
    }

    /** Forgets worker instances not heard from since {@code silentSince}. */
    public Uni<Integer> forgetSilentSince(SqlClient client, Instant silentSince) {
        return client.preparedQuery("delete from jobctl.worker_instance where last_seen_at < $1")
                .execute(Tuple.of(ts(silentSince)))
                .map(rows -> rows.rowCount());
    }

    private static OffsetDateTime ts(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
