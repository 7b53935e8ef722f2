package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.REPLY_TO;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP task TTL (issue 5 items 1 and 3): an MCP execution is visible to its owner until {@code visibleUntil}
 * (requested TTL clamped to [1 min, 7 days], default 24 h, never past retention); after that every owner call
 * answers like an unknown execution, a same-key same-request replay returns the original execution and outcome and
 * renews visibility, and neither a conflicting retry nor a lookup extends it. Time moves with the adjustable clock.
 */
@QuarkusTest
@TestProfile(SweeperTestProfile.class)
class McpTaskVisibilityTest {

    private static final String RESULT = "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}";
    private static JobControlFixture fixture;

    @Inject
    AdjustableClock clock;

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
    void theRequestedTtlIsClampedAndAbsentMeansTheDefault() {
        Caller caller = newCaller();

        assertThat(ttlOf(accept(task(caller, "short", "{\"a\":1}", 1_000L)))).isEqualTo(Duration.ofMinutes(1));
        assertThat(ttlOf(accept(task(caller, "negative", "{\"a\":1}", -5L)))).isEqualTo(Duration.ofMinutes(1));
        assertThat(ttlOf(accept(task(caller, "exact", "{\"a\":1}", 600_000L)))).isEqualTo(Duration.ofMinutes(10));
        assertThat(ttlOf(accept(
                        task(caller, "long", "{\"a\":1}", Duration.ofDays(30).toMillis()))))
                .isEqualTo(Duration.ofDays(7));
        assertThat(ttlOf(accept(task(caller, "absent", "{\"a\":1}", null)))).isEqualTo(Duration.ofHours(24));
        Accepted rest = accept(new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                REPLY_TO,
                caller,
                Surface.REST,
                "rest",
                "demo.echo",
                json("{\"a\":1}"),
                TaskSurface.NATIVE,
                60_000L));
        assertThat(rest.execution().visibleUntil())
                .as("REST executions stay visible until retention")
                .isNull();
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = $1 and visible_until is null",
                        rest.executionId()))
                .isEqualTo(1);
    }

    @Test
    void aTaskPastItsTtlAnswersEveryOwnerCallLikeAnUnknownOne() {
        Caller caller = newCaller();
        Accepted accepted = accept(task(caller, "expiring", "{\"a\":1}", 120_000L));
        UUID id = accepted.executionId();
        assertThat(snapshot(caller, id).visibleUntil())
                .isEqualTo(accepted.execution().visibleUntil());

        clock.advance(Duration.ofMinutes(2).plusSeconds(1));

        assertLooksUnknown(caller, id);
        Rejected cancel = (Rejected)
                fixture.send(new CancelExecution(UUID.randomUUID(), Instant.now(), REPLY_TO, id, caller, "test"));
        Rejected cancelUnknown = (Rejected) fixture.send(
                new CancelExecution(UUID.randomUUID(), Instant.now(), REPLY_TO, UUID.randomUUID(), caller, "test"));
        assertThat(cancel.problem()).isEqualTo(cancelUnknown.problem());
        assertThat(cancel.problem().status()).isEqualTo(404);
        Rejected input = (Rejected) fixture.send(provideInput(caller, id));
        Rejected inputUnknown = (Rejected) fixture.send(provideInput(caller, UUID.randomUUID()));
        assertThat(input.problem()).isEqualTo(inputUnknown.problem());
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = $1 and state = 'queued' "
                                + "and cancel_requested_at is null",
                        id))
                .as("the refused cancel changed nothing")
                .isEqualTo(1);
    }

    @Test
    void aSameRequestReplayAfterExpiryReturnsEachOriginalOutcomeAndRenewsVisibility() {
        Caller caller = newCaller();
        UUID completed = accept(task(caller, "done", "{\"n\":1}", 60_000L)).executionId();
        UUID failed = accept(task(caller, "broken", "{\"n\":2}", 60_000L)).executionId();
        UUID cancelled = accept(task(caller, "stopped", "{\"n\":3}", 60_000L)).executionId();
        fixture.report(started(completed, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), completed, 1, "worker-test", RESULT));
        fixture.report(started(failed, 1));
        fixture.report(
                new Failed(UUID.randomUUID(), Instant.now(), failed, 1, "worker-test", "operation_crashed", "boom"));
        fixture.report(started(cancelled, 1));
        awaitStatus(caller, cancelled, ExecutionStatus.WORKING);
        fixture.send(new CancelExecution(UUID.randomUUID(), Instant.now(), REPLY_TO, cancelled, caller, "test"));
        fixture.report(new Stopped(UUID.randomUUID(), Instant.now(), cancelled, 1, "worker-test", "stopped"));
        Instant createdAt =
                awaitStatus(caller, completed, ExecutionStatus.COMPLETED).createdAt();
        awaitStatus(caller, failed, ExecutionStatus.FAILED);
        awaitStatus(caller, cancelled, ExecutionStatus.CANCELLED);

        clock.advance(Duration.ofMinutes(5));
        for (UUID id : new UUID[] {completed, failed, cancelled}) {
            assertLooksUnknown(caller, id);
        }
        assertThat(count(pool, "select count(*) from jobctl.receipt where execution_id = any($1)", (Object)
                        new UUID[] {completed, failed, cancelled}))
                .as("receipts outlive visibility")
                .isEqualTo(3);

        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            Instant replayedAt = clock.instant();
            Accepted again = accept(task(caller, "done", "{\"n\":1}", 60_000L));
            Accepted againFailed = accept(task(caller, "broken", "{\"n\":2}", 60_000L));
            Accepted againCancelled = accept(task(caller, "stopped", "{\"n\":3}", 60_000L));

            assertThat(again.created()).isFalse();
            assertThat(again.executionId()).isEqualTo(completed);
            assertThat(again.execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
            assertThat(againFailed.executionId()).isEqualTo(failed);
            assertThat(againFailed.execution().status()).isEqualTo(ExecutionStatus.FAILED);
            assertThat(againCancelled.executionId()).isEqualTo(cancelled);
            assertThat(againCancelled.execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
            assertThat(again.execution().createdAt())
                    .as("the lifetime still counts from the original creation")
                    .isEqualTo(createdAt);
            assertThat(again.execution().visibleUntil())
                    .isAfterOrEqualTo(replayedAt.plus(Duration.ofMinutes(1)))
                    .isBefore(replayedAt.plus(Duration.ofMinutes(2)));
            assertThat(ttlOf(again)).isGreaterThan(Duration.ofMinutes(5));
            assertThat(work.drain(Duration.ofSeconds(1)).stream()
                            .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                            .filter(r -> r.executionId().equals(completed)
                                    || r.executionId().equals(failed)
                                    || r.executionId().equals(cancelled)))
                    .as("nothing re-run")
                    .isEmpty();
        }

        ExecutionOutcome outcome = outcome(caller, completed);
        assertThat(outcome.result()).isEqualTo(RESULT);
        assertThat(outcome(caller, failed).error().code()).isEqualTo("operation_crashed");
        assertThat(snapshot(caller, cancelled).status()).isEqualTo(ExecutionStatus.CANCELLED);
    }

    @Test
    void aConflictingRetryAndLookupsNeverExtendVisibility() {
        Caller caller = newCaller();
        Accepted accepted = accept(task(caller, "guarded", "{\"n\":1}", 600_000L));
        UUID id = accepted.executionId();
        Instant visibleUntil = accepted.execution().visibleUntil();

        clock.advance(Duration.ofMinutes(5));
        snapshot(caller, id);
        outcome(caller, id);
        CommandReply conflict = fixture.send(task(caller, "guarded", "{\"n\":2}", 600_000L));
        assertThat(((Rejected) conflict).problem().status()).isEqualTo(409);
        assertThat(snapshot(caller, id).visibleUntil()).isEqualTo(visibleUntil);

        clock.advance(Duration.ofMinutes(5).plusSeconds(1));
        assertLooksUnknown(caller, id);
        CommandReply lateConflict = fixture.send(task(caller, "guarded", "{\"n\":2}", 600_000L));
        assertThat(((Rejected) lateConflict).problem().status()).isEqualTo(409);
        assertLooksUnknown(caller, id);
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = $1 and visible_until = $2",
                        id,
                        visibleUntil.atOffset(java.time.ZoneOffset.UTC)))
                .isEqualTo(1);
    }

    @Test
    void aRenewalNeverOutlivesRetention() {
        Caller caller = newCaller();
        UUID id = accept(task(caller, "late", "{\"n\":1}", 60_000L)).executionId();
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", RESULT));
        ExecutionSnapshot done = awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        clock.advance(Duration.ofDays(6));
        Accepted renewed =
                accept(task(caller, "late", "{\"n\":1}", Duration.ofDays(7).toMillis()));

        assertThat(renewed.executionId()).isEqualTo(id);
        assertThat(renewed.execution().visibleUntil()).isEqualTo(done.retentionExpiresAt());
        assertThat(outcome(caller, id).result()).isEqualTo(RESULT);
    }

    private static SubmitExecution task(Caller caller, String key, String input, Long ttlMs) {
        return new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                REPLY_TO,
                caller,
                Surface.MCP_2026,
                key,
                "demo.echo",
                json(input),
                TaskSurface.NATIVE,
                ttlMs);
    }

    private static ProvideInput provideInput(Caller caller, UUID id) {
        return new ProvideInput(
                UUID.randomUUID(),
                Instant.now(),
                REPLY_TO,
                id,
                caller,
                Map.of("ir_x", json("{\"action\":\"accept\",\"content\":{}}")));
    }

    private static Accepted accept(SubmitExecution command) {
        CommandReply reply = fixture.send(command);
        assertThat(reply).isInstanceOf(Accepted.class);
        return (Accepted) reply;
    }

    private static Duration ttlOf(Accepted accepted) {
        return Duration.between(
                accepted.execution().createdAt(), accepted.execution().visibleUntil());
    }

    private static ExecutionOutcome outcome(Caller caller, UUID id) {
        return Wire.fromBytes(
                get(caller, id + "/outcome").then().statusCode(200).extract().asByteArray(), ExecutionOutcome.class);
    }

    private static void assertLooksUnknown(Caller caller, UUID id) {
        for (String suffix : new String[] {"", "/outcome"}) {
            Response expired = get(caller, id + suffix);
            Response unknown = get(caller, UUID.randomUUID() + suffix);
            assertThat(expired.statusCode()).isEqualTo(404);
            assertThat(expired.contentType()).isEqualTo(unknown.contentType());
            assertThat(withoutInstance(expired)).isEqualTo(withoutInstance(unknown));
        }
    }

    private static Response get(Caller caller, String path) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .get("/internal/v1/executions/" + path);
    }

    private static ObjectNode withoutInstance(Response response) {
        ObjectNode body = (ObjectNode) Wire.fromBytes(response.asByteArray(), JsonNode.class);
        body.remove("instance");
        return body;
    }
}
