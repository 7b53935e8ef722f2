package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

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

/**
 * The subscriber cache against a real PostgreSQL: a project's subscribers, once looked up, answer its next records; a
 * change written by another replica (plain SQL here, not through this instance) empties the cache through its
 * notice; a change through this instance shows at once; a listening connection that PostgreSQL ends is replaced and
 * hears changes again.
 */
@QuarkusTest
class SubscriberCacheNoticeTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static KafkaTestClient kafka;

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
    void aChangeByAnotherReplicaEmptiesTheCacheAndTheNextRecordSeesIt() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            UUID subscription = UUID.fromString(api.create(receiver.url()).path("id"));
            await().atMost(WAIT).until(cache::isListening);

            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            assertThat(cache.find(key(api))).contains(List.of(subscription));

            // what DELETE through another replica writes; this instance does not see the request
            execute(
                    "update webhooks.subscription set deleted_at = now(), updated_at = now() where id = $1",
                    subscription);
            await().atMost(WAIT).until(() -> cache.find(key(api)).isEmpty());

            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().atMost(WAIT).until(() -> cache.find(key(api)).equals(Optional.of(List.of())));
            assertThat(deliveries(subscription))
                    .as("the record after the delete found no subscriber")
                    .isEqualTo(1);
        }
    }

    @Test
    void aSubscriptionCreatedThroughThisInstanceServesTheNextRecord() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            await().atMost(WAIT).until(cache::isListening);
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().atMost(WAIT).until(() -> cache.find(key(api)).equals(Optional.of(List.of())));

            String subscription = api.create(receiver.url()).path("id");
            assertThat(cache.find(key(api)))
                    .as("emptied by the time of the 201 (here before answering, elsewhere by the notice)")
                    .isEmpty();

            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.FAILED));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            assertThat(deliveries(UUID.fromString(subscription))).isEqualTo(1);
        }
    }

    @Test
    void aListeningConnectionEndedByPostgresqlIsReplacedAndHearsChangesAgain() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            UUID subscription = UUID.fromString(api.create(receiver.url()).path("id"));
            await().atMost(WAIT).until(cache::isListening);
            long listens = listener.listens();

            long ended = pool.query("select count(pg_terminate_backend(pid)) from pg_stat_activity "
                            + "where datname = current_database() and query ilike 'LISTEN %'")
                    .execute()
                    .await()
                    .atMost(WAIT)
                    .iterator()
                    .next()
                    .getLong(0);
            // ours, and maybe one of a test application still closing (ended by a profile change just before)
            assertThat(ended).isPositive();
            await().atMost(WAIT).until(() -> listener.listens() > listens && cache.isListening());

            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            assertThat(cache.find(key(api))).contains(List.of(subscription));

            // what a failure streak's disabling writes on another replica
            execute(
                    "update webhooks.subscription set status = 'disabled', disabled_reason = 'test', "
                            + "disabled_at = now(), updated_at = now() where id = $1",
                    subscription);
            await().atMost(WAIT).until(() -> cache.find(key(api)).isEmpty());
        }
    }

    private static SubscriberCache.Key key(Api api) {
        return new SubscriberCache.Key(api.org, api.project, EventTypes.LIFECYCLE);
    }

    private void execute(String sql, UUID subscription) {
        assertThat(pool.preparedQuery(sql)
                        .execute(Tuple.of(subscription))
                        .await()
                        .atMost(WAIT)
                        .rowCount())
                .isEqualTo(1);
    }

    private long deliveries(UUID subscription) {
        return pool.preparedQuery("select count(*) from webhooks.delivery where subscription_id = $1")
                .execute(Tuple.of(subscription))
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getLong(0);
    }
}
