package dev.taskgate.jobctl.recovery.db;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.operator.OperatorRecovery;

/** {@code jobctl.execution_recovery}: every settlement of a lost owner, oldest first. */
@ApplicationScoped
public class RecoveryRepository {

    /** Records one settlement; a second one for the same lost epoch is ignored (settling is once per epoch). */
    public Uni<Void> record(SqlClient client, UUID executionId, long lostEpoch, OperatorRecovery recovery) {
        return client.preparedQuery("insert into jobctl.execution_recovery (execution_id, lost_epoch, lost_attempt, "
                        + "detected_at, cause, outcome) values ($1, $2, $3, $4, $5, $6) on conflict do nothing")
                .execute(Tuple.from(new Object[] {
                    executionId,
                    lostEpoch,
                    recovery.lostAttempt(),
                    OffsetDateTime.ofInstant(recovery.detectedAt(), ZoneOffset.UTC),
                    recovery.cause(),
                    recovery.outcome()
                }))
                .replaceWithVoid();
    }

    /** The execution's settlements, oldest first. */
    public Uni<List<OperatorRecovery>> find(SqlClient client, UUID executionId) {
        return client.preparedQuery("select lost_attempt, detected_at, cause, outcome from jobctl.execution_recovery "
                        + "where execution_id = $1 order by lost_epoch")
                .execute(Tuple.of(executionId))
                .map(rows -> {
                    List<OperatorRecovery> found = new ArrayList<>();
                    for (Row row : rows) {
                        found.add(new OperatorRecovery(
                                row.getInteger("lost_attempt"),
                                row.getOffsetDateTime("detected_at").toInstant(),
                                row.getString("cause"),
                                row.getString("outcome")));
                    }
                    return found;
                });
    }
}
