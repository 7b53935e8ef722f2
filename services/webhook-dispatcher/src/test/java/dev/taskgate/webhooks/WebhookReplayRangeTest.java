package dev.taskgate.webhooks;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Lifecycle;
import dev.taskgate.webhooks.support.Receiver;
import dev.taskgate.webhooks.support.Verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;

/**
 * {@code POST …/{id}/replay {"from","to"}} re-sends exactly the original deliveries created in [from, to), with their
 * webhook-ids and bytes; bad or oversized ranges (test profile: at most 3 deliveries, 2 days) are refused with a
 * problem and queue nothing.
 */
@QuarkusTest
class WebhookReplayRangeTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void replaysExactlyTheDeliveriesCreatedInTheRange() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            var created = api.create(receiver.url());
            String secret = created.path("secret");
            String subscription = created.path("id");
            List<Map<String, Object>> originals = deliverInTurn(api, subscription, receiver, 3);
            Map<String, Object> first = originals.get(0);
            Map<String, Object> second = originals.get(1);
            Map<String, Object> third = originals.get(2);
            Map<String, String> bodies = bodiesByWebhookId(receiver.requests());

            // [second.created_at, third.created_at): the second only; the end is excluded
            replay(api, subscription, (String) second.get("created_at"), (String) third.get("created_at"))
                    .statusCode(202)
                    .body("replayed", equalTo(1))
                    .body("items[0].replay_of", equalTo(second.get("id")))
                    .body("items[0].webhook_id", equalTo(second.get("webhook_id")));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 4);
            Receiver.Request again = receiver.requests().get(3);
            assertThat(again.header("webhook-id")).isEqualTo(second.get("webhook_id"));
            assertThat(new String(again.body())).isEqualTo(bodies.get((String) second.get("webhook_id")));
            assertThat(Verifier.verifies(again, secret)).isTrue();

            // the whole range: the three originals, not the replay made above
            String to = Instant.parse((String) third.get("created_at"))
                    .plusMillis(1)
                    .toString();
            List<Map<String, Object>> items = replay(api, subscription, (String) first.get("created_at"), to)
                    .statusCode(202)
                    .body("replayed", equalTo(3))
                    .extract()
                    .path("items");
            assertThat(items)
                    .extracting(i -> i.get("replay_of"))
                    .containsExactly(first.get("id"), second.get("id"), third.get("id"));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 7);
            List<Receiver.Request> replayed = receiver.requests().subList(4, 7);
            assertThat(replayed).allSatisfy(r -> {
                assertThat(Verifier.verifies(r, secret)).isTrue();
                assertThat(new String(r.body())).isEqualTo(bodies.get(r.header("webhook-id")));
            });
            assertThat(replayed)
                    .extracting(r -> r.header("webhook-id"))
                    .containsExactlyInAnyOrder(
                            (String) first.get("webhook_id"), (String) second.get("webhook_id"), (String)
                                    third.get("webhook_id"));

            // an empty range is fine and queues nothing
            replay(api, subscription, "2020-01-01T00:00:00Z", "2020-01-02T00:00:00+02:00")
                    .statusCode(202)
                    .body("replayed", equalTo(0));
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 7
                            && api.deliveries(subscription).size() == 7);
        }
    }

    @Test
    void badRangesAreRefusedAndQueueNothing() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            String subscription = api.create(receiver.url()).path("id");
            List<Map<String, Object>> originals = deliverInTurn(api, subscription, receiver, 1);
            String at = (String) originals.get(0).get("created_at");
            String from = Instant.parse(at).minusSeconds(60).toString();
            String to = Instant.parse(at).plusSeconds(60).toString();
            String path = api.base() + "/" + subscription + "/replay";

            String[][] invalid = {
                {"{\"from\":\"" + to + "\",\"to\":\"" + from + "\"}", "invalid-request"},
                {"{\"from\":\"" + from + "\",\"to\":\"" + from + "\"}", "invalid-request"},
                {"{\"from\":\"" + from + "\"}", "invalid-request"},
                {"{\"to\":\"" + to + "\"}", "invalid-request"},
                {"{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"limit\":1}", "invalid-request"},
                {"{\"from\":\"2026-08-01T09:00:00\",\"to\":\"" + to + "\"}", "invalid-request"},
                {"{\"from\":\"yesterday\",\"to\":\"" + to + "\"}", "invalid-request"},
                {"{\"from\":1700000000,\"to\":\"" + to + "\"}", "invalid-request"},
                {"[]", "invalid-request"},
                {"{\"from\":", "malformed-json"},
                {"{\"from\":\"2020-01-01T00:00:00Z\",\"to\":\"2020-01-03T00:00:01Z\"}", "replay-range-too-large"}
            };
            for (String[] c : invalid) {
                api.request()
                        .contentType("application/json")
                        .body(c[0])
                        .post(path)
                        .then()
                        .statusCode(c[1].equals("replay-range-too-large") ? 422 : 400)
                        .contentType("application/problem+json")
                        .body("type", endsWith("/" + c[1]))
                        .body("detail", org.hamcrest.Matchers.notNullValue());
            }
            api.request()
                    .contentType("text/plain")
                    .body("{}")
                    .post(path)
                    .then()
                    .statusCode(415)
                    .contentType("application/problem+json");
            api.request()
                    .contentType("application/json")
                    .body("{\"from\":\"" + from + "\",\"to\":\"" + to + "\"}")
                    .post(api.base() + "/" + UUID.randomUUID() + "/replay")
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json");

            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 1);
            assertThat(api.deliveries(subscription)).hasSize(1);
        }
    }

    @Test
    void aRangeHoldingMoreThanTheMaximumIsRefusedAsAWhole() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            String subscription = api.create(receiver.url()).path("id");
            List<Map<String, Object>> originals = deliverInTurn(api, subscription, receiver, 4);
            String from = (String) originals.get(0).get("created_at");
            String to = Instant.parse((String) originals.get(3).get("created_at"))
                    .plusMillis(1)
                    .toString();

            replay(api, subscription, from, to)
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("type", endsWith("/replay-range-too-large"))
                    .body("max_deliveries", equalTo(3));
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 4);
            assertThat(api.deliveries(subscription)).hasSize(4);

            // the same range minus its first delivery fits
            String afterFirst = (String) originals.get(1).get("created_at");
            replay(api, subscription, afterFirst, to).statusCode(202).body("replayed", equalTo(3));
        }
    }

    /** Sends {@code count} changes one after the other and returns their delivered deliveries, oldest first. */
    private static List<Map<String, Object>> deliverInTurn(Api api, String subscription, Receiver receiver, int count) {
        for (int i = 1; i <= count; i++) {
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            int expected = i;
            await().atMost(WAIT).until(() -> receiver.requests().size() == expected);
        }
        await().atMost(WAIT)
                .until(() -> api.deliveries(subscription).stream().allMatch(d -> "delivered".equals(d.get("status"))));
        List<Map<String, Object>> all = new java.util.ArrayList<>(api.deliveries(subscription));
        all.sort(Comparator.comparing(d -> Instant.parse((String) d.get("created_at"))));
        assertThat(all).hasSize(count);
        return all;
    }

    private static Map<String, String> bodiesByWebhookId(List<Receiver.Request> requests) {
        Map<String, String> bodies = new java.util.HashMap<>();
        requests.forEach(r -> bodies.put(r.header("webhook-id"), new String(r.body())));
        return bodies;
    }

    private static io.restassured.response.ValidatableResponse replay(
            Api api, String subscription, String from, String to) {
        return api.request()
                .contentType("application/json")
                .body("{\"from\":\"" + from + "\",\"to\":\"" + to + "\"}")
                .post(api.base() + "/" + subscription + "/replay")
                .then();
    }
}
