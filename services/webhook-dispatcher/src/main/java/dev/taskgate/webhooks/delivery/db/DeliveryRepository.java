package dev.taskgate.webhooks.delivery.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.webhooks.delivery.Attempt;
import dev.taskgate.webhooks.delivery.AttemptOutcome;
import dev.taskgate.webhooks.delivery.Delivery;

/** Plain SQL over {@code webhooks.delivery} and {@code webhooks.attempt}. */
@ApplicationScoped
public class DeliveryRepository {
    // the API shows the public handle from the signed payload, never job-control's internal execution id
    private static final String COLUMNS = "id, subscription_id, webhook_id, replay_of, event_type, "
            + "convert_from(payload, 'UTF8')::jsonb #>> '{data,execution_id}' as execution_handle, "
            + "status, attempts, next_attempt_at, last_status_code, last_error, event_at, created_at, finished_at";

    /**
     * A delivery claimed for one attempt, with what the attempt needs.
     *
     * @param attempt the number of this attempt (already counted)
     */
    public record Claimed(
            UUID id,
            UUID subscriptionId,
            String webhookId,
            byte[] payload,
            int attempt,
            String url,
            byte[] secret,
            byte[] previousSecret,
            Instant previousSecretExpiresAt) {}

    /**
     * A new delivery row.
     *
     * @param sourceMessageId the Kafka record it came from, null for test events
     */
    public record NewDelivery(
            UUID id,
            UUID subscriptionId,
            String webhookId,
            UUID sourceMessageId,
            String eventType,
            UUID executionId,
            byte[] payload,
            Instant eventAt,
            Instant createdAt) {}

    /** Inserts a pending delivery due now; false when one for the same (subscription, source record) exists. */
    public Uni<Boolean> insert(SqlClient c, NewDelivery d) {
        return c.preparedQuery("insert into webhooks.delivery (id, subscription_id, webhook_id, source_message_id, "
                        + "event_type, execution_id, payload, event_at, status, attempts, next_attempt_at, created_at) "
                        + "values ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 0, $9, $9) "
                        + "on conflict (subscription_id, source_message_id) do nothing")
                .execute(Tuple.from(Arrays.asList(
                        d.id(),
                        d.subscriptionId(),
                        d.webhookId(),
                        d.sourceMessageId(),
                        d.eventType(),
                        d.executionId(),
                        Buffer.buffer(d.payload()),
                        odt(d.eventAt()),
                        odt(d.createdAt()))))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Claims up to {@code limit} due deliveries of active subscriptions: counts the attempt and hides the row until
     * {@code leaseUntil}, so that a process dying mid-attempt leaves it due again (same webhook-id) when the lease
     * ends. Rows locked by another claimer are skipped.
     */
    public Uni<List<Claimed>> claimDue(SqlClient c, Instant now, Instant leaseUntil, int limit) {
        return c.preparedQuery("with due as (select d.id from webhooks.delivery d "
                        + "join webhooks.subscription s on s.id = d.subscription_id "
                        + "where d.status = 'pending' and d.next_attempt_at <= $1 and s.status = 'active' "
                        + "and s.deleted_at is null order by d.next_attempt_at limit $3 for update of d skip locked) "
                        + "update webhooks.delivery d set attempts = d.attempts + 1, next_attempt_at = $2 "
                        + "from due, webhooks.subscription s where d.id = due.id and s.id = d.subscription_id "
                        + "returning d.id, d.subscription_id, d.webhook_id, d.payload, d.attempts, s.url, "
                        + "s.secret_ciphertext, s.previous_secret_ciphertext, s.previous_secret_expires_at")
                .execute(Tuple.of(odt(now), odt(leaseUntil), limit))
                .map(rows -> {
                    List<Claimed> claimed = new ArrayList<>();
                    for (Row r : rows) {
                        claimed.add(new Claimed(
                                r.getUUID(0),
                                r.getUUID(1),
                                r.getString(2),
                                r.getBuffer(3).getBytes(),
                                r.getInteger(4),
                                r.getString(5),
                                r.getBuffer(6).getBytes(),
                                r.getBuffer(7) == null ? null : r.getBuffer(7).getBytes(),
                                instant(r.getOffsetDateTime(8))));
                    }
                    return claimed;
                });
    }

    /** Records one attempt. */
    public Uni<Void> insertAttempt(
            SqlClient c,
            UUID deliveryId,
            int attempt,
            Instant startedAt,
            long durationMs,
            Integer statusCode,
            AttemptOutcome outcome,
            String error) {
        return c.preparedQuery("insert into webhooks.attempt (delivery_id, attempt, started_at, duration_ms, "
                        + "status_code, outcome, error) values ($1, $2, $3, $4, $5, $6, $7)")
                .execute(Tuple.from(Arrays.asList(
                        deliveryId, attempt, odt(startedAt), (int) durationMs, statusCode, outcome.dbName(), error)))
                .replaceWithVoid();
    }

    /**
     * Applies an attempt's result, unless the delivery moved on meanwhile (another claim after an expired lease,
     * an abandon): only the claim that made attempt {@code attempt} may update it.
     */
    public Uni<Boolean> settle(
            SqlClient c,
            UUID id,
            int attempt,
            String status,
            Instant nextAttemptAt,
            Integer statusCode,
            String error,
            Instant finishedAt) {
        return c.preparedQuery("update webhooks.delivery set status = $3, next_attempt_at = $4, "
                        + "last_status_code = $5, last_error = $6, finished_at = $7 "
                        + "where id = $1 and attempts = $2 and status = 'pending'")
                .execute(Tuple.from(
                        Arrays.asList(id, attempt, status, odt(nextAttemptAt), statusCode, error, odt(finishedAt))))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Abandons the subscription's pending deliveries (deleted or disabled subscription). */
    public Uni<Integer> abandonPending(SqlClient c, UUID subscriptionId, String reason, Instant now) {
        return c.preparedQuery("update webhooks.delivery set status = 'abandoned', next_attempt_at = null, "
                        + "last_error = coalesce(last_error || '; ', '') || $2, finished_at = $3 "
                        + "where subscription_id = $1 and status = 'pending'")
                .execute(Tuple.of(subscriptionId, reason, odt(now)))
                .map(RowSet::rowCount);
    }

    /**
     * Deletes up to {@code limit} deliveries that finished before {@code cutoff}, oldest first, with their attempts
     * (the foreign key cascades); rows another sweeper holds are skipped.
     *
     * @return how many it deleted
     */
    public Uni<Integer> deleteFinishedBefore(SqlClient c, Instant cutoff, int limit) {
        return c.preparedQuery("delete from webhooks.delivery where id in (select id from webhooks.delivery "
                        + "where finished_at < $1 order by finished_at limit $2 for update skip locked)")
                .execute(Tuple.of(odt(cutoff), limit))
                .map(RowSet::rowCount);
    }

    /** A new pending delivery with the same webhook-id and bytes as {@code original}; empty if not found. */
    public Uni<Optional<Delivery>> insertReplay(
            SqlClient c, UUID subscriptionId, UUID original, UUID newId, Instant now) {
        return c.preparedQuery("insert into webhooks.delivery (id, subscription_id, webhook_id, replay_of, "
                        + "event_type, execution_id, payload, event_at, status, attempts, next_attempt_at, created_at) "
                        + "select $3, subscription_id, webhook_id, id, event_type, execution_id, payload, event_at, "
                        + "'pending', 0, $4, $4 from webhooks.delivery where id = $2 and subscription_id = $1 "
                        + "returning " + COLUMNS)
                .execute(Tuple.of(subscriptionId, original, newId, odt(now)))
                .map(rows -> first(rows).map(DeliveryRepository::toDelivery));
    }

    /**
     * Ids of the subscription's original deliveries (not replays) created in [from, to), oldest first, at most
     * {@code limit}.
     */
    public Uni<List<UUID>> originalsCreatedIn(SqlClient c, UUID subscriptionId, Instant from, Instant to, int limit) {
        return c.preparedQuery("select id from webhooks.delivery where subscription_id = $1 and replay_of is null "
                        + "and created_at >= $2 and created_at < $3 order by created_at, id limit $4")
                .execute(Tuple.of(subscriptionId, odt(from), odt(to), limit))
                .map(rows -> {
                    List<UUID> all = new ArrayList<>();
                    rows.forEach(r -> all.add(r.getUUID(0)));
                    return all;
                });
    }

    /** The subscription's newest deliveries first. */
    public Uni<List<Delivery>> list(SqlClient c, UUID subscriptionId, int limit) {
        return c.preparedQuery("select " + COLUMNS + " from webhooks.delivery where subscription_id = $1 "
                        + "order by created_at desc, id limit $2")
                .execute(Tuple.of(subscriptionId, limit))
                .map(rows -> {
                    List<Delivery> all = new ArrayList<>();
                    rows.forEach(r -> all.add(toDelivery(r)));
                    return all;
                });
    }

    /** One delivery of the subscription. */
    public Uni<Optional<Delivery>> find(SqlClient c, UUID subscriptionId, UUID id) {
        return c.preparedQuery("select " + COLUMNS + " from webhooks.delivery where id = $1 and subscription_id = $2")
                .execute(Tuple.of(id, subscriptionId))
                .map(rows -> first(rows).map(DeliveryRepository::toDelivery));
    }

    /** The delivery's attempts in order. */
    public Uni<List<Attempt>> attempts(SqlClient c, UUID deliveryId) {
        return c.preparedQuery("select attempt, started_at, duration_ms, status_code, outcome, error "
                        + "from webhooks.attempt where delivery_id = $1 order by attempt, id")
                .execute(Tuple.of(deliveryId))
                .map(rows -> {
                    List<Attempt> all = new ArrayList<>();
                    rows.forEach(r -> all.add(new Attempt(
                            r.getInteger(0),
                            instant(r.getOffsetDateTime(1)),
                            r.getInteger(2),
                            r.getInteger(3),
                            r.getString(4),
                            r.getString(5))));
                    return all;
                });
    }

    private static Delivery toDelivery(Row r) {
        return new Delivery(
                r.getUUID("id"),
                r.getUUID("subscription_id"),
                r.getString("webhook_id"),
                r.getUUID("replay_of"),
                r.getString("event_type"),
                r.getString("execution_handle"),
                r.getString("status"),
                r.getInteger("attempts"),
                instant(r.getOffsetDateTime("next_attempt_at")),
                r.getInteger("last_status_code"),
                r.getString("last_error"),
                instant(r.getOffsetDateTime("event_at")),
                instant(r.getOffsetDateTime("created_at")),
                instant(r.getOffsetDateTime("finished_at")));
    }

    private static Optional<Row> first(RowSet<Row> rows) {
        var it = rows.iterator();
        return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
    }

    private static OffsetDateTime odt(Instant i) {
        return i == null ? null : OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime t) {
        return t == null ? null : t.toInstant();
    }
}
