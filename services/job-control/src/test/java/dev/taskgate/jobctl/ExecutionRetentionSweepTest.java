package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
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
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.work.RunOperation;
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

@QuarkusTest
@TestProfile(SweeperTestProfile.class)
class ExecutionRetentionSweepTest {

    private static final Duration PAST_RETENTION = Duration.ofDays(7).plusSeconds(1);
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
    void aFinishedExecutionPastRetentionLooksUnknownAndIsDeletedWithItsReceipt() {
        Caller caller = newCaller();
        Accepted accepted = (Accepted) fixture.send(submit(caller, "read-key", "demo.echo", "{\"secret\":\"s3\"}"));
        UUID id = accepted.executionId();
        ExecutionSnapshot completed = complete(caller, id);
        assertThat(completed.retentionExpiresAt())
                .as("retention counts from the terminal time once the execution ended early")
                .isEqualTo(completed.updatedAt().plus(Duration.ofDays(7)))
                .isBefore(accepted.execution().retentionExpiresAt());

        clock.advance(PAST_RETENTION);

        assertLooksUnknown(caller, id);
        await().atMost(WAIT).until(() -> count(pool, "select count(*) from jobctl.execution where id = $1", id) == 0);
        assertThat(count(pool, "select count(*) from jobctl.receipt where execution_id = $1", id))
                .isZero();
        assertLooksUnknown(caller, id);
        CommandReply retry = fixture.send(submit(caller, "read-key", "demo.echo", "{\"secret\":\"s3\"}"));
        assertThat(((Accepted) retry).created())
                .as("a non-mutating operation's receipt is purged with it: the key starts afresh")
                .isTrue();
        assertThat(((Accepted) retry).executionId()).isNotEqualTo(id);
    }

    @Test
    void aMutatingExecutionPastRetentionLosesItsPayloadsButItsReceiptStillAnswers() {
        Caller caller = newCaller();
        String input = "{\"path\":\"/etc/motd\",\"text\":\"hello\"}";
        UUID id = ((Accepted) fixture.send(submit(caller, "write-key", TestOperations.MUTATION, input))).executionId();
        complete(caller, id);
        assertThat(count(pool, "select count(*) from jobctl.execution where id = $1 and mutating", id))
                .isEqualTo(1);

        clock.advance(PAST_RETENTION);

        await().atMost(WAIT)
                .until(() ->
                        count(pool, "select count(*) from jobctl.execution where id = $1 and purged_at is not null", id)
                                == 1);
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = $1 and input is null "
                                + "and result is null and error_message is null and status_message is null",
                        id))
                .as("payload bytes are gone from the table")
                .isEqualTo(1);
        assertThat(count(pool, "select count(*) from jobctl.receipt where execution_id = $1", id))
                .isEqualTo(1);
        assertLooksUnknown(caller, id);

        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            CommandReply retry = fixture.send(submit(caller, "write-key", TestOperations.MUTATION, input));

            assertThat(retry).isInstanceOf(Accepted.class);
            Accepted original = (Accepted) retry;
            assertThat(original.created()).isFalse();
            assertThat(original.executionId()).isEqualTo(id);
            assertThat(original.execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
            assertThat(work.drain(Duration.ofSeconds(1)).stream()
                            .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                            .filter(r -> r.executionId().equals(id)))
                    .as("nothing re-run")
                    .isEmpty();
        }
        CommandReply conflict = fixture.send(
                submit(caller, "write-key", TestOperations.MUTATION, "{\"path\":\"/etc/motd\",\"text\":\"other\"}"));
        assertThat(((Rejected) conflict).problem().status()).isEqualTo(409);
    }

    private ExecutionSnapshot complete(Caller caller, UUID id) {
        fixture.report(started(id, 1));
        fixture.report(new Finished(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                "worker-test",
                "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}"));
        return awaitStatus(caller, id, ExecutionStatus.COMPLETED);
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
