package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.jobctl.recovery.OwnerLossDecisions;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static dev.taskgate.jobctl.StandInWorkers.newWorkerId;
import static dev.taskgate.jobctl.StandInWorkers.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * No outbox row larger than a record (docs/kafka.md "Record sizes"): the relay publishes rows in order, so one that
 * Kafka can never take would stop every record after it. With records of at most 6 KiB (4 KiB of sealed payload): a
 * submission whose work record would not fit is refused with nothing written, and so is an answer to a request for
 * input; a frontier that does not fit beside the
 * input is left out of the replacement; a reconciliation whose journal does not fit ends the execution instead of
 * being written; the end of a run goes without its outcome when the two would not fit; and a row Kafka refuses all the
 * same is noted and set aside while the relay goes on.
 */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class OutboxRecordSizeTest extends OwnerLossComponentTest {

    private static final String CONFIRM_REQUEST = "{\"method\":\"elicitation/create\",\"params\":{\"mode\":"
            + "\"form\",\"message\":\"Go?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":"
            + "{\"note\":{\"type\":\"string\"}}}}}";

    @Inject
    MeterRegistry registry;

    @Test
    void aSubmissionWhoseWorkRecordWouldNotFitIsRefusedAndCreatesNothing() {
        Caller caller = newCaller();
        String key = "key-" + UUID.randomUUID();

        CommandReply reply = fixture.send(submit(caller, key, "demo.echo", textInput(5_000)));

        assertThat(reply).isInstanceOf(Rejected.class);
        Rejected rejected = (Rejected) reply;
        assertThat(rejected.problem().status()).isEqualTo(413);
        assertThat(rejected.problem().type()).endsWith("/payload-too-large");
        assertThat(rejected.problem().detail()).contains("at most 4096 fit");
        assertThat(count(pool, "select count(*) from jobctl.receipt where receipt_key = $1", key))
                .as("no receipt, no execution")
                .isZero();

        // the same caller and key with an input that fits: created as usual
        assertThat(fixture.send(submit(caller, key, "demo.echo", textInput(1_000))))
                .isInstanceOf(Accepted.class);
    }

    @Test
    void anAnswerWhoseRecordWouldNotFitIsRefusedAndTheRequestStaysOutstanding() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = submitAndStart(caller, "demo.confirm", "{}", owner);
        fixture.report(new InputRequested(
                UUID.randomUUID(), Instant.now(), id, 1, owner, Map.of("confirm", json(CONFIRM_REQUEST))));
        String key = await().atMost(WAIT)
                .until(() -> snapshot(caller, id), s -> s.status() == ExecutionStatus.INPUT_REQUIRED)
                .inputRequests()
                .keySet()
                .iterator()
                .next();

        CommandReply large = fixture.send(answer(caller, id, key, "n".repeat(5_000)));

        assertThat(large).isInstanceOf(Rejected.class);
        assertThat(((Rejected) large).problem().status()).isEqualTo(413);
        assertThat(((Rejected) large).problem().detail())
                .startsWith("The response is too large to deliver")
                .contains("at most 4096 fit");
        assertThat(snapshot(caller, id).inputRequests()).as("still outstanding").containsOnlyKeys(key);

        assertThat(fixture.send(answer(caller, id, key, "ok"))).isInstanceOf(Accepted.class);
        awaitStatus(caller, id, ExecutionStatus.WORKING);
    }

    @Test
    void aFrontierThatDoesNotFitBesideTheInputIsLeftOutAndTheReplacementStartsFromTheBeginning() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = submitAndStart(caller, "demo.echo", textInput(1_000), owner);
        fixture.report(new CheckpointSaved(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                owner,
                1,
                "rev-1",
                "{\"next\":\"" + "f".repeat(2_000) + "\"}"));
        await().atMost(WAIT)
                .until(() -> count(pool, "select count(*) from jobctl.frontier_checkpoint where execution_id = $1", id)
                        == 1);

        RunOperation replacement;
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            replacement = work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
        }

        assertThat(replacement.epoch()).isEqualTo(2);
        assertThat(replacement.checkpoint()).isNull();
        assertThat(awaitStatus(caller, id, ExecutionStatus.QUEUED).statusMessage())
                .contains("; checkpoint 1 is too large to send with its input (")
                .endsWith("; attempt 2 starts from the beginning.");
    }

    @Test
    void aReconciliationWhoseJournalDoesNotFitEndsTheExecutionInsteadOfBeingWritten() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = submitAndStart(caller, TestOperations.MUTATION, "{\"x\":1}", owner);
        // 40 files: about 7 KB of plan, over 4 KiB sealed beside the input
        String[] paths = new String[40];
        Arrays.setAll(paths, i -> "src/file-" + i + ".txt");
        JournalEntry plan = JournalCommitFlowTest.plan("big", paths);
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(JournalCommitFlowTest.request(id, 1, owner, plan));
            JournalCommitFlowTest.awaitSignal(control, CommitGranted.class, id);
        }

        clock.advance(PAST_TIMEOUT);

        awaitStatus(caller, id, ExecutionStatus.FAILED);
        var error = WorkerReportFlowTest.outcome(caller, id).error();
        assertThat(error.code()).isEqualTo(OwnerLossDecisions.OWNER_LOST);
        assertThat(error.message())
                .startsWith("owner lost; not re-run (its work record would be ")
                .endsWith(" bytes, at most 4096 fit)");
    }

    @Test
    void theEndOfARunGoesWithoutItsOutcomeWhenTheRecordWouldNotFitWithIt() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID failedLong = submitAndStart(caller, "demo.echo", "{\"a\":1}", owner);
        UUID failedShort = submitAndStart(caller, "demo.echo", "{\"a\":2}", owner);
        ExecutionChanged longEnd;
        ExecutionChanged shortEnd;
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.report(failed(failedLong, owner, "e".repeat(5_000)));
            fixture.report(failed(failedShort, owner, "short"));
            longEnd = awaitEnd(lifecycle, failedLong);
            shortEnd = awaitEnd(lifecycle, failedShort);
        }

        assertThat(longEnd.outcome())
                .as("with a 5,000-character message the record would not fit: the end goes without it")
                .isNull();
        assertThat(shortEnd.outcome()).as("a small outcome is carried as ever").isNotNull();
        assertThat(WorkerReportFlowTest.outcome(caller, failedLong).error().message())
                .isEqualTo("e".repeat(5_000));
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.outbox_refused where record_key = $1",
                        failedLong.toString()))
                .isZero();
    }

    @Test
    void aRowKafkaRefusesForItsSizeIsNotedAndSetAsideAndTheRelayGoesOn() {
        double refusedBefore = registry.counter("taskgate.outbox.refused").count();
        UUID large = UUID.randomUUID();
        UUID after = UUID.randomUUID();
        // rows written directly: no writer of job-control's would write the first
        insertRow(large, 7_000);
        insertRow(after, 2);

        await().atMost(WAIT)
                .until(() -> count(pool, "select count(*) from jobctl.outbox where message_id = any($1)", (Object)
                                new UUID[] {large, after})
                        == 0);

        Row noted = pool.preparedQuery(
                        "select payload_bytes, reason, topic from jobctl.outbox_refused " + "where message_id = $1")
                .execute(Tuple.of(large))
                .await()
                .atMost(WAIT)
                .iterator()
                .next();
        assertThat(noted.getInteger("payload_bytes")).isEqualTo(7_000);
        assertThat(noted.getString("reason")).as("the producer's reason").contains("max.request.size");
        assertThat(noted.getString("topic")).isEqualTo(topic(Topics.LIFECYCLE));
        assertThat(count(pool, "select count(*) from jobctl.outbox_refused where message_id = $1", after))
                .as("the row after it was published")
                .isZero();
        assertThat(registry.counter("taskgate.outbox.refused").count()).isEqualTo(refusedBefore + 1);
        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(registry.get("taskgate.outbox.refused.rows")
                                .gauge()
                                .value())
                        .as("the gauge sampled from the table, the same on every replica")
                        .isEqualTo(count(pool, "select count(*) from jobctl.outbox_refused")));
    }

    private UUID submitAndStart(Caller caller, String tool, String input, String owner) {
        UUID id = ((Accepted) fixture.send(submit(caller, "key-" + UUID.randomUUID(), tool, input))).executionId();
        workers.heartbeat(owner);
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        return id;
    }

    private static ProvideInput answer(Caller caller, UUID id, String key, String note) {
        return InputRequiredFlowTest.provide(
                caller, id, Map.of(key, "{\"action\":\"accept\",\"content\":{\"note\":\"" + note + "\"}}"));
    }

    private static Failed failed(UUID id, String owner, String message) {
        return new Failed(UUID.randomUUID(), Instant.now(), id, 1, owner, "tool_failed", message);
    }

    private static ExecutionChanged awaitEnd(TopicWatcher lifecycle, UUID id) {
        return lifecycle.await(
                ExecutionChanged.class, c -> c.executionId().equals(id) && c.state() == ExecutionStatus.FAILED, WAIT);
    }

    private static String textInput(int chars) {
        return "{\"text\":\"" + "i".repeat(chars) + "\"}";
    }

    // a JSON object of that many bytes
    private void insertRow(UUID messageId, int bytes) {
        JobControlFixture.insertOutboxRow(
                pool, messageId, bytes == 2 ? "{}" : "{\"pad\":\"" + "p".repeat(bytes - 10) + "\"}");
    }
}
