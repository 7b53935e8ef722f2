package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The frontend seals the payload members of its commands before it signs them (docs/security.md "Payloads on
 * Kafka"): the raw record on the commands topic holds neither a submission's input nor an answer in plaintext, and
 * opening it with the payload ring gives back exactly what the caller sent.
 */
@QuarkusTest
class ToolExecutionPayloadSealedTest {
    @TestHTTPResource("/")
    URI base;

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
    void theSubmittedInputTravelsSealedAndOpensToExactlyTheInputSent() throws Exception {
        String marker = "fe-input-" + UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo"));
        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = Api.at(base)
                    .bearer(Fixtures.aliceToken())
                    .header("Idempotency-Key", "sealed-" + UUID.randomUUID())
                    .json("{\"tool_name\":\"demo.echo\",\"input\":{\"text\":\"" + marker + "\",\"n\":0.10}}")
                    .post(Api.EXECUTIONS);
            assertThat(response.status()).as(response.toString()).isEqualTo(202);

            ConsumerRecord<String, byte[]> record = single(commands.drainToEnd());
            String raw = new String(record.value(), StandardCharsets.UTF_8);
            assertThat(raw).doesNotContain(marker).contains("\"ciphertext\"");
            JsonNode input = Wire.mapper().readTree(record.value()).get("input");
            assertThat(input.get("kid").asText())
                    .isEqualTo(DevPayloadKeys.PRIMARY.split(":")[0]);

            SubmitExecution opened = Wire.fromBytes(kafka.open(record.value()), SubmitExecution.class);
            assertThat(opened.input()).isEqualTo(Wire.mapper().readTree("{\"text\":\"" + marker + "\",\"n\":0.10}"));
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> jobControl.received().size() == 1);
        assertThat(jobControl.received().get(0).signed()).isTrue();
    }

    @Test
    void anAnswerTravelsSealedAndOpensToExactlyTheResponseSent() throws Exception {
        String marker = "fe-answer-" + UUID.randomUUID();
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.confirm"));
        String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));
        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = Api.at(base)
                    .bearer(Fixtures.aliceToken())
                    .json("{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"accept\",\"content\":{\"note\":\""
                            + marker + "\"}}}")
                    .post(Api.EXECUTIONS + "/" + handle + "/input");
            assertThat(response.status()).as(response.toString()).isEqualTo(200);

            ConsumerRecord<String, byte[]> record = single(commands.drainToEnd());
            assertThat(new String(record.value(), StandardCharsets.UTF_8))
                    .doesNotContain(marker)
                    .contains("\"ciphertext\"");

            ProvideInput opened = Wire.fromBytes(kafka.open(record.value()), ProvideInput.class);
            assertThat(opened.responses().get("ir_abc"))
                    .isEqualTo(Wire.mapper()
                            .readTree("{\"action\":\"accept\",\"content\":{\"note\":\"" + marker + "\"}}"));
        }
    }

    private static ConsumerRecord<String, byte[]> single(List<ConsumerRecord<String, byte[]>> records) {
        assertThat(records).hasSize(1);
        return records.get(0);
    }
}
