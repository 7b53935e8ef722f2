package dev.taskgate.webhooks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Lifecycle;
import dev.taskgate.webhooks.support.Receiver;
import dev.taskgate.webhooks.support.Verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Lifecycle records from Kafka become signed, thin deliveries: one per signalled change, none for queued/working,
 * none twice for a redelivered record, nothing for another project.
 */
@QuarkusTest
class WebhookDeliverySignedTest {
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
    void completedChangeIsDeliveredOnceSignedAndThin() throws Exception {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            var created = api.create(receiver.url());
            String secret = created.path("secret");
            String subscription = created.path("id");
            UUID execution = UUID.randomUUID();
            ExecutionChanged completed = Lifecycle.change(api, execution, ExecutionStatus.COMPLETED);
            Lifecycle.send(kafka, completed);

            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            Receiver.Request request = receiver.requests().get(0);
            assertThat(Verifier.verifies(request, secret)).isTrue();
            assertThat(request.header("content-type")).startsWith("application/json");
            assertThat(request.header("webhook-id")).startsWith("msg_");
            assertThat(Long.parseLong(request.header("webhook-timestamp")))
                    .isBetween(
                            Instant.now().getEpochSecond() - 60, Instant.now().getEpochSecond() + 1);
            JsonNode body = Wire.mapper().readTree(request.body());
            assertThat(body.get("type").asText()).isEqualTo("tool.execution.lifecycle");
            assertThat(Instant.parse(body.get("timestamp").asText())).isEqualTo(completed.updatedAt());
            // the public handle the caller got, not job-control's internal id
            assertThat(body.at("/data/execution_id").asText())
                    .isEqualTo(Lifecycle.handle(api, execution, Surface.REST))
                    .isNotEqualTo(execution.toString());
            assertThat(body.at("/data/state").asText()).isEqualTo("completed");
            assertThat(body.at("/data/summary").asText()).isEqualTo("completed");
            assertThat(body.get("data").size()).isEqualTo(5);

            // the same record again (a Kafka redelivery) makes no second delivery
            Lifecycle.send(kafka, completed);
            await().during(Duration.ofSeconds(2))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 1
                            && api.deliveries(subscription).size() == 1);
            List<?> deliveries = api.deliveries(subscription);
            assertThat(api.<String>deliveryField(subscription, "status")).isEqualTo("delivered");
            assertThat(deliveries).hasSize(1);
        }
    }

    @Test
    void executionIdIsTheHandleOfTheExecutionsSurfaceAndPrincipal() throws Exception {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            api.create(receiver.url()).then().statusCode(201);
            UUID execution = UUID.randomUUID();
            Lifecycle.send(
                    kafka,
                    Lifecycle.change(
                            api,
                            execution,
                            ExecutionStatus.CANCELLED,
                            "https://taskgate.local/dev alice",
                            Surface.MCP_2025));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            String handle = Wire.mapper()
                    .readTree(receiver.requests().get(0).body())
                    .at("/data/execution_id")
                    .asText();
            assertThat(handle).isEqualTo(Lifecycle.handle(api, execution, Surface.MCP_2025));
            assertThat(Lifecycle.HANDLES.verify(
                            handle,
                            Surface.MCP_2025,
                            new Caller("https://taskgate.local/dev", "alice", api.org, api.project)))
                    .contains(execution);
            assertThat(Lifecycle.HANDLES.verify(
                            handle,
                            Surface.MCP_2025,
                            new Caller("https://taskgate.local/dev", "bob", api.org, api.project)))
                    .isEmpty();
        }
    }

    @Test
    void recordWithoutPrincipalOrSurfaceIsSkippedAndLaterRecordsStillFlow() throws Exception {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            String subscription = api.create(receiver.url()).path("id");
            UUID execution = UUID.randomUUID();
            // an older job-control's record: no principal, no surface → no handle → not signalled
            Lifecycle.send(kafka, Lifecycle.change(api, execution, ExecutionStatus.COMPLETED, null, null));
            // same key, same partition: once this one is delivered, the one before it was handled
            Lifecycle.send(kafka, Lifecycle.change(api, execution, ExecutionStatus.FAILED));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 1
                            && api.deliveries(subscription).size() == 1);
            JsonNode body = Wire.mapper().readTree(receiver.requests().get(0).body());
            assertThat(body.at("/data/state").asText()).isEqualTo("failed");
            assertThat(body.at("/data/execution_id").asText())
                    .isEqualTo(Lifecycle.handle(api, execution, Surface.REST));
            // the deliveries API names the execution by the same public handle, never by the internal id
            assertThat(api.<String>deliveryField(subscription, "execution_id"))
                    .isEqualTo(Lifecycle.handle(api, execution, Surface.REST));
        }
    }

    @Test
    void queuedAndWorkingChangesDeliverNothing() throws Exception {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            String secret = api.create(receiver.url()).path("secret");
            UUID execution = UUID.randomUUID();
            Lifecycle.send(kafka, Lifecycle.change(api, execution, ExecutionStatus.QUEUED));
            Lifecycle.send(kafka, Lifecycle.change(api, execution, ExecutionStatus.WORKING));
            // same key, same partition: once the input_required marker arrives, the two before it were handled
            Lifecycle.send(kafka, Lifecycle.change(api, execution, ExecutionStatus.INPUT_REQUIRED));
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> receiver.requests().size() == 1);
            Receiver.Request only = receiver.requests().get(0);
            assertThat(Verifier.verifies(only, secret)).isTrue();
            assertThat(Wire.mapper().readTree(only.body()).at("/data/state").asText())
                    .isEqualTo("input_required");
        }
    }

    @Test
    void everySubscriptionOfTheProjectGetsItsOwnDeliveryAndOtherProjectsNone() {
        Api api = Api.freshProject();
        Api other = Api.freshProject();
        try (Receiver first = Receiver.start();
                Receiver second = Receiver.start();
                Receiver stranger = Receiver.start()) {
            String s1 = api.create(first.url()).path("secret");
            String s2 = api.create(second.url()).path("secret");
            other.create(stranger.url()).then().statusCode(201);
            Lifecycle.send(kafka, Lifecycle.change(api, UUID.randomUUID(), ExecutionStatus.FAILED));
            await().atMost(WAIT)
                    .until(() ->
                            first.requests().size() == 1 && second.requests().size() == 1);
            assertThat(Verifier.verifies(first.requests().get(0), s1)).isTrue();
            assertThat(Verifier.verifies(second.requests().get(0), s2)).isTrue();
            assertThat(Verifier.verifies(first.requests().get(0), s2))
                    .as("secrets are per endpoint")
                    .isFalse();
            assertThat(first.requests().get(0).header("webhook-id"))
                    .isNotEqualTo(second.requests().get(0).header("webhook-id"));
            await().during(Duration.ofSeconds(1))
                    .atMost(WAIT)
                    .until(() -> stranger.requests().isEmpty());
        }
    }
}
