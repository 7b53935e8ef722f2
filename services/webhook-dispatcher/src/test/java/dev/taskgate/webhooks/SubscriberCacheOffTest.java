package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.webhooks.subscription.EventTypes;
import dev.taskgate.webhooks.subscription.cache.SubscriberCache;
import dev.taskgate.webhooks.subscription.cache.SubscriptionChangeListener;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Lifecycle;
import dev.taskgate.webhooks.support.Receiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code subscriber-cache-ttl=0}: no listening connection, nothing kept, every record still delivered. */
@QuarkusTest
@TestProfile(SubscriberCacheOffTest.CacheOff.class)
class SubscriberCacheOffTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static KafkaTestClient kafka;

    /** The setting for a transaction-mode connection pooler. */
    public static class CacheOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("taskgate.webhooks.subscriber-cache-ttl", "0");
        }
    }

    @Inject
    SubscriberCache cache;

    @Inject
    SubscriptionChangeListener listener;

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
    void recordsAreDeliveredWithoutAListenerOrACache() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            api.create(receiver.url());
            for (int i = 1; i <= 2; i++) {
                Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
                int delivered = i;
                await().atMost(WAIT).until(() -> receiver.requests().size() == delivered);
            }
            assertThat(cache.find(new SubscriberCache.Key(api.org, api.project, EventTypes.LIFECYCLE)))
                    .isEmpty();
            assertThat(listener.listens()).isZero();
            // a listener of an earlier test's application may still be closing
            await().atMost(WAIT)
                    .until(() -> pool.query("select count(*) from pg_stat_activity "
                                            + "where datname = current_database() and query ilike 'LISTEN %' "
                                            + "and state <> 'idle in transaction'")
                                    .execute()
                                    .await()
                                    .atMost(WAIT)
                                    .iterator()
                                    .next()
                                    .getLong(0)
                            == 0);
        }
    }
}
