package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.ControlSignal;
import dev.taskgate.contracts.work.InputProvided;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.Schemas;

import static dev.taskgate.jobctl.JobControlFixture.REPLY_TO;
import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.cancel;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Input required end to end inside job-control: a worker's InputRequested moves the execution to input_required
 * under fresh request keys; ProvideInput forwards answers to the worker and resumes the execution once nothing is
 * outstanding. Stale keys, terminal executions and strangers change nothing.
 */
@QuarkusTest
class InputRequiredFlowTest {

    private static final String CONFIRM = "{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\","
            + "\"message\":\"Go?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"confirm\":"
            + "{\"type\":\"boolean\"}},\"required\":[\"confirm\"]}}}";
    private static final String ACCEPT = "{\"action\":\"accept\",\"content\":{\"confirm\":true}}";
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

    /** A demo.confirm execution that has started under epoch 1. */
    private static UUID working(Caller caller) {
        Accepted accepted = (Accepted) fixture.send(submit(caller, "key-" + UUID.randomUUID(), "demo.confirm", "{}"));
        UUID id = accepted.executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        return id;
    }

    private static InputRequested requested(UUID id, long epoch, String... childKeys) {
        Map<String, JsonNode> requests = new LinkedHashMap<>();
        for (String key : childKeys) {
            requests.put(key, json(CONFIRM));
        }
        return new InputRequested(UUID.randomUUID(), Instant.now(), id, epoch, "worker-test", requests);
    }

    /** An answer from {@code caller}: request key → the response's JSON text. */
    static ProvideInput provide(Caller caller, UUID id, Map<String, String> responses) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        responses.forEach((k, v) -> map.put(k, json(v)));
        return new ProvideInput(UUID.randomUUID(), Instant.now(), REPLY_TO, id, caller, map);
    }

    /** The execution once input_required with {@code count} outstanding requests. */
    private static ExecutionSnapshot awaitRequests(Caller caller, UUID id, int count) {
        return org.awaitility.Awaitility.await()
                .atMost(WAIT)
                .until(
                        () -> snapshot(caller, id),
                        s -> s.status() == ExecutionStatus.INPUT_REQUIRED
                                && s.inputRequests() != null
                                && s.inputRequests().size() == count);
    }

    private static List<InputProvided> inputsFor(TopicWatcher control, UUID id, Duration window) {
        return control.drain(window).stream()
                .filter(r -> id.toString().equals(r.key()))
                .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), ControlSignal.class))
                .filter(InputProvided.class::isInstance)
                .map(InputProvided.class::cast)
                .toList();
    }

    @Test
    void anAnsweredRequestReachesTheWorkerAndTheExecutionResumesAndCompletes() {
        Caller caller = newCaller();
        UUID id = working(caller);
        try (TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE));
                TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            fixture.report(requested(id, 1, "confirm"));

            ExecutionSnapshot waiting = awaitRequests(caller, id, 1);
            String key = waiting.inputRequests().keySet().iterator().next();
            assertThat(key).matches("ir_[A-Za-z0-9_-]{22}");
            assertThat(waiting.inputRequests().get(key)).isEqualTo(json(CONFIRM));
            assertThat(waiting.statusMessage()).isEqualTo("Waiting for input.");
            assertThat(lifecycle
                            .await(
                                    ExecutionChanged.class,
                                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.INPUT_REQUIRED,
                                    WAIT)
                            .summary())
                    .isEqualTo("input_required");
            ExecutionOutcome outcome = outcome(caller, id);
            assertThat(outcome.execution().inputRequests()).containsOnlyKeys(key);
            assertThat(Schemas.validate(
                            "api/ExecutionOutcome.schema.json", Wire.mapper().valueToTree(outcome)))
                    .isEmpty();
            // sealed at rest: the stored request is not the plaintext
            assertThat(new String(storedRequest(key), StandardCharsets.ISO_8859_1))
                    .startsWith("\u0001")
                    .doesNotContain("elicitation/create");

            CommandReply reply = fixture.send(provide(caller, id, Map.of(key, ACCEPT)));

            assertThat(reply).isInstanceOf(Accepted.class);
            ExecutionSnapshot after = ((Accepted) reply).execution();
            assertThat(after.status()).isEqualTo(ExecutionStatus.WORKING);
            assertThat(after.inputRequests()).isNull();
            InputProvided provided =
                    control.await(InputProvided.class, s -> s.executionId().equals(id), WAIT);
            assertThat(provided.requestKey()).isEqualTo("confirm");
            assertThat(provided.epoch()).isEqualTo(1);
            assertThat(provided.response()).isEqualTo(json(ACCEPT));
            assertThat(lifecycle.await(
                            ExecutionChanged.class,
                            c -> c.executionId().equals(id) && c.state() == ExecutionStatus.WORKING,
                            WAIT))
                    .isNotNull();
        }
        assertThat(snapshot(caller, id).inputRequests()).isNull();

        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"The user chose accept\"}],\"isError\":false}";
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));

        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        assertThat(outcome(caller, id).result()).isEqualTo(result);
    }

    @Test
    void aPartialAnswerLeavesTheOtherKeysOutstanding() {
        Caller caller = newCaller();
        UUID id = working(caller);
        fixture.report(requested(id, 1, "first", "second"));
        List<String> keys =
                List.copyOf(awaitRequests(caller, id, 2).inputRequests().keySet());

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            Accepted partial = (Accepted) fixture.send(provide(caller, id, Map.of(keys.get(0), ACCEPT)));

            assertThat(partial.execution().status()).isEqualTo(ExecutionStatus.INPUT_REQUIRED);
            assertThat(partial.execution().inputRequests()).containsOnlyKeys(keys.get(1));
            assertThat(snapshot(caller, id).inputRequests()).containsOnlyKeys(keys.get(1));

            Accepted rest =
                    (Accepted) fixture.send(provide(caller, id, Map.of(keys.get(1), "{\"action\":\"decline\"}")));

            assertThat(rest.execution().status()).isEqualTo(ExecutionStatus.WORKING);
            assertThat(inputsFor(control, id, Duration.ofMillis(500)))
                    .extracting(InputProvided::requestKey)
                    .containsExactly("first", "second");
        }
    }

    @Test
    void staleUnknownAndAnsweredKeysAreAcknowledgedAndIgnored() {
        Caller caller = newCaller();
        UUID id = working(caller);
        fixture.report(requested(id, 1, "first", "second"));
        List<String> keys =
                List.copyOf(awaitRequests(caller, id, 2).inputRequests().keySet());
        fixture.send(provide(caller, id, Map.of(keys.get(0), ACCEPT)));

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            Map<String, String> stale = new LinkedHashMap<>();
            stale.put(keys.get(0), "{\"action\":\"decline\"}");
            stale.put("ir_neverIssuedAtAll0000000", ACCEPT);
            CommandReply reply = fixture.send(provide(caller, id, stale));

            assertThat(reply).isInstanceOf(Accepted.class);
            assertThat(((Accepted) reply).execution().status()).isEqualTo(ExecutionStatus.INPUT_REQUIRED);
            assertThat(((Accepted) reply).execution().inputRequests()).containsOnlyKeys(keys.get(1));
            fixture.send(provide(caller, id, Map.of(keys.get(1), ACCEPT)));
            assertThat(inputsFor(control, id, Duration.ofMillis(500)))
                    .extracting(InputProvided::requestKey)
                    .containsExactly("second");
        }
        assertThat(snapshot(caller, id).status()).isEqualTo(ExecutionStatus.WORKING);
    }

    @Test
    void aRedeliveredOrOtherEpochRequestAddsNothing() {
        Caller caller = newCaller();
        UUID id = working(caller);
        InputRequested report = requested(id, 1, "confirm");
        fixture.report(report);
        String key =
                awaitRequests(caller, id, 1).inputRequests().keySet().iterator().next();

        fixture.report(report);
        fixture.report(requested(id, 2, "other"));
        // a later report on the same partition is applied after both: once it shows, they were handled
        fixture.report(requested(id, 1, "marker"));
        ExecutionSnapshot after = awaitRequests(caller, id, 2);

        assertThat(after.inputRequests()).containsKey(key).hasSize(2);
        assertThat(JobControlFixture.count(
                        pool, "select count(*) from jobctl.input_request where execution_id = $1", id))
                .isEqualTo(2);
    }

    @Test
    void cancellingWhileInputIsRequiredStopsTheWorkerAndLaterInputIsIgnored() {
        Caller caller = newCaller();
        UUID id = working(caller);
        fixture.report(requested(id, 1, "confirm"));
        String key =
                awaitRequests(caller, id, 1).inputRequests().keySet().iterator().next();

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            Accepted cancelling = (Accepted) fixture.send(cancel(caller, id));

            assertThat(cancelling.execution().status()).isEqualTo(ExecutionStatus.INPUT_REQUIRED);
            assertThat(cancelling.execution().cancelRequested()).isTrue();
            assertThat(control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT)
                            .epoch())
                    .isEqualTo(1);
            fixture.report(new Stopped(
                    UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "stopped while waiting for input"));
            awaitStatus(caller, id, ExecutionStatus.CANCELLED);

            CommandReply late = fixture.send(provide(caller, id, Map.of(key, ACCEPT)));

            assertThat(late).isInstanceOf(Accepted.class);
            assertThat(((Accepted) late).execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
            assertThat(((Accepted) late).execution().inputRequests()).isNull();
            assertThat(inputsFor(control, id, Duration.ofMillis(500))).isEmpty();
        }
    }

    @Test
    void anotherCallerGetsNotFoundAndChangesNothing() {
        Caller owner = newCaller();
        UUID id = working(owner);
        fixture.report(requested(id, 1, "confirm"));
        String key =
                awaitRequests(owner, id, 1).inputRequests().keySet().iterator().next();
        Caller stranger = newCaller();
        Caller otherWorkspace = new Caller(owner.issuer(), owner.subject(), owner.orgId(), "another-project");

        CommandReply foreign = fixture.send(provide(stranger, id, Map.of(key, ACCEPT)));
        CommandReply wrongWorkspace = fixture.send(provide(otherWorkspace, id, Map.of(key, ACCEPT)));
        CommandReply unknown = fixture.send(provide(owner, UUID.randomUUID(), Map.of(key, ACCEPT)));

        for (CommandReply reply : List.of(foreign, wrongWorkspace, unknown)) {
            assertThat(reply).isInstanceOf(Rejected.class);
            assertThat(((Rejected) reply).problem().status()).isEqualTo(404);
            assertThat(((Rejected) reply).problem().detail())
                    .isEqualTo(((Rejected) unknown).problem().detail());
        }
        assertThat(snapshot(owner, id).inputRequests()).containsOnlyKeys(key);
        assertThat(JobControlFixture.count(
                        pool,
                        "select count(*) from jobctl.input_request where execution_id = $1 "
                                + "and response is not null",
                        id))
                .isZero();
    }

    private static ExecutionOutcome outcome(Caller caller, UUID id) {
        return Wire.fromBytes(
                SignedCalls.signed()
                        .header("Taskgate-Principal", caller.principal())
                        .header("Taskgate-Workspace", caller.workspace())
                        .get("/internal/v1/executions/{id}/outcome", id)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asByteArray(),
                ExecutionOutcome.class);
    }

    private byte[] storedRequest(String key) {
        return pool.preparedQuery("select request from jobctl.input_request where request_key = $1")
                .execute(Tuple.of(key))
                .map(rows -> rows.iterator().next().getBuffer("request").getBytes())
                .await()
                .atMost(WAIT);
    }
}
