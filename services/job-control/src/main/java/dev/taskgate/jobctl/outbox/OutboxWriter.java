package dev.taskgate.jobctl.outbox;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.payload.RecordSealing;

/**
 * Appends records to {@code jobctl.outbox} inside the caller's transaction, so they are published if and only if
 * the state change they describe commits. {@link OutboxRelay} publishes them. Every record is stored with its payload
 * members sealed ({@link RecordSealing}): outbox rows and the records published from them hold no payload in
 * plaintext.
 */
@ApplicationScoped
public class OutboxWriter {

    private final DbClock clock;
    private final RecordSealing sealing;

    OutboxWriter(DbClock clock, RecordSealing sealing) {
        this.clock = clock;
        this.sealing = sealing;
    }

    /** Appends the messages in order, on the caller's transaction connection. */
    public Uni<Void> append(SqlConnection tx, List<OutboxMessage> messages) {
        OffsetDateTime now = OffsetDateTime.ofInstant(clock.now(), ZoneOffset.UTC);
        // one after the other: the bigserial id fixes the publishing order
        return Multi.createFrom()
                .iterable(messages)
                .onItem()
                .transformToUniAndConcatenate(m -> tx.preparedQuery(
                                "insert into jobctl.outbox (topic, record_key, message_id, message_type, payload, created_at) "
                                        + "values ($1, $2, $3, $4, $5, $6)")
                        .execute(Tuple.from(Arrays.asList(
                                m.topic(),
                                m.key(),
                                m.messageId(),
                                m.type(),
                                Buffer.buffer(sealing.seal(m.payload())),
                                now))))
                .collect()
                .last()
                .replaceWithVoid();
    }
}
