package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Commands over the real broker, with the test playing job-control: create → 202, a replayed receipt →
 * {@code Idempotent-Replayed}, a rejection → its problem; cancel → 202 or the uniform 404.
 */
@QuarkusTest
class ToolExecutionCreateAcceptedTest {
    @TestHTTPResource("/")
    URI base;

    /** The management interface's root, {@code /q/}. */
    @TestHTTPResource(value = "/", management = true)
    URI management;

    @Inject
    ExecutionHandles handles;

    private JobControlResponder jobControl;

    @AfterEach
    void stopJobControl() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void metricsAreServedOnTheManagementInterfaceOnly() {
        Api.at(base).get("/v1/orgs/acme/projects/demo/tool-executions/unknown");

        Api.Result metrics = Api.at(management).get("metrics");

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.text())
                .contains("http_server_requests_seconds_count")
                .contains("jvm_memory_used_bytes");
        assertThat(Api.at(base).get("/q/metrics").status()).isEqualTo(404);
    }

    @Test
    void theInstancesOneConsumerReportsItsLag() {
        // bound once the consumer exists; its fetch metrics appear with its first fetch
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(
                                Api.at(management).get("metrics").text())
                        .contains("kafka_consumer_fetch_manager_records_lag_max{client_id=\"mcp-frontend-instance\""));
        // one consumer reads replies, lifecycle and progress: none of the three of before is left
        assertThat(Api.at(management).get("metrics").text())
                .doesNotContain("client_id=\"mcp-frontend-command-replies\"")
                .doesNotContain("client_id=\"mcp-frontend-lifecycle\"")
                .doesNotContain("client_id=\"mcp-frontend-progress\"");
    }

    @Test
    void readinessIsUpOnceRepliesCanBeReceived() {
        Api.Result ready = Api.at(management).get("health/ready");

        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.json().path("status").asText()).isEqualTo("UP");
        assertThat(ready.text()).contains("command-replies");
        // health is on the management interface only, never on the public listener
        assertThat(management.getPort()).isNotEqualTo(base.getPort());
        assertThat(Api.at(base).get("/q/health/ready").status()).isEqualTo(404);
        assertThat(Api.at(base).get("/q/health/live").status()).isEqualTo(404);
    }

    @Test
    void createAnswers202WithTheExecutionAndPublishesTheSubmission() {
        UUID executionId = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, executionId, true, ExecutionStatus.QUEUED, "demo.echo"));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "create-1")
                .json("{\"tool_name\":\"demo.echo\",\"input\":{\"n\":0.10,\"s\":\"x\"}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.header("Idempotent-Replayed")).isNull();
        JsonNode body = response.json();
        String handle = handles.mint(executionId, Surface.REST, Fixtures.caller("alice"));
        assertThat(body.path("execution_id").asText()).isEqualTo(handle).startsWith("tgx_");
        assertThat(response.header("Location")).endsWith(Api.EXECUTIONS + "/" + handle);
        assertThat(body.path("tool_name").asText()).isEqualTo("demo.echo");
        assertThat(body.path("status").asText()).isEqualTo("queued");
        assertThat(Instant.parse(body.path("created_at").asText())).isEqualTo(Fixtures.CREATED);
        assertThat(Instant.parse(body.path("updated_at").asText())).isEqualTo(Fixtures.CREATED.plusSeconds(2));
        assertThat(body.has("execution_deadline")).isTrue();
        assertThat(body.has("retention_expires_at")).isTrue();
        assertThat(body.path("poll_interval_ms").asLong()).isEqualTo(500);
        assertThat(body.has("status_message")).isFalse();

        List<JobControlResponder.Received> received = jobControl.received();
        assertThat(received).hasSize(1);
        JobControlResponder.Received record = received.get(0);
        SubmitExecution submit = (SubmitExecution) record.command();
        assertThat(record.key()).isEqualTo(Fixtures.caller("alice").principal() + "\n" + "acme/demo");
        assertThat(record.messageTypeHeader()).isEqualTo("SubmitExecution");
        assertThat(record.messageIdHeader()).isEqualTo(submit.messageId().toString());
        assertThat(submit.caller()).isEqualTo(Fixtures.caller("alice"));
        assertThat(submit.surface()).isEqualTo(Surface.REST);
        assertThat(submit.receiptKey()).isEqualTo("create-1");
        assertThat(submit.toolName()).isEqualTo("demo.echo");
        assertThat(submit.input().path("s").asText()).isEqualTo("x");
        assertThat(submit.input().path("n").decimalValue()).isEqualByComparingTo("0.10");
    }

    @Test
    void replayedReceiptIsMarkedIdempotentReplayed() {
        UUID executionId = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, executionId, false, ExecutionStatus.WORKING, "demo.echo"));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "create-dup")
                .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        assertThat(response.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(response.json().path("execution_id").asText())
                .isEqualTo(handles.mint(executionId, Surface.REST, Fixtures.caller("alice")));
        assertThat(response.json().path("status").asText()).isEqualTo("working");
    }

    @Test
    void rejectedConflictBecomesA409Problem() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of(
                        "idempotency-conflict",
                        "Idempotency conflict",
                        409,
                        "Idempotency-Key 'create-conflict' was used for a different request.")));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "create-conflict")
                .json("{\"tool_name\":\"demo.echo\",\"input\":{\"changed\":true}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(409);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.problemSlug()).isEqualTo("idempotency-conflict");
        assertThat(response.json().path("detail").asText()).contains("create-conflict");
        assertThat(response.json().path("instance").asText()).isEqualTo(Api.EXECUTIONS);
    }

    @Test
    void cancelPublishesCancelExecutionKeyedByExecutionId() {
        UUID executionId = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, executionId, false, ExecutionStatus.CANCELLED, "demo.sleep"));
        String handle = handles.mint(executionId, Surface.REST, Fixtures.caller("alice"));

        Api.Result response =
                Api.at(base).bearer(Fixtures.aliceToken()).post(Api.EXECUTIONS + "/" + handle + "/cancel");

        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        assertThat(response.json().path("execution_id").asText()).isEqualTo(handle);
        assertThat(response.json().path("status").asText()).isEqualTo("cancelled");
        assertThat(response.json().has("stop_delivery"))
                .as("no stop was asked for")
                .isFalse();
        JobControlResponder.Received record = jobControl.received().get(0);
        assertThat(record.key()).isEqualTo(executionId.toString());
        assertThat(record.messageTypeHeader()).isEqualTo("CancelExecution");
        CancelExecution cancel = (CancelExecution) record.command();
        assertThat(cancel.executionId()).isEqualTo(executionId);
        assertThat(cancel.caller()).isEqualTo(Fixtures.caller("alice"));
    }

    @Test
    void cancelRejectedAsNotFoundGetsTheUniform404() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of("not-found", "Not found", 404, "execution 123 is not yours")));
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));

        Api.Result response =
                Api.at(base).bearer(Fixtures.aliceToken()).post(Api.EXECUTIONS + "/" + handle + "/cancel");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.problemSlug()).isEqualTo("not-found");
        assertThat(response.json().path("detail").asText()).doesNotContain("123");
    }

    @Test
    void cancelWithAHandleOfAnotherCallerPublishesNothing() {
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, UUID.randomUUID(), false, ExecutionStatus.CANCELLED, "demo.sleep"));
        String bobs = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("bob"));

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response =
                    Api.at(base).bearer(Fixtures.aliceToken()).post(Api.EXECUTIONS + "/" + bobs + "/cancel");

            assertThat(response.status()).isEqualTo(404);
            assertThat(commands.drainToEnd()).isEmpty();
        }
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void watcherSeesAPublishedCommand() {
        // Guards the "nothing published" assertions elsewhere: the same watcher does see a real submission.
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo"));
        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = Api.at(base)
                    .bearer(Tokens.forSubject("carol").sign())
                    .header("Idempotency-Key", "watched")
                    .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                    .post(Api.EXECUTIONS);

            assertThat(response.status()).isEqualTo(202);
            assertThat(commands.drainToEnd()).hasSize(1);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> jobControl.received().size() == 1);
    }
}
