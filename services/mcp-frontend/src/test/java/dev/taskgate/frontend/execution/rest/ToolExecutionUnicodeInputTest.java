package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text the REST edge accepts: an unpaired UTF-16 surrogate escaped in the JSON ({@code "\ud800"}) is refused with a
 * 400 problem pointing at it, before anything is published; a well-formed pair passes untouched; and a huge
 * {@code tool_name} is not echoed back whole.
 */
@QuarkusTest
class ToolExecutionUnicodeInputTest {
    private static KafkaTestClient kafka;

    @TestHTTPResource("/")
    URI base;

    private JobControlResponder jobControl;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @AfterEach
    void stopJobControl() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"tool_name\":\"demo.echo\",\"input\":{\"s\":\"\\ud800\"}}|/input/s",
                "{\"tool_name\":\"demo.echo\",\"input\":{\"s\":\"a\\udc00b\"}}|/input/s",
                "{\"tool_name\":\"demo.echo\",\"input\":{\"list\":[\"ok\",\"\\ud83d\"]}}|/input/list/1",
                "{\"tool_name\":\"demo.\\ud800\",\"input\":{}}|/tool_name"
            })
    void anUnpairedSurrogateIsABadRequestPointingAtIt(String body, String pointer) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = Api.at(base)
                    .bearer(Fixtures.aliceToken())
                    .header("Idempotency-Key", "surrogate-" + UUID.randomUUID())
                    .json(body)
                    .post(Api.EXECUTIONS);

            assertThat(response.status()).as(response.toString()).isEqualTo(400);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.problemSlug()).isEqualTo("invalid-request");
            assertThat(response.json().at("/errors/0/pointer").asText()).isEqualTo(pointer);
            assertThat(response.json().path("detail").asText()).contains("surrogate");
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void anUnpairedSurrogateInAMemberNameIsMalformedJson() {
        // Jackson itself refuses to read such a member name
        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "surrogate-key-" + UUID.randomUUID())
                .json("{\"tool_name\":\"demo.echo\",\"input\":{\"\\udfff\":1}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.problemSlug()).isEqualTo("malformed-json");
    }

    @Test
    void aSurrogatePairIsOrdinaryText() {
        UUID executionId = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, executionId, true, ExecutionStatus.QUEUED, "demo.echo"));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "pair-" + UUID.randomUUID())
                .json("{\"tool_name\":\"demo.echo\",\"input\":{\"message\":\"\\ud83d\\ude00 丿\"}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.input().path("message").asText()).isEqualTo("😀 丿");
    }

    @Test
    void aHugeUnknownToolNameIsNotEchoedBack() {
        String name = "x".repeat(900 * 1024);
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = Api.at(base)
                    .bearer(Fixtures.aliceToken())
                    .header("Idempotency-Key", "huge-" + UUID.randomUUID())
                    .json("{\"tool_name\":\"" + name + "\",\"input\":{}}")
                    .post(Api.EXECUTIONS);

            assertThat(response.status()).as(response.problemSlug()).isEqualTo(422);
            assertThat(response.problemSlug()).isEqualTo("unknown-tool");
            assertThat(response.text().getBytes(StandardCharsets.UTF_8).length).isLessThan(2048);
            assertThat(response.json().path("detail").asText()).contains("x".repeat(100) + "…");
            assertThat(response.json().path("tool_name").asText()).hasSize(101);
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }
}
