package dev.taskgate.jobctl.checkpoint.db;

import java.nio.charset.StandardCharsets;
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

import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

/** {@code jobctl.frontier_checkpoint}: the latest frontier per execution, its text sealed. */
@ApplicationScoped
public class FrontierCheckpointRepository {

    private final PayloadCipher cipher;

    FrontierCheckpointRepository(PayloadCipher cipher) {
        this.cipher = cipher;
    }

    /**
     * Stores {@code checkpoint} unless the execution already has one with the same or a higher sequence.
     *
     * @return whether it was stored
     */
    public Uni<Boolean> save(
            SqlClient client, UUID executionId, long epoch, FrontierCheckpoint checkpoint, Instant at) {
        byte[] sealed = cipher.seal(
                executionId, PayloadKind.CHECKPOINT, checkpoint.frontier().getBytes(StandardCharsets.UTF_8));
        return client.preparedQuery("insert into jobctl.frontier_checkpoint (execution_id, epoch, sequence, revision, "
                        + "frontier, mac, saved_at) values ($1, $2, $3, $4, $5, $6, $7) on conflict (execution_id) do update "
                        + "set epoch = excluded.epoch, sequence = excluded.sequence, revision = excluded.revision, "
                        + "frontier = excluded.frontier, mac = excluded.mac, saved_at = excluded.saved_at "
                        + "where frontier_checkpoint.sequence < excluded.sequence")
                .execute(Tuple.from(new Object[] {
                    executionId,
                    epoch,
                    checkpoint.sequence(),
                    checkpoint.revision(),
                    Buffer.buffer(sealed),
                    checkpoint.mac(),
                    OffsetDateTime.ofInstant(at, ZoneOffset.UTC)
                }))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * The execution's latest frontier, opened with the key ring.
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException (as the failure) when it cannot be opened
     */
    public Uni<Optional<FrontierCheckpoint>> find(SqlClient client, UUID executionId) {
        return client.preparedQuery("select sequence, revision, frontier, mac from jobctl.frontier_checkpoint "
                        + "where execution_id = $1")
                .execute(Tuple.of(executionId))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return Optional.<FrontierCheckpoint>empty();
                    }
                    var row = it.next();
                    String frontier = new String(
                            cipher.open(
                                    executionId,
                                    PayloadKind.CHECKPOINT,
                                    row.getBuffer("frontier").getBytes()),
                            StandardCharsets.UTF_8);
                    return Optional.of(new FrontierCheckpoint(
                            row.getLong("sequence"), row.getString("revision"), frontier, row.getString("mac")));
                });
    }

    /** Removes the frontiers of executions whose payloads are purged. */
    public Uni<Void> deleteFor(SqlClient client, List<UUID> executionIds) {
        if (executionIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return client.preparedQuery("delete from jobctl.frontier_checkpoint where execution_id = any($1)")
                .execute(Tuple.of(executionIds.toArray(UUID[]::new)))
                .replaceWithVoid();
    }
}
