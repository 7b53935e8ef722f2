package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.tracing.TraceContext;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.key;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox keeps the trace of the record whose handling wrote a row, and the relay publishes the row with it: the
 * records job-control publishes for a command or a worker report continue that record's trace, one span further on.
 */
@QuarkusTest
class OutboxTraceContextTest {

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
    void theWorkAndLifecycleRecordsOfASubmissionContinueTheCommandsTrace() {
        String trace = randomHex(32);
        String frontendSpan = randomHex(16);
        Caller caller = newCaller();
        SubmitExecution command = submit(caller, "k-trace", "demo.echo", "{}");
        try (TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES));
                TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK));
                TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.kafka.send(
                    topic(Topics.COMMANDS),
                    key(command),
                    command,
                    Map.of(TraceContext.TRACEPARENT, "00-" + trace + "-" + frontendSpan + "-01"));
            CommandReply reply =
                    replies.await(CommandReply.class, r -> r.correlationId().equals(command.messageId()), WAIT);
            UUID id = ((Accepted) reply).executionId();
            work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
            lifecycle.await(ExecutionChanged.class, c -> c.executionId().equals(id), WAIT);

            TraceContext onWork = traceOf(work, id);
            TraceContext onLifecycle = traceOf(lifecycle, id);
            TraceContext onReply = traceOf(replies, command.messageId());

            assertThat(onWork.traceId()).contains(trace);
            assertThat(onWork.spanId()).isPresent().get().isNotEqualTo(frontendSpan);
            assertThat(onWork.traceparent())
                    .as("no exporter is configured: the span is not sampled (TraceSampling)")
                    .endsWith("-00");
            assertThat(onLifecycle.traceparent())
                    .as("both rows were written in the handling of the command, in its span")
                    .isEqualTo(onWork.traceparent());
            assertThat(onReply.traceparent()).isEqualTo(onWork.traceparent());
        }
    }

    @Test
    void theLifecycleRecordOfAWorkerReportContinuesTheReportsTrace() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String trace = randomHex(32);
        String workerSpan = randomHex(16);
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            fixture.kafka.send(
                    topic(Topics.WORKER_EVENTS),
                    id.toString(),
                    started(id, 1),
                    Map.of(TraceContext.TRACEPARENT, "00-" + trace + "-" + workerSpan + "-01"));
            lifecycle.await(
                    ExecutionChanged.class,
                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.WORKING,
                    WAIT);

            TraceContext onWorking = lifecycle.drain(Duration.ZERO).stream()
                    .filter(r -> value(r).contains(id.toString()) && value(r).contains("\"working\""))
                    .map(r -> TraceContext.from(r.headers()).orElseThrow())
                    .findFirst()
                    .orElseThrow();
            assertThat(onWorking.traceId()).contains(trace);
            assertThat(onWorking.spanId()).isPresent().get().isNotEqualTo(workerSpan);
        }
    }

    @Test
    void aCommandWithoutTraceContextStartsATraceTheRecordsCarry() {
        Caller caller = newCaller();
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            UUID id = fixture.submitNew(caller).executionId();
            work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);

            assertThat(traceOf(work, id).traceId()).isPresent();
        }
    }

    private static TraceContext traceOf(TopicWatcher watcher, UUID mentioned) {
        ConsumerRecord<String, byte[]> record = watcher.drain(Duration.ZERO).stream()
                .filter(r -> value(r).contains(mentioned.toString()))
                .findFirst()
                .orElseThrow();
        return TraceContext.from(record.headers()).orElseThrow(() -> new AssertionError("no traceparent"));
    }

    private static String value(ConsumerRecord<String, byte[]> record) {
        return new String(record.value(), StandardCharsets.UTF_8);
    }

    private static String randomHex(int digits) {
        return UUID.randomUUID().toString().replace("-", "").repeat(2).substring(0, digits);
    }
}
