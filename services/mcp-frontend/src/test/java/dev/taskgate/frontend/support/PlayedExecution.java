package dev.taskgate.frontend.support;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.testsupport.KafkaTestClient;

/**
 * One execution whose worker and job-control the test plays over the real broker: its progress and log records on
 * {@code taskgate.progress.v1}, its state changes on {@code taskgate.lifecycle.v1} (the module's {@code fe-test.}
 * prefix), and the outcome job-control's query API answers ({@link FakeJobControlQueries}).
 */
public final class PlayedExecution {
    private static final String PROGRESS_TOPIC = "fe-test.taskgate.progress.v1";
    private static final String LIFECYCLE_TOPIC = "fe-test.taskgate.lifecycle.v1";

    private final KafkaTestClient kafka;
    private final UUID id;
    private final String tool;
    private final Surface surface;

    public PlayedExecution(KafkaTestClient kafka, UUID id, String tool, Surface surface) {
        this.kafka = kafka;
        this.id = id;
        this.tool = tool;
        this.surface = surface;
    }

    /** The operation reports progress. */
    public void progress(double value, Double total, String message) {
        Progress p = new Progress(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", value, total, message);
        try {
            kafka.sendRaw(
                    PROGRESS_TOPIC,
                    id.toString(),
                    Wire.mapper().writerFor(WorkerEvent.class).writeValueAsBytes(p));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The operation logs a text message. */
    public void log(LogLevel level, String text) {
        log(level, text, id);
    }

    /**
     * The operation logs a text message, sent under another execution's key: it lands in that execution's partition,
     * after that execution's records sent before it (a marker that proves what was read before it).
     */
    public void log(LogLevel level, String text, UUID partitionKey) {
        kafka.send(
                PROGRESS_TOPIC,
                partitionKey.toString(),
                new LogMessage(
                        UUID.randomUUID(), Instant.now(), id, 1, "worker-test", level, tool, TextNode.valueOf(text)));
    }

    /** job-control committed a state change. */
    public void changed(ExecutionStatus state) {
        kafka.send(LIFECYCLE_TOPIC, id.toString(), record(state, Fixtures.caller("alice"), null));
    }

    /**
     * The run ended in {@code state} with {@code result} (or none), and job-control's record of the end carries that
     * outcome for {@code owner}, sealed as job-control seals it. What the outcome read answers is left as it is, so a
     * request that reads instead shows it.
     */
    public void endCarrying(ExecutionStatus state, String result, Caller owner) {
        endCarrying(state, result, owner, surface);
    }

    /** {@link #endCarrying(ExecutionStatus, String, Caller)} with an outcome that names {@code outcomeSurface}. */
    public void endCarrying(ExecutionStatus state, String result, Caller owner, Surface outcomeSurface) {
        Instant now = Instant.now();
        ExecutionSnapshot ended = new ExecutionSnapshot(
                id,
                tool,
                "1",
                state,
                outcomeSurface,
                Fixtures.CREATED,
                now,
                null,
                now.plus(7, ChronoUnit.DAYS),
                null,
                null,
                null,
                null);
        ExecutionOutcome outcome = new ExecutionOutcome(ended, result, null);
        kafka.send(
                LIFECYCLE_TOPIC,
                id.toString(),
                record(state, owner, Wire.mapper().valueToTree(outcome)));
    }

    /** A record of the end whose {@code outcome} member is not a sealed value: it cannot be opened. */
    public void endWithUnreadableOutcome(ExecutionStatus state) {
        ObjectNode record = Wire.mapper().valueToTree(record(state, Fixtures.caller("alice"), null));
        record.putObject("outcome")
                .put("kid", "test-insecure-2")
                .put("nonce", "AAAAAAAAAAAAAAAA")
                .put("ciphertext", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
        kafka.sendRaw(LIFECYCLE_TOPIC, id.toString(), Wire.toBytes(record));
    }

    private ExecutionChanged record(ExecutionStatus state, Caller owner, JsonNode outcome) {
        Instant now = Instant.now();
        return new ExecutionChanged(
                UUID.randomUUID(),
                now,
                id,
                state,
                Fixtures.CREATED,
                now,
                state.wireName(),
                owner.orgId(),
                owner.projectId(),
                owner.principal(),
                surface,
                outcome);
    }

    /** What job-control's outcome query answers from now on. */
    public void answerOutcome(FakeJobControlQueries queries, ExecutionStatus status, String result) {
        ExecutionOutcome outcome = new ExecutionOutcome(Fixtures.snapshot(id, tool, status, surface), result, null);
        queries.answer("/internal/v1/executions/" + id + "/outcome", 200, Wire.toBytes(outcome));
    }

    /** What job-control's outcome query answers from now on: {@code snapshot}, with {@code result} if any. */
    public void answerOutcome(FakeJobControlQueries queries, ExecutionSnapshot snapshot, String result) {
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(snapshot, result, null)));
    }

    /** The execution completes with {@code result}: the outcome first, then the lifecycle record. */
    public void complete(FakeJobControlQueries queries, String result) {
        answerOutcome(queries, ExecutionStatus.COMPLETED, result);
        changed(ExecutionStatus.COMPLETED);
    }
}
