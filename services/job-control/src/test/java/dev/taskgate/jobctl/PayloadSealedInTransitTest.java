package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A submission's input never waits in the outbox or travels on the work topic in plaintext (docs/security.md
 * "Payloads on Kafka"): the outbox row of its {@code RunOperation}, read while the relay is held, and the record the
 * relay then publishes hold only the sealed input, which opens to exactly what was submitted. A command reply shows
 * the outstanding input requests only sealed.
 */
@QuarkusTest
class PayloadSealedInTransitTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void theInputIsSealedInTheOutboxRowAndInTheWorkRecord() {
        String marker = "jc-input-" + UUID.randomUUID();
        String input = "{\"text\":\"" + marker + "\",\"n\":0.10}";
        Caller caller = newCaller();
        UUID id;
        List<byte[]> rows;
        List<byte[]> runRows;
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            // hold the relay's pass lock: the outbox row stays until this transaction ends
            SqlConnection blocker = pool.getConnection().await().atMost(WAIT);
            try {
                Transaction tx = blocker.begin().await().atMost(WAIT);
                blocker.query("select pg_advisory_xact_lock(hashtext('jobctl.outbox-relay'))")
                        .execute()
                        .await()
                        .atMost(WAIT);
                Accepted accepted =
                        (Accepted) fixture.send(submit(caller, "key-" + UUID.randomUUID(), "demo.echo", input));
                id = accepted.executionId();
                rows = outboxPayloads(id, "%");
                runRows = outboxPayloads(id, "RunOperation");
                tx.rollback().await().atMost(WAIT);
            } finally {
                blocker.close().await().atMost(WAIT);
            }

            assertThat(rows).isNotEmpty();
            assertThat(rows)
                    .allSatisfy(row ->
                            assertThat(new String(row, StandardCharsets.UTF_8)).doesNotContain(marker));
            assertThat(runRows).hasSize(1);
            RunOperation stored = Wire.fromBytes(DevPayloadKeys.opened(runRows.get(0)), RunOperation.class);
            assertThat(stored.executionId()).isEqualTo(id);
            assertThat(stored.input()).isEqualTo(json(input));

            RunOperation published =
                    work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
            assertThat(published.input()).isEqualTo(json(input));
            List<ConsumerRecord<String, byte[]>> raw = new ArrayList<>(work.drainToEnd());
            raw.removeIf(r -> !id.toString().equals(r.key()));
            assertThat(raw).isNotEmpty();
            assertThat(raw).allSatisfy(r -> {
                String value = new String(r.value(), StandardCharsets.UTF_8);
                assertThat(value).doesNotContain(marker).contains("\"ciphertext\"");
            });
        }
        await().atMost(WAIT)
                .until(() ->
                        count(pool, "select count(*) from jobctl.outbox where record_key = $1", id.toString()) == 0);
    }

    @Test
    void theOutstandingInputRequestsOfACommandReplyAreSealed() {
        String marker = "jc-request-" + UUID.randomUUID();
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(new InputRequested(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                "worker-test",
                Map.of(
                        "ask",
                        json("{\"method\":\"elicitation/create\",\"params\":{\"message\":\"" + marker + "\"}}"))));
        awaitStatus(caller, id, ExecutionStatus.INPUT_REQUIRED);
        // an answer under an unknown key is ignored: the reply shows the request still outstanding
        ProvideInput stale = new ProvideInput(
                UUID.randomUUID(),
                Instant.now(),
                JobControlFixture.REPLY_TO,
                id,
                caller,
                Map.of("ir_unknown", json("{\"action\":\"cancel\"}")));
        try (TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            fixture.sendOnly(stale);

            Accepted reply = (Accepted)
                    replies.await(CommandReply.class, r -> r.correlationId().equals(stale.messageId()), WAIT);
            assertThat(reply.execution().inputRequests().values())
                    .singleElement()
                    .satisfies(request ->
                            assertThat(request.at("/params/message").asText()).isEqualTo(marker));
            List<String> raw = replies.drainToEnd().stream()
                    .map(r -> new String(r.value(), StandardCharsets.UTF_8))
                    .filter(value -> value.contains(stale.messageId().toString()))
                    .toList();
            assertThat(raw)
                    .singleElement()
                    .satisfies(value -> assertThat(value).doesNotContain(marker).contains("\"ciphertext\""));
        }
    }

    /** The payloads of the outbox rows keyed by the execution whose message type is like {@code type}. */
    private List<byte[]> outboxPayloads(UUID id, String type) {
        return pool.preparedQuery(
                        "select payload from jobctl.outbox where record_key = $1 and message_type like $2 order by id")
                .execute(Tuple.of(id.toString(), type))
                .map(rows -> {
                    List<byte[]> payloads = new ArrayList<>();
                    for (Row row : rows) {
                        payloads.add(row.getBuffer("payload").getBytes());
                    }
                    return payloads;
                })
                .await()
                .atMost(WAIT);
    }
}
