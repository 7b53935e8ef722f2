package dev.taskgate.jobctl.checkpoint.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

/**
 * {@code jobctl.result_checkpoint}: staged results, sealed with the {@link PayloadCipher} (kind
 * {@link PayloadKind#CHECKPOINT}, bound to the execution id) on the way in and opened on the way out.
 */
@ApplicationScoped
public class ResultCheckpointRepository {

    private final PayloadCipher cipher;

    ResultCheckpointRepository(PayloadCipher cipher) {
        this.cipher = cipher;
    }

    /**
     * Stores the staged result of {@code epoch}; a second one for the same epoch (a redelivery) changes nothing.
     *
     * @return whether a row was inserted
     */
    public Uni<Boolean> stage(SqlClient client, UUID executionId, long epoch, byte[] result, Instant at) {
        byte[] sealed = cipher.seal(executionId, PayloadKind.CHECKPOINT, result);
        return client.preparedQuery("insert into jobctl.result_checkpoint (execution_id, epoch, result, staged_at) "
                        + "values ($1, $2, $3, $4) on conflict do nothing")
                .execute(Tuple.of(
                        executionId, epoch, Buffer.buffer(sealed), OffsetDateTime.ofInstant(at, ZoneOffset.UTC)))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * The exact result bytes staged under {@code epoch}, opened with the key ring.
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException (as the failure) when it cannot be opened
     */
    public Uni<Optional<byte[]>> find(SqlClient client, UUID executionId, long epoch) {
        return client.preparedQuery(
                        "select result from jobctl.result_checkpoint where execution_id = $1 and epoch = $2")
                .execute(Tuple.of(executionId, epoch))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext()
                            ? Optional.of(cipher.open(
                                    executionId,
                                    PayloadKind.CHECKPOINT,
                                    it.next().getBuffer("result").getBytes()))
                            : Optional.<byte[]>empty();
                });
    }

    /** Removes the staged results of executions that ended (their outcome is stored in the execution). */
    public Uni<Void> deleteFor(SqlClient client, List<UUID> executionIds) {
        if (executionIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return client.preparedQuery("delete from jobctl.result_checkpoint where execution_id = any($1)")
                .execute(Tuple.of(executionIds.toArray(UUID[]::new)))
                .replaceWithVoid();
    }
}
