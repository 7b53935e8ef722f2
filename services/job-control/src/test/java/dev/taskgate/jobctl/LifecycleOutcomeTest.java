package dev.taskgate.jobctl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lifecycle record of a run's end carries the outcome job-control's outcome read answers afterwards, sealed on the
 * wire; every other change, and an end whose result is over the bound (16 KiB by default), is a thin record.
 */
@QuarkusTest
class LifecycleOutcomeTest {
    private static final int DEFAULT_BOUND = 16_384;

    private static JobControlFixture fixture;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aCompletedRunsRecordCarriesTheOutcomeTheReadAnswersSealed() {
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"carried-7f3a h\\u00e9llo\"}],  \"isError\":false}";
        Ended ended = runToEnd(id -> new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));

        assertThat(ended.record.outcome())
                .as("the working record is thin, the end carries")
                .isNotNull();
        assertThat(ended.working.outcome()).isNull();
        assertThat(ended.carried()).isEqualTo(WorkerReportFlowTest.outcome(ended.caller, ended.id));
        assertThat(ended.carried().result()).isEqualTo(result);
        assertThat(ended.rawEnd)
                .as("sealed on the wire: neither the result nor its text in the record")
                .doesNotContain("carried-7f3a");
        assertThat(sealedOutcome(ended.rawEnd).has("ciphertext")).isTrue();
    }

    @Test
    void aFailedRunsRecordCarriesTheError() {
        Ended ended = runToEnd(id ->
                new Failed(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "operation_crashed", "It crashed."));

        ExecutionOutcome carried = ended.carried();
        assertThat(carried).isEqualTo(WorkerReportFlowTest.outcome(ended.caller, ended.id));
        assertThat(carried.error().code()).isEqualTo("operation_crashed");
        assertThat(carried.execution().status()).isEqualTo(ExecutionStatus.FAILED);
    }

    @Test
    void aStoppedRunsRecordCarriesTheCancelledStatus() {
        Ended ended = runToEnd(id -> new Stopped(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "stopped"));

        assertThat(ended.carried()).isEqualTo(WorkerReportFlowTest.outcome(ended.caller, ended.id));
        assertThat(ended.carried().execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
    }

    @Test
    void aResultOverTheBoundIsLeftToTheRead() {
        String text = "x".repeat(DEFAULT_BOUND);
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}";
        Ended ended = runToEnd(id -> new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));

        assertThat(ended.record.outcome()).isNull();
        assertThat(ended.record.state()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(WorkerReportFlowTest.outcome(ended.caller, ended.id).result())
                .isEqualTo(result);
    }

    /** A new execution started and ended by {@code end}; its working and end records, as read and as sent. */
    private static Ended runToEnd(Function<UUID, WorkerEvent> end) {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.report(started(id, 1));
            ExecutionChanged working = lifecycle.await(
                    ExecutionChanged.class,
                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.WORKING,
                    WAIT);
            WorkerEvent event = end.apply(id);
            fixture.report(event);
            ExecutionChanged record = lifecycle.await(
                    ExecutionChanged.class,
                    c -> c.executionId().equals(id) && c.state().isTerminal(),
                    WAIT);
            List<ConsumerRecord<String, byte[]>> sent = lifecycle.drainToEnd();
            String rawEnd = sent.stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .map(r -> new String(r.value(), StandardCharsets.UTF_8))
                    .filter(v -> v.contains("\"" + record.state().wireName() + "\""))
                    .reduce((first, second) -> second)
                    .orElseThrow();
            awaitStatus(caller, id, record.state());
            return new Ended(caller, id, working, record, rawEnd);
        }
    }

    private static JsonNode sealedOutcome(String raw) {
        try {
            return Wire.mapper().readTree(raw).get("outcome");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** An ended execution's records: {@code record} with its payload opened, {@code rawEnd} as sent. */
    private record Ended(Caller caller, UUID id, ExecutionChanged working, ExecutionChanged record, String rawEnd) {
        ExecutionOutcome carried() {
            try {
                return Wire.mapper().treeToValue(record.outcome(), ExecutionOutcome.class);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }
}
