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

    private final DbClock clock;
    private final RecordSealing sealing;

    OutboxWriter(DbClock clock, RecordSealing sealing) {
        this.clock = clock;
        this.sealing = sealing;
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
