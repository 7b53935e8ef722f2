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

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.jobctl.report.ReportScope;
import dev.taskgate.jobctl.report.WorkerReportService;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Reports applied together in one transaction, and what happens when that transaction fails. */
@QuarkusTest
class WorkerReportBatchTest {

    private static final ReportScope AS_IS = (index, handling) -> handling.get();

    private static final String REFUSING_CONSTRAINT = "worker_report_batch_test_refuses";

    private static JobControlFixture fixture;

    @Inject
    WorkerReportService reports;

    @Inject
    MeterRegistry registry;

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
    void aReportSeesWhatTheReportsBeforeItInItsTransactionChanged() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();

        boolean outboxWritten = reports.applyAll(List.of(started(id, 1), finished(id, "{\"content\":[]}")), AS_IS)
                .await()
                .atMost(WAIT);

        assertThat(outboxWritten).isTrue();
        assertThat(snapshot(caller, id).status()).isEqualTo(ExecutionStatus.COMPLETED);
    }

    @Test
    void oneFailingReportRollsBackEveryReportOfItsTransaction() {
        Caller caller = newCaller();
        UUID first = fixture.submitNew(caller).executionId();
        UUID second = fixture.submitNew(caller).executionId();
        ReportScope secondFails = (index, handling) -> index == 1
                ? Uni.createFrom().failure(new IllegalStateException("second report fails"))
                : handling.get();

        assertThatThrownBy(() -> reports.applyAll(List.of(started(first, 1), started(second, 1)), secondFails)
                        .await()
                        .atMost(WAIT))
                .hasMessageContaining("second report fails");

        assertThat(snapshot(caller, first).status()).isEqualTo(ExecutionStatus.QUEUED);
        assertThat(snapshot(caller, second).status()).isEqualTo(ExecutionStatus.QUEUED);
    }

    @Test
    void theReportsOfOnePollShareOneTransaction() {
        Caller caller = newCaller();
        UUID first = fixture.submitNew(caller).executionId();
        UUID second = fixture.submitNew(caller).executionId();
        DistributionSummary perTransaction =
                registry.get("taskgate.worker.reports.per.transaction").summary();
        long transactionsBefore = perTransaction.count();
        double reportsBefore = perTransaction.totalAmount();

        fixture.kafka.sendTogether(
                topic(Topics.WORKER_EVENTS),
                first.toString(),
                List.of(
                        started(first, 1),
                        started(second, 1),
                        finished(first, "{\"content\":[]}"),
                        finished(second, "{\"content\":[]}")));

        awaitStatus(caller, first, ExecutionStatus.COMPLETED);
        awaitStatus(caller, second, ExecutionStatus.COMPLETED);
        await().atMost(WAIT).until(() -> perTransaction.totalAmount() - reportsBefore >= 4);
        assertThat(perTransaction.count() - transactionsBefore).isEqualTo(1);
    }

    /**
     * A report that fails on its own — PostgreSQL refuses its status message, by a constraint this test adds — in one
     * poll with good ones: their transaction fails, they are applied again one by one, and only the failing one is
     * dead-lettered.
     */
    @Test
    void aReportThatFailsAloneIsDeadLetteredAndTheReportsAroundItAreApplied() {
        Caller caller = newCaller();
        UUID poisoned = fixture.submitNew(caller).executionId();
        UUID other = fixture.submitNew(caller).executionId();
        String refused = "refused " + UUID.randomUUID();
        Progress poison = new Progress(UUID.randomUUID(), Instant.now(), poisoned, 1, "worker-test", 1, 2.0, refused);
        // not valid: checked for rows written from now on only, so the constraint cannot fail on existing data
        sql("alter table jobctl.execution add constraint " + REFUSING_CONSTRAINT
                + " check (status_message is distinct from '" + refused + "') not valid");
        try (TopicWatcher dlq = fixture.kafka.watch(topic(Topics.WORKER_EVENTS + ".dlq"))) {
            // one record batch (one key, one partition): the consumer reads the four in one poll
            fixture.kafka.sendTogether(
                    topic(Topics.WORKER_EVENTS),
                    poisoned.toString(),
                    List.of(started(poisoned, 1), poison, started(other, 1), finished(poisoned, "{\"content\":[]}")));

            ConsumerRecord<String, byte[]> dead = await().atMost(WAIT)
                    .until(
                            () -> dlq.drain(Duration.ofMillis(200)).stream()
                                    .filter(r -> poisoned.toString().equals(r.key()))
                                    .findFirst(),
                            java.util.Optional::isPresent)
                    .orElseThrow();
            // PostgreSQL's refusal: the report that failed, not one of the others
            assertThat(new String(
                            dead.headers().lastHeader(MessageHeaders.DLQ_REASON).value(), StandardCharsets.UTF_8))
                    .contains(REFUSING_CONSTRAINT);
        } finally {
            sql("alter table jobctl.execution drop constraint " + REFUSING_CONSTRAINT);
        }
        awaitStatus(caller, poisoned, ExecutionStatus.COMPLETED);
        awaitStatus(caller, other, ExecutionStatus.WORKING);
    }

    private void sql(String statement) {
        pool.query(statement).execute().await().atMost(WAIT);
    }

    private static Finished finished(UUID id, String result) {
        return new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result);
    }
}
