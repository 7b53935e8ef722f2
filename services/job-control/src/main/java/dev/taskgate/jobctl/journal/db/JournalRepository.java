package dev.taskgate.jobctl.journal.db;

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

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.jobctl.journal.BoundPlan;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

/**
 * {@code jobctl.transaction_journal}: one bound plan per execution, its JSON sealed with the {@link PayloadCipher}
 * (kind {@link PayloadKind#CHECKPOINT}, bound to the execution id).
 */
@ApplicationScoped
public class JournalRepository {

    private final PayloadCipher cipher;

    JournalRepository(PayloadCipher cipher) {
        this.cipher = cipher;
    }

    /**
     * Binds {@code plan} to the execution's entry unless one exists.
     *
     * @return whether this call bound it
     */
    public Uni<Boolean> bind(
            SqlClient client, UUID executionId, long epoch, UUID requestMessageId, JournalEntry plan, Instant at) {
        byte[] sealed = cipher.seal(executionId, PayloadKind.CHECKPOINT, Wire.toBytes(plan));
        return client.preparedQuery("insert into jobctl.transaction_journal (execution_id, epoch, request_message_id, "
                        + "plan_hash, plan, bound_at) values ($1, $2, $3, $4, $5, $6) on conflict do nothing")
                .execute(Tuple.from(new Object[] {
                    executionId,
                    epoch,
                    requestMessageId,
                    plan.planHash(),
                    Buffer.buffer(sealed),
                    OffsetDateTime.ofInstant(at, ZoneOffset.UTC)
                }))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * The execution's bound plan, opened with the key ring.
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException (as the failure) when it cannot be opened
     */
    public Uni<Optional<BoundPlan>> find(SqlClient client, UUID executionId) {
        return client.preparedQuery("select epoch, request_message_id, plan from jobctl.transaction_journal "
                        + "where execution_id = $1")
                .execute(Tuple.of(executionId))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return Optional.<BoundPlan>empty();
                    }
                    var row = it.next();
                    byte[] json = cipher.open(
                            executionId,
                            PayloadKind.CHECKPOINT,
                            row.getBuffer("plan").getBytes());
                    return Optional.of(new BoundPlan(
                            row.getLong("epoch"),
                            row.getUUID("request_message_id"),
                            Wire.fromBytes(json, JournalEntry.class)));
                });
    }

    /** Removes the entries of executions whose payloads are purged. */
    public Uni<Void> deleteFor(SqlClient client, List<UUID> executionIds) {
        if (executionIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return client.preparedQuery("delete from jobctl.transaction_journal where execution_id = any($1)")
                .execute(Tuple.of(executionIds.toArray(UUID[]::new)))
                .replaceWithVoid();
    }
}
