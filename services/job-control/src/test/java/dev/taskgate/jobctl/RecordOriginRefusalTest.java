package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.Signature;
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
 * job-control applies only records signed by the service that produces them (docs/security.md "Kafka"): a forged
 * record — unsigned, signed by the wrong service, or carrying a real signature of another record — is dead-lettered
 * at once (a heartbeat dropped), counted, and changes nothing; the real record after it is applied as usual.
 */
@QuarkusTest
class RecordOriginRefusalTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    RecordAuthentication authentication;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aForgedFinishedIsIgnoredAndTheRealResultCompletesTheExecution() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        String events = topic(Topics.WORKER_EVENTS);
        String key = id.toString();
        long refusedBefore = authentication.refused(events);

        Finished unsigned = finished(id, "{\"forged\":\"unsigned\"}");
        Finished byFrontend = finished(id, "{\"forged\":\"by the frontend\"}");
        Finished borrowed = finished(id, "{\"forged\":\"with another record's signature\"}");
        // a genuine worker-pool signature, made for another value under the same key
        String otherRecordsSignature = fixture.kafka.signature(
                KafkaTestClient.WORKER_POOL, events, key, Wire.toBytes(finished(id, "{\"other\":true}")));
        try (TopicWatcher dlq = fixture.kafka.watch(events + ".dlq")) {
            fixture.kafka.send(events, key, unsigned, Signature.none());
            fixture.kafka.send(events, key, byFrontend, Signature.as(KafkaTestClient.FRONTEND));
            fixture.kafka.send(events, key, borrowed, Signature.header(otherRecordsSignature));

            List<ConsumerRecord<String, byte[]>> dead = awaitDeadLettered(dlq, key, 3);
            assertThat(dead)
                    .extracting(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), Finished.class)
                            .messageId())
                    .containsExactly(unsigned.messageId(), byFrontend.messageId(), borrowed.messageId());
            assertThat(dead)
                    .extracting(r -> reason(r))
                    .containsExactly(
                            "no taskgate-signature header",
                            "signed by mcp-frontend; this topic takes records of worker-pool only",
                            "the signature does not verify");
        }
        assertThat(authentication.refused(events)).isGreaterThanOrEqualTo(refusedBefore + 3);
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.WORKING);

        String real = "{\"content\":[{\"type\":\"text\",\"text\":\"the real one\"}],\"isError\":false}";
        fixture.report(finished(id, real));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        ExecutionOutcome outcome = WorkerReportFlowTest.outcome(caller, id);
        assertThat(outcome.result()).isEqualTo(real);
    }

    @Test
    void anUnsignedSubmissionCreatesNothingAndIsNotAnswered() {
        Caller caller = newCaller();
        String receiptKey = "key-" + UUID.randomUUID();
        SubmitExecution unsigned = submit(caller, receiptKey, "demo.echo", "{\"a\":1}");
        SubmitExecution byWorker = submit(caller, receiptKey, "demo.echo", "{\"a\":1}");
        String commands = topic(Topics.COMMANDS);
        String key = JobControlFixture.key(unsigned);
        try (TopicWatcher dlq = fixture.kafka.watch(commands + ".dlq");
                TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            fixture.kafka.send(commands, key, unsigned, Signature.none());
            fixture.kafka.send(commands, key, byWorker, Signature.as(KafkaTestClient.WORKER_POOL));

            assertThat(awaitDeadLettered(dlq, key, 2))
                    .extracting(r -> reason(r))
                    .containsExactly(
                            "no taskgate-signature header",
                            "signed by worker-pool; this topic takes records of mcp-frontend only");
            // the consumer is past both records: a reply would have been sent before they were dead-lettered
            assertThat(replies.drainToEnd())
                    .map(r -> Wire.fromBytes(r.value(), CommandReply.class).correlationId())
                    .doesNotContain(unsigned.messageId(), byWorker.messageId());
        }
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", caller.principal()))
                .isZero();
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isZero();

        // the receipt key is still free for the frontend's own submission
        Accepted signed = (Accepted) fixture.send(submit(caller, receiptKey, "demo.echo", "{\"a\":1}"));
        assertThat(signed.created()).isTrue();
    }

    @Test
    void anUnsignedHeartbeatIsDroppedAndCounted() {
        String heartbeats = topic(Topics.WORKER_HEARTBEATS);
        long refusedBefore = authentication.refused(heartbeats);
        String worker = "forged-worker-" + UUID.randomUUID();

        fixture.kafka.send(
                heartbeats,
                worker,
                new WorkerHeartbeat(UUID.randomUUID(), Instant.now(), worker, List.of()),
                Signature.none());

        await().atMost(WAIT).until(() -> authentication.refused(heartbeats) > refusedBefore);
        assertThat(count(pool, "select count(*) from jobctl.worker_instance where worker_id = $1", worker))
                .isZero();
    }

    private static Finished finished(UUID id, String result) {
        return new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result);
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
