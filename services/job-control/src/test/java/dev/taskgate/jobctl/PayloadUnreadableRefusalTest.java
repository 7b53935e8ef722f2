package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A correctly signed record whose payload cannot be opened (docs/security.md "Payloads on Kafka") is refused like a
 * badly signed one: dead-lettered at once with the reason, counted, never applied — an altered ciphertext, a key id
 * job-control does not hold, a value sealed for another execution, and a plaintext value alike. The genuine record
 * after them is applied as usual.
 */
@QuarkusTest
class PayloadUnreadableRefusalTest {

    private static final String STRANGER_KEY =
            "stranger-1:" + Base64.getEncoder().encodeToString(new byte[32]);

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    RecordSealing sealing;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aFinishedWhoseResultCannotBeOpenedIsDeadLetteredAndTheRealResultCompletesTheExecution() throws Exception {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        String events = topic(Topics.WORKER_EVENTS);
        String key = id.toString();
        long refusedBefore = sealing.refused(events);

        ObjectNode tampered = sealedTree(finished(id, "{\"forged\":\"altered\"}"));
        flipFirstCiphertextByte((ObjectNode) tampered.get("result"));
        byte[] unknownKey = DevPayloadKeys.recordPayloads(List.of(STRANGER_KEY))
                .seal(eventBytes(finished(id, "{\"forged\":\"unknown key\"}")));
        // a genuine sealed result of another execution, moved into a record of this one
        ObjectNode moved = sealedTree(finished(id, "{\"forged\":\"moved\"}"));
        moved.set(
                "result",
                sealedTree(finished(UUID.randomUUID(), "{\"other\":true}")).get("result"));
        byte[] plaintext = eventBytes(finished(id, "{\"forged\":\"plaintext\"}"));

        try (TopicWatcher dlq = fixture.kafka.watch(events + ".dlq")) {
            fixture.kafka.sendRaw(events, key, Wire.toBytes(tampered));
            fixture.kafka.sendRaw(events, key, unknownKey);
            fixture.kafka.sendRaw(events, key, Wire.toBytes(moved));
            fixture.kafka.sendRaw(events, key, plaintext);

            List<ConsumerRecord<String, byte[]>> dead = awaitDeadLettered(dlq, key, 4);
            assertThat(dead)
                    .extracting(PayloadUnreadableRefusalTest::reason)
                    .satisfiesExactly(
                            r -> assertThat(r).contains("Finished.result", id.toString(), "authentication failed"),
                            r -> assertThat(r).contains("key id 'stranger-1'", "not configured"),
                            r -> assertThat(r).contains("Finished.result", "authentication failed"),
                            r -> assertThat(r).contains("not a sealed envelope"));
            assertThat(dead)
                    .extracting(r -> new String(r.value(), StandardCharsets.UTF_8))
                    .allSatisfy(value -> assertThat(value).doesNotContain("\"forged\":\"altered\""));
        }
        assertThat(sealing.refused(events)).isGreaterThanOrEqualTo(refusedBefore + 4);
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.WORKING);

        String real = "{\"content\":[{\"type\":\"text\",\"text\":\"the real one\"}],\"isError\":false}";
        fixture.report(finished(id, real));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.result()).isEqualTo(real);
    }

    @Test
    void aSubmissionWhoseInputCannotBeOpenedCreatesNothingAndIsNotAnswered() throws Exception {
        Caller caller = newCaller();
        String receiptKey = "key-" + UUID.randomUUID();
        SubmitExecution submission = submit(caller, receiptKey, "demo.echo", "{\"a\":1}");
        ObjectNode tampered = (ObjectNode) Wire.mapper().readTree(fixture.kafka.seal(Wire.toBytes(submission)));
        flipFirstCiphertextByte((ObjectNode) tampered.get("input"));
        String commands = topic(Topics.COMMANDS);
        String key = JobControlFixture.key(submission);
        try (TopicWatcher dlq = fixture.kafka.watch(commands + ".dlq");
                TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            fixture.kafka.sendRaw(commands, key, Wire.toBytes(tampered));

            assertThat(awaitDeadLettered(dlq, key, 1))
                    .extracting(PayloadUnreadableRefusalTest::reason)
                    .singleElement()
                    .satisfies(r -> assertThat(r).contains("SubmitExecution.input", "authentication failed"));
            assertThat(replies.drainToEnd())
                    .map(r -> Wire.fromBytes(r.value(), CommandReply.class).correlationId())
                    .doesNotContain(submission.messageId());
        }
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", caller.principal()))
                .isZero();

        // the receipt key is still free for the genuine submission
        Accepted genuine = (Accepted) fixture.send(submit(caller, receiptKey, "demo.echo", "{\"a\":1}"));
        assertThat(genuine.created()).isTrue();
    }

    private static Finished finished(UUID id, String result) {
        return new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result);
    }

    private static byte[] eventBytes(Finished event) throws Exception {
        return Wire.mapper().writerFor(WorkerEvent.class).writeValueAsBytes(event);
    }

    private static ObjectNode sealedTree(Finished event) throws Exception {
        return (ObjectNode) Wire.mapper().readTree(fixture.kafka.seal(eventBytes(event)));
    }

    private static void flipFirstCiphertextByte(ObjectNode envelope) {
        byte[] ciphertext =
                Base64.getUrlDecoder().decode(envelope.get("ciphertext").asText());
        ciphertext[0] ^= 1;
        envelope.put("ciphertext", Base64.getUrlEncoder().withoutPadding().encodeToString(ciphertext));
    }

    private static String reason(ConsumerRecord<String, byte[]> r) {
        return new String(r.headers().lastHeader(MessageHeaders.DLQ_REASON).value(), StandardCharsets.UTF_8);
    }

    private static List<ConsumerRecord<String, byte[]>> awaitDeadLettered(TopicWatcher dlq, String key, int n) {
        return await().atMost(WAIT)
                .until(
                        () -> dlq.drain(Duration.ofMillis(200)).stream()
                                .filter(r -> key.equals(r.key()))
                                .toList(),
                        records -> records.size() >= n);
    }
}
