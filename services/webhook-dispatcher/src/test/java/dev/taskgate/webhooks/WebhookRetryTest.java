package dev.taskgate.webhooks;

import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.PrometheusText;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Lifecycle;
import dev.taskgate.webhooks.support.Receiver;
import dev.taskgate.webhooks.support.Verifier;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Retries and their classification with the test schedule (4 attempts, 300 ms apart, request timeout 2 s,
 * disabled after 4 consecutive failures): same webhook-id on every attempt, 4xx and 410 not retried, 410 and a
 * failure streak disable the subscription with a reason, replay after re-enabling.
 */
@QuarkusTest
class WebhookRetryTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @TestHTTPResource(value = "metrics", management = true)
    URL metrics;

    @Test
    void serverErrorThenTimeoutThenSuccessIsRetriedWithTheSameWebhookId() {
        Api api = Api.freshProject();
        double retriesBefore = attempts("retry");
        double deliveredBefore = attempts("delivered");
        try (Receiver receiver = Receiver.start().script(500, Receiver.HANG)) {
            var created = api.create(receiver.url());
            String secret = created.path("secret");
            String subscription = created.path("id");
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));

            await().atMost(WAIT).until(() -> "delivered".equals(api.deliveryField(subscription, "status")));
            List<Receiver.Request> requests = receiver.requests();
            assertThat(requests).hasSize(3);
            assertThat(requests)
                    .allSatisfy(r -> assertThat(Verifier.verifies(r, secret)).isTrue());
            assertThat(requests)
                    .extracting(r -> r.header("webhook-id"))
                    .containsOnly(requests.get(0).header("webhook-id"));
            assertThat(requests)
                    .extracting(r -> new String(r.body()))
                    .containsOnly(new String(requests.get(0).body()));

            String delivery = api.deliveryField(subscription, "id");
            Response detail = api.delivery(subscription, delivery);
            detail.then().statusCode(200);
            List<Map<String, Object>> log = detail.path("attempt_log");
            assertThat(log).extracting(a -> a.get("outcome")).containsExactly("retry", "retry", "delivered");
            assertThat(log.get(0).get("status_code")).isEqualTo(500);
            assertThat((String) log.get(1).get("error")).startsWith("timeout");
            assertThat(log.get(2).get("status_code")).isEqualTo(200);
            assertThat(api.request().get(api.base() + "/" + subscription).<String>path("status"))
                    .isEqualTo("active");
            // counted once each attempt is recorded (other tests' deliveries may add to the same counters)
            await().atMost(WAIT).until(() -> attempts("retry") - retriesBefore >= 2);
            await().atMost(WAIT).until(() -> attempts("delivered") - deliveredBefore >= 1);
        }
    }

    /** Delivery attempts of this outcome counted on the management interface's metrics endpoint. */
    private double attempts(String outcome) {
        String scraped = given().get(metrics).then().statusCode(200).extract().asString();
        return PrometheusText.value(scraped, "taskgate_webhooks_attempts_seconds_count", Map.of("outcome", outcome));
    }

    @Test
    void aReceiversRetryAfterPostponesTheNextAttempt() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start().script(503).retryAfter("2")) {
            String subscription = api.create(receiver.url()).path("id");
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().atMost(WAIT).until(() -> "delivered".equals(api.deliveryField(subscription, "status")));
            List<Receiver.Request> requests = receiver.requests();
            assertThat(requests).hasSize(2);
            // the test schedule alone would retry after 300 ms
            assertThat(Duration.between(requests.get(0).at(), requests.get(1).at()))
                    .isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        }
    }

    @Test
    void clientErrorIsNotRetriedAndLeavesTheSubscriptionActive() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start().script(400)) {
            String subscription = api.create(receiver.url()).path("id");
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.CANCELLED));
            await().atMost(WAIT).until(() -> "failed".equals(api.deliveryField(subscription, "status")));
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 1);
            assertThat(api.<Integer>deliveryField(subscription, "last_status_code"))
                    .isEqualTo(400);
            assertThat(api.request().get(api.base() + "/" + subscription).<String>path("status"))
                    .isEqualTo("active");
        }
    }

    @Test
    void goneIsNotRetriedAndDisablesTheSubscriptionWithAReason() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start().script(410)) {
            String subscription = api.create(receiver.url()).path("id");
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().atMost(WAIT)
                    .until(() -> "disabled"
                            .equals(api.request()
                                    .get(api.base() + "/" + subscription)
                                    .path("status")));
            assertThat(api.request().get(api.base() + "/" + subscription).<String>path("disabled_reason"))
                    .contains("410");
            assertThat(api.<String>deliveryField(subscription, "status")).isEqualTo("failed");
            // later signals are not sent to a disabled subscription
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.COMPLETED));
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 1);
        }
    }

    @Test
    void aFailureStreakDisablesTheSubscriptionAndReplayAfterEnablingDelivers() {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start().script(500, 503, 502, 500)) {
            var created = api.create(receiver.url());
            String secret = created.path("secret");
            String subscription = created.path("id");
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.FAILED));

            await().atMost(WAIT)
                    .until(() -> "disabled"
                            .equals(api.request()
                                    .get(api.base() + "/" + subscription)
                                    .path("status")));
            assertThat(api.request().get(api.base() + "/" + subscription).<String>path("disabled_reason"))
                    .contains("4 consecutive delivery attempts failed")
                    .contains("HTTP 500");
            assertThat(api.<String>deliveryField(subscription, "status")).isEqualTo("failed");
            assertThat(api.<Integer>deliveryField(subscription, "attempts")).isEqualTo(4);
            String failed = api.deliveryField(subscription, "id");

            // replay is refused while disabled, accepted after enabling, and keeps the webhook-id
            api.request()
                    .post(api.base() + "/" + subscription + "/deliveries/" + failed + "/replay")
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json");
            api.request()
                    .post(api.base() + "/" + subscription + "/enable")
                    .then()
                    .statusCode(200)
                    .body("status", org.hamcrest.Matchers.equalTo("active"));
            String replay = api.request()
                    .post(api.base() + "/" + subscription + "/deliveries/" + failed + "/replay")
                    .then()
                    .statusCode(202)
                    .extract()
                    .path("id");
            await().atMost(WAIT)
                    .until(() -> "delivered"
                            .equals(api.delivery(subscription, replay).path("status")));
            List<Receiver.Request> requests = receiver.requests();
            assertThat(requests).hasSize(5);
            assertThat(requests)
                    .allSatisfy(r -> assertThat(Verifier.verifies(r, secret)).isTrue());
            assertThat(requests)
                    .extracting(r -> r.header("webhook-id"))
                    .containsOnly(requests.get(0).header("webhook-id"));
            assertThat(api.delivery(subscription, replay).<String>path("replay_of"))
                    .isEqualTo(failed);
        }
    }
}
