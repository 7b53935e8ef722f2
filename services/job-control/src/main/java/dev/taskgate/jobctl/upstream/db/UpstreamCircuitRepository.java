package dev.taskgate.jobctl.upstream.db;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * Plain-SQL access to {@code jobctl.upstream_circuit}, the circuit breakers shared by the job-control replicas
 * (docs/gateway.md "Circuit breaker"); callers pass the connection (of their transaction). Times are the database's
 * own ({@code now()}), so replicas with skewed clocks agree on when a circuit's trial is due.
 */
@ApplicationScoped
public class UpstreamCircuitRepository {

    /**
     * Counts one more call of {@code id} that could not reach it, unless its circuit is open; opens it when that makes
     * {@code threshold} in a row, with {@code reason(count)} as its reason.
     *
     * @return the reason when this call opened the circuit, else empty
     */
    public Uni<Optional<String>> countUnreachable(
            SqlClient client, String id, int threshold, java.util.function.IntFunction<String> reason) {
        // the row lock taken here orders the reports of every replica: the count is exact
        return client.preparedQuery(
                        "insert into jobctl.upstream_circuit (upstream_id, unreachable_in_a_row, updated_at) "
                                + "values ($1, 1, now()) on conflict (upstream_id) do update "
                                + "set unreachable_in_a_row = upstream_circuit.unreachable_in_a_row + 1, updated_at = now() "
                                + "where upstream_circuit.opened_at is null returning unreachable_in_a_row")
                .execute(Tuple.of(id))
                .flatMap(rows -> {
                    if (rows.size() == 0) {
                        return Uni.createFrom().item(Optional.<String>empty()); // open: nothing is counted
                    }
                    int count = rows.iterator().next().getInteger("unreachable_in_a_row");
                    if (count < threshold) {
                        return Uni.createFrom().item(Optional.<String>empty());
                    }
                    String why = reason.apply(count);
                    return client.preparedQuery("update jobctl.upstream_circuit set unreachable_in_a_row = 0, "
                                    + "opened_at = now(), reason = $2, updated_at = now() where upstream_id = $1")
                            .execute(Tuple.of(id, why))
                            .map(updated -> Optional.of(why));
                });
    }

    /** A call reached {@code id}: the count starts again (an open circuit stays open until its trial). */
    public Uni<Void> reached(SqlClient client, String id) {
        return client.preparedQuery("update jobctl.upstream_circuit set unreachable_in_a_row = 0, updated_at = now() "
                        + "where upstream_id = $1 and unreachable_in_a_row > 0 and opened_at is null")
                .execute(Tuple.of(id))
                .replaceWithVoid();
    }

    /**
     * A listing of {@code id} succeeded: closes its circuit if it has been open for at least {@code retryInterval}
     * (the trial was due).
     *
     * @return the reason it is still open for (opened less than {@code retryInterval} ago), else empty
     */
    public Uni<Optional<String>> listed(SqlClient client, String id, Duration retryInterval) {
        return client.preparedQuery("update jobctl.upstream_circuit set opened_at = null, reason = null, "
                        + "unreachable_in_a_row = 0, updated_at = now() "
                        + "where upstream_id = $1 and opened_at <= now() - $2 * interval '1 millisecond'")
                .execute(Tuple.of(id, retryInterval.toMillis()))
                .flatMap(closed -> client.preparedQuery(
                                "select reason from jobctl.upstream_circuit where upstream_id = $1 and opened_at is not null")
                        .execute(Tuple.of(id)))
                .map(rows -> rows.size() == 0
                        ? Optional.<String>empty()
                        : Optional.of(rows.iterator().next().getString("reason")));
    }

    /** The open circuits: upstream id → reason. */
    public Uni<Map<String, String>> open(SqlClient client) {
        return client.preparedQuery(
                        "select upstream_id, reason from jobctl.upstream_circuit where opened_at is not null")
                .execute()
                .map(rows -> {
                    Map<String, String> open = new LinkedHashMap<>();
                    for (Row row : rows) {
                        open.put(row.getString("upstream_id"), row.getString("reason"));
                    }
                    return open;
                });
    }
}
