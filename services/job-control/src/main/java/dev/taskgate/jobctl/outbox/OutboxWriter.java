package dev.taskgate.jobctl.outbox;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.tracing.TraceContext;

/**
 * Appends records to {@code jobctl.outbox} inside the caller's transaction, so they are published if and only if
 * the state change they describe commits. {@link OutboxRelay} publishes them. Every record is stored with its payload
 * members sealed ({@link RecordSealing}): outbox rows and the records published from them hold no payload in
 * plaintext, and with the trace context current when it is appended ({@link TraceContext}), which the relay puts on
 * the published record: the consumers wrap their handling in the span of the record they handle, so the row continues
 * that record's trace.
 */
@ApplicationScoped
public class OutboxWriter {

    private static final String INSERT = "insert into jobctl.outbox (topic, record_key, message_id, message_type, "
            + "payload, created_at, traceparent, tracestate) values ($1, $2, $3, $4, $5, $6, $7, $8)";

    /** Room in a record for its key, its headers (the trace context included) and its batch's framing. */
    static final int RECORD_FRAMING_BYTES = 2048;

    private final DbClock clock;
    private final RecordSealing sealing;
    private final int maxSealedPayloadBytes;

    OutboxWriter(DbClock clock, RecordSealing sealing, JobControlConfig config) {
        this.clock = clock;
        this.sealing = sealing;
        this.maxSealedPayloadBytes = config.outbox().maxRecordBytes() - RECORD_FRAMING_BYTES;
    }

    /**
     * The most bytes a payload may have, sealed, to be published as one record: {@code jobctl.outbox.max-record-bytes}
     * less the record's framing. A row over it could never be published, and the relay publishes rows in order: it
     * would stop there (docs/kafka.md "Record sizes").
     */
    public int maxSealedPayloadBytes() {
        return maxSealedPayloadBytes;
    }

    /**
     * Whether {@code message} can be published as one record. Sealing writes each payload member as the base64 of its
     * bytes in an envelope of about 100 bytes, so a payload of at most half the bound fits without being sealed to
     * measure it (a record's members would have to number thousands otherwise); a larger one is measured.
     */
    public boolean fits(OutboxMessage message) {
        return message.payload().length <= maxSealedPayloadBytes / 2 || sealedSize(message) <= maxSealedPayloadBytes;
    }

    /** The size {@code message}'s payload would have in its row and its record: sealed. */
    public int sealedSize(OutboxMessage message) {
        return sealing.seal(message.payload()).length;
    }

    /**
     * Appends the messages in order, on the caller's transaction connection, in one round trip: the statements of a
     * batch run one after the other, so the bigserial ids still follow the list and fix the publishing order.
     */
    public Uni<Void> append(SqlConnection tx, List<OutboxMessage> messages) {
        if (messages.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        OffsetDateTime now = OffsetDateTime.ofInstant(clock.now(), ZoneOffset.UTC);
        TraceContext trace = TraceContext.current().orElse(null);
        List<Tuple> rows = new ArrayList<>(messages.size());
        for (OutboxMessage m : messages) {
            rows.add(Tuple.from(Arrays.asList(
                    m.topic(),
                    m.key(),
                    m.messageId(),
                    m.type(),
                    Buffer.buffer(sealing.seal(m.payload())),
                    now,
                    trace == null ? null : trace.traceparent(),
                    trace == null ? null : trace.tracestate())));
        }
        var insert = tx.preparedQuery(INSERT);
        return (rows.size() == 1 ? insert.execute(rows.get(0)) : insert.executeBatch(rows)).replaceWithVoid();
    }
}
