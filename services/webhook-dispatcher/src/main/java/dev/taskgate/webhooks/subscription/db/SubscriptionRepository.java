package dev.taskgate.webhooks.subscription.db;

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

import dev.taskgate.webhooks.subscription.Subscription;

/** Plain SQL over {@code webhooks.subscription}; deleted rows are invisible to every read. */
@ApplicationScoped
public class SubscriptionRepository {
    private static final String COLUMNS = "id, org_id, project_id, url, event_types, description, status, "
            + "disabled_reason, disabled_at, previous_secret_expires_at, created_at, updated_at";

    /** The stored secrets of one subscription. */
    public record StoredSecrets(byte[] current, byte[] previous, Instant previousExpiresAt) {}

    /** Inserts a new active subscription. */
    public Uni<Void> insert(SqlClient c, Subscription s, byte[] secretCiphertext) {
        return c.preparedQuery("insert into webhooks.subscription (id, org_id, project_id, url, event_types, "
                        + "description, secret_ciphertext, status, created_at, updated_at) "
                        + "values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
                .execute(Tuple.from(Arrays.asList(
                        s.id(),
                        s.orgId(),
                        s.projectId(),
                        s.url(),
                        s.eventTypes().toArray(new String[0]),
                        s.description(),
                        Buffer.buffer(secretCiphertext),
                        s.status(),
                        odt(s.createdAt()),
                        odt(s.updatedAt()))))
                .replaceWithVoid();
    }

    /** The subscription if it exists, is not deleted and belongs to this project. */
    public Uni<Optional<Subscription>> find(SqlClient c, String org, String project, UUID id) {
        return c.preparedQuery("select " + COLUMNS + " from webhooks.subscription "
                        + "where id = $1 and org_id = $2 and project_id = $3 and deleted_at is null")
                .execute(Tuple.of(id, org, project))
                .map(rows -> first(rows).map(SubscriptionRepository::toSubscription));
    }

    /** The project's subscriptions, oldest first. */
    public Uni<List<Subscription>> list(SqlClient c, String org, String project) {
        return c.preparedQuery("select " + COLUMNS + " from webhooks.subscription "
                        + "where org_id = $1 and project_id = $2 and deleted_at is null order by created_at, id")
                .execute(Tuple.of(org, project))
                .map(rows -> {
                    List<Subscription> all = new ArrayList<>();
                    rows.forEach(r -> all.add(toSubscription(r)));
                    return all;
                });
    }

    /** Marks the subscription deleted; false if there was none to delete. */
    public Uni<Boolean> markDeleted(SqlClient c, String org, String project, UUID id, Instant now) {
        return c.preparedQuery("update webhooks.subscription set deleted_at = $4, updated_at = $4 "
                        + "where id = $1 and org_id = $2 and project_id = $3 and deleted_at is null")
                .execute(Tuple.of(id, org, project, odt(now)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Locks the row and returns its secrets (for a rotation), empty when not visible. */
    public Uni<Optional<StoredSecrets>> lockSecrets(SqlClient c, String org, String project, UUID id) {
        return c.preparedQuery("select secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at "
                        + "from webhooks.subscription where id = $1 and org_id = $2 and project_id = $3 "
                        + "and deleted_at is null for update")
                .execute(Tuple.of(id, org, project))
                .map(rows -> first(rows)
                        .map(r -> new StoredSecrets(
                                r.getBuffer(0).getBytes(),
                                r.getBuffer(1) == null ? null : r.getBuffer(1).getBytes(),
                                instant(r.getOffsetDateTime(2)))));
    }

    /** Installs a new current secret and keeps the replaced one signing until {@code previousExpiresAt}. */
    public Uni<Void> rotate(
            SqlClient c, UUID id, byte[] current, byte[] previous, Instant previousExpiresAt, Instant now) {
        return c.preparedQuery(
                        "update webhooks.subscription set secret_ciphertext = $2, "
                                + "previous_secret_ciphertext = $3, previous_secret_expires_at = $4, updated_at = $5 where id = $1")
                .execute(
                        Tuple.of(id, Buffer.buffer(current), Buffer.buffer(previous), odt(previousExpiresAt), odt(now)))
                .replaceWithVoid();
    }

    /** Ids of the project's active subscriptions to this event type. */
    public Uni<List<UUID>> activeSubscribers(SqlClient c, String org, String project, String eventType) {
        return c.preparedQuery("select id from webhooks.subscription where org_id = $1 and project_id = $2 "
                        + "and status = 'active' and deleted_at is null and $3 = any(event_types) order by id")
                .execute(Tuple.of(org, project, eventType))
                .map(rows -> {
                    List<UUID> ids = new ArrayList<>();
                    rows.forEach(r -> ids.add(r.getUUID(0)));
                    return ids;
                });
    }

    /**
     * Locks the subscription's row until the transaction ends, as counting a failed attempt does. A transaction that
     * changes the subscription's pending deliveries takes it before them, in the order in which attempts are
     * recorded, so that the two wait for each other instead of deadlocking.
     */
    public Uni<Void> lock(SqlClient c, UUID id) {
        return c.preparedQuery("select 1 from webhooks.subscription where id = $1 for no key update")
                .execute(Tuple.of(id))
                .replaceWithVoid();
    }

    /** A successful attempt ends a failure streak. */
    public Uni<Void> recordSuccess(SqlClient c, UUID id) {
        return c.preparedQuery("update webhooks.subscription set consecutive_failures = 0 "
                        + "where id = $1 and consecutive_failures <> 0")
                .execute(Tuple.of(id))
                .replaceWithVoid();
    }

    /** Counts a failed attempt; returns the length of the current failure streak. */
    public Uni<Integer> recordFailure(SqlClient c, UUID id) {
        return c.preparedQuery("update webhooks.subscription set consecutive_failures = consecutive_failures + 1 "
                        + "where id = $1 returning consecutive_failures")
                .execute(Tuple.of(id))
                .map(rows -> first(rows).map(r -> r.getInteger(0)).orElse(0));
    }

    /** Disables an active subscription with an operator-visible reason; false if it was not active. */
    public Uni<Boolean> disable(SqlClient c, UUID id, String reason, Instant now) {
        return c.preparedQuery(
                        "update webhooks.subscription set status = 'disabled', disabled_reason = $2, "
                                + "disabled_at = $3, updated_at = $3 where id = $1 and status = 'active' and deleted_at is null")
                .execute(Tuple.of(id, reason, odt(now)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Re-enables a subscription and clears its failure streak; false if not visible. */
    public Uni<Boolean> enable(SqlClient c, String org, String project, UUID id, Instant now) {
        return c.preparedQuery("update webhooks.subscription set status = 'active', disabled_reason = null, "
                        + "disabled_at = null, consecutive_failures = 0, updated_at = $4 "
                        + "where id = $1 and org_id = $2 and project_id = $3 and deleted_at is null")
                .execute(Tuple.of(id, org, project, odt(now)))
                .map(rows -> rows.rowCount() == 1);
    }

    private static Subscription toSubscription(Row r) {
        return new Subscription(
                r.getUUID("id"),
                r.getString("org_id"),
                r.getString("project_id"),
                r.getString("url"),
                List.of(r.getArrayOfStrings("event_types")),
                r.getString("description"),
                r.getString("status"),
                r.getString("disabled_reason"),
                instant(r.getOffsetDateTime("disabled_at")),
                instant(r.getOffsetDateTime("previous_secret_expires_at")),
                instant(r.getOffsetDateTime("created_at")),
                instant(r.getOffsetDateTime("updated_at")));
    }

    private static Optional<Row> first(RowSet<Row> rows) {
        var it = rows.iterator();
        return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
    }

    static OffsetDateTime odt(Instant i) {
        return i == null ? null : OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    static Instant instant(OffsetDateTime t) {
        return t == null ? null : t.toInstant();
    }
}
