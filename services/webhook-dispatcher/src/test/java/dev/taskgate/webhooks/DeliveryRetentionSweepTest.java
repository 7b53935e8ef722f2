package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Lifecycle;
import dev.taskgate.webhooks.support.Receiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;

/**
 * Deliveries that finished longer than {@code taskgate.webhooks.delivery-retention} ago (30 days, the default) are
 * deleted with their attempts by the sweeper (every second, two per pass in the test profile); younger ones and
 * pending ones of any age stay, and a replay outlives the delivery it replayed. Time is moved by backdating rows.
 */
@QuarkusTest
class DeliveryRetentionSweepTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static KafkaTestClient kafka;

    @Inject
    Pool pool;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void finishedDeliveriesPastRetentionGoWithTheirAttemptsAndTheRestStays() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            String subscription = api.create(receiver.url()).path("id");
            for (int i = 1; i <= 5; i++) {
                Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
                int sent = i;
                await().atMost(WAIT).until(() -> receiver.requests().size() == sent);
            }
            await().atMost(WAIT).until(() -> delivered(api, subscription) == 5);
            List<UUID> ids = api.deliveries(subscription).stream()
                    .map(d -> UUID.fromString((String) d.get("id")))
                    .toList();
            UUID replayed = ids.get(0);
            api.request()
                    .post(api.base() + "/" + subscription + "/deliveries/" + replayed + "/replay")
                    .then()
                    .statusCode(202);
            await().atMost(WAIT).until(() -> delivered(api, subscription) == 6);
            UUID replay = replayOf(replayed);

            // three finished 31 days ago (more than one pass of two), one 29 days ago, one pending for 60 days
            List<UUID> old = List.of(replayed, ids.get(1), ids.get(2));
            for (UUID id : old) {
                update("update webhooks.delivery set finished_at = now() - interval '31 days' where id = $1", id);
            }
            update("update webhooks.delivery set finished_at = now() - interval '29 days' where id = $1", ids.get(3));
            update(
                    "update webhooks.delivery set status = 'pending', finished_at = null, "
                            + "next_attempt_at = now() + interval '1 day', created_at = now() - interval '60 days' "
                            + "where id = $1",
                    ids.get(4));

            await().atMost(WAIT)
                    .until(() -> count("select count(*) from webhooks.delivery where id = any($1)", old) == 0);
            assertThat(count("select count(*) from webhooks.attempt where delivery_id = any($1)", old))
                    .as("their attempts went with them")
                    .isZero();
            assertThat(api.deliveries(subscription))
                    .extracting(d -> UUID.fromString((String) d.get("id")))
                    .containsExactlyInAnyOrder(ids.get(3), ids.get(4), replay);
            assertThat(count("select count(*) from webhooks.attempt where delivery_id = any($1)", List.of(ids.get(3))))
                    .isEqualTo(1);
            api.delivery(subscription, replay.toString())
                    .then()
                    .statusCode(200)
                    .body("status", equalTo("delivered"))
                    .body("replay_of", equalTo(null));
            api.delivery(subscription, replayed.toString())
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json")
                    .body("type", endsWith("/not-found"));
            api.request()
                    .post(api.base() + "/" + subscription + "/deliveries/" + replayed + "/replay")
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json");
        }
    }

    private static long delivered(Api api, String subscription) {
        return api.deliveries(subscription).stream()
                .filter(d -> "delivered".equals(d.get("status")))
                .count();
    }

    private UUID replayOf(UUID original) {
        Row row = pool.preparedQuery("select id from webhooks.delivery where replay_of = $1")
                .execute(Tuple.of(original))
                .await()
                .atMost(WAIT)
                .iterator()
                .next();
        return row.getUUID(0);
    }

    private void update(String sql, UUID id) {
        assertThat(pool.preparedQuery(sql)
                        .execute(Tuple.of(id))
                        .await()
                        .atMost(WAIT)
                        .rowCount())
                .isEqualTo(1);
    }

    private long count(String sql, List<UUID> ids) {
        return pool.preparedQuery(sql)
                .execute(Tuple.of(ids.toArray(UUID[]::new)))
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getLong(0);
    }
}
