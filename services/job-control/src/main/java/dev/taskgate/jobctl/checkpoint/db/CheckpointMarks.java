package dev.taskgate.jobctl.checkpoint.db;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.operator.OperatorCheckpoint;

/**
 * Which checkpoints job-control holds for an execution — staged results, its latest frontier, a bound rewrite plan —
 * read for the operator view without their sealed content.
 */
@ApplicationScoped
public class CheckpointMarks {

    /** The execution's checkpoints, oldest first. */
    public Uni<List<OperatorCheckpoint>> find(SqlClient client, UUID executionId) {
        return client.preparedQuery("select 'result' as kind, epoch, null::bigint as sequence, null::text as revision, "
                        + "staged_at as saved_at from jobctl.result_checkpoint where execution_id = $1 "
                        + "union all select 'frontier', epoch, sequence, revision, saved_at "
                        + "from jobctl.frontier_checkpoint where execution_id = $1 "
                        + "union all select 'journal', epoch, null, null, bound_at "
                        + "from jobctl.transaction_journal where execution_id = $1 "
                        + "order by saved_at, kind")
                .execute(Tuple.of(executionId))
                .map(rows -> {
                    List<OperatorCheckpoint> found = new ArrayList<>();
                    for (Row row : rows) {
                        found.add(new OperatorCheckpoint(
                                row.getString("kind"),
                                row.getLong("epoch"),
                                row.getLong("sequence"),
                                row.getString("revision"),
                                row.getOffsetDateTime("saved_at").toInstant()));
                    }
                    return found;
                });
    }
}
