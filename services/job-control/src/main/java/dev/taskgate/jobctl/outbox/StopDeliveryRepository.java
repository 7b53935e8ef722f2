package dev.taskgate.jobctl.outbox;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

/** Whether an outbox record is still waiting: the relay deletes a row only after the broker acknowledged it. */
@ApplicationScoped
public class StopDeliveryRepository {

    /** True while the record with this message id has not been published. */
    public Uni<Boolean> isPending(SqlClient client, UUID messageId) {
        return client.preparedQuery("select exists (select 1 from jobctl.outbox where message_id = $1) as pending")
                .execute(Tuple.of(messageId))
                .map(rows -> rows.iterator().next().getBoolean("pending"));
    }
}
