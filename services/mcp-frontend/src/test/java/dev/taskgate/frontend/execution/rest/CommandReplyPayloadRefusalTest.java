package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A command reply whose input requests do not open with the frontend's payload ring (docs/security.md "Payloads on
 * Kafka") is dropped, never applied: the waiting call ends as if the reply were lost (503 after the one-second
 * command timeout), while the same reply sealed with the ring is answered.
 */
@QuarkusTest
@TestProfile(CommandTimeoutTest.ShortTimeoutNoJobControl.class)
class CommandReplyPayloadRefusalTest {
    private static final String STRANGER_KEY =
            "stranger-1:" + Base64.getEncoder().encodeToString(new byte[32]);

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

    @Test
    void aReplyWhoseInputRequestsDoNotOpenIsDroppedAndTheSameReplySealedWithTheRingIsApplied() {
        UUID id = UUID.randomUUID();
        AtomicReference<KafkaTestClient> sealer = new AtomicReference<>();
        try (KafkaTestClient stranger = KafkaTestClient.connect(Map.of(), List.of(STRANGER_KEY));
                KafkaTestClient ring = KafkaTestClient.connect();
                JobControlResponder jobControl = JobControlResponder.answering(c -> {
                    ObjectNode reply = Wire.mapper()
                            .valueToTree(
                                    Fixtures.accepted(c, id, false, ExecutionStatus.INPUT_REQUIRED, "demo.confirm"));
                    ((ObjectNode) reply.get("execution"))
                            .set(
                                    "inputRequests",
                                    Wire.fromBytes(
                                            ("{\"ir_next\":{\"method\":\"elicitation/create\","
                                                            + "\"params\":{\"message\":\"Really?\"}}}")
                                                    .getBytes(StandardCharsets.UTF_8),
                                            JsonNode.class));
                    KafkaTestClient client = sealer.get();
                    client.sendRaw(JobControlResponder.REPLIES, c.replyTo(), client.seal(Wire.toBytes(reply)));
                    return null;
                })) {
            String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

            sealer.set(stranger);
            Api.Result refused = answer(handle);
            sealer.set(ring);
            Api.Result applied = answer(handle);

            assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
            assertThat(refused.problemSlug()).isEqualTo("unavailable");
            assertThat(applied.status()).as(applied.toString()).isEqualTo(200);
            assertThat(jobControl.received()).hasSize(2);
        }
    }

    private Api.Result answer(String handle) {
        return Api.at(base)
                .bearer(Fixtures.aliceToken())
                .json(
                        "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}}")
                .post(Api.EXECUTIONS + "/" + handle + "/input");
    }
}
