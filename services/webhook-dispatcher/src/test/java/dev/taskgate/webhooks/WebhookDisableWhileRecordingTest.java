package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Receiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A subscription disabled by a failure streak while attempts of its other deliveries are being recorded: every
 * attempt the receiver saw is in the attempt log, and no delivery is left pending. Recording an attempt and disabling
 * the subscription (which abandons its pending deliveries) both take the subscription's row before a delivery's; when
 * the recorders took their delivery first, the two deadlocked, PostgreSQL aborted one and its attempt was never
 * recorded.
 */
@QuarkusTest
class WebhookDisableWhileRecordingTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int DELIVERIES = 12;

    @Inject
    Pool pool;

    @Test
    void everyAttemptSentIsRecordedWhenAStreakDisablesTheSubscriptionMidway() {
        Api api = Api.freshProject();
        int[] failures = new int[4 * DELIVERIES];
        Arrays.fill(failures, 500);
        try (Receiver receiver = Receiver.start().script(failures)) {
            String subscription = api.create(receiver.url()).path("id");
            // all due at once, so that one claim takes them together and their attempts are recorded side by side
            assertThat(pool.preparedQuery("insert into webhooks.delivery (id, subscription_id, webhook_id, "
                                    + "event_type, payload, event_at, status, attempts, next_attempt_at, created_at) "
                                    + "select gen_random_uuid(), $1, 'msg_' || md5(random()::text), "
                                    + "'tool.execution.lifecycle', '{}'::bytea, now(), 'pending', 0, now(), now() "
                                    + "from generate_series(1, $2)")
                            .execute(Tuple.of(UUID.fromString(subscription), DELIVERIES))
                            .await()
                            .atMost(WAIT)
                            .rowCount())
                    .isEqualTo(DELIVERIES);

            await().atMost(WAIT)
                    .until(() -> "disabled"
                            .equals(api.request()
                                    .get(api.base() + "/" + subscription)
                                    .path("status")));
            await().atMost(WAIT)
                    .until(() ->
                            pending(subscription) == 0 && recorded(subscription).equals(sent(receiver)));
            assertThat(recorded(subscription)).hasSize(DELIVERIES);
        }
    }

    private static Map<String, Long> sent(Receiver receiver) {
        Map<String, Long> sent = new HashMap<>();
        for (Receiver.Request r : receiver.requests()) {
            sent.merge(r.header("webhook-id"), 1L, Long::sum);
        }
        return sent;
    }

    /** Attempts recorded per webhook-id, for deliveries with at least one. */
    private Map<String, Long> recorded(String subscription) {
        Map<String, Long> recorded = new HashMap<>();
        for (Row row : pool.preparedQuery("select d.webhook_id, count(a.id) from webhooks.delivery d "
                        + "join webhooks.attempt a on a.delivery_id = d.id where d.subscription_id = $1 "
                        + "group by d.webhook_id")
                .execute(Tuple.of(UUID.fromString(subscription)))
                .await()
                .atMost(WAIT)) {
            recorded.put(row.getString(0), row.getLong(1));
        }
        return recorded;
    }

    private long pending(String subscription) {
        return pool.preparedQuery(
                        "select count(*) from webhooks.delivery where subscription_id = $1 and status = 'pending'")
                .execute(Tuple.of(UUID.fromString(subscription)))
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getLong(0);
    }
}
