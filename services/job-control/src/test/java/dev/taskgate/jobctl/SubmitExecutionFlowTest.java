package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class SubmitExecutionFlowTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void theLiveExecutionsAreSampledByStateAndSurface() {
        Caller caller = newCaller();
        assertThat(fixture.send(submit(caller, "k-live", "demo.echo", "{}"))).isInstanceOf(Accepted.class);

        // nothing runs them here (no worker): the sample converges on what the table holds
        await().atMost(WAIT).until(() -> {
            long sampled = (long) registry.get("taskgate.executions.live")
                    .tags("state", "queued", "surface", "rest")
                    .gauge()
                    .value();
            return sampled >= 1 && sampled == queuedRestExecutions();
        });
        assertThat(registry.get("taskgate.executions.live").gauges())
                .as("3 states x 3 surfaces")
                .hasSize(9);
        assertThat(registry.get("taskgate.outbox.pending").gauge().value()).isNotNegative();
        assertThat(registry.get("taskgate.outbox.oldest.seconds").gauge().value())
                .isNotNegative();
    }

    private long queuedRestExecutions() {
        return pool.query("select count(*) from jobctl.execution where state = 'queued' and surface = 'rest'")
                .execute()
                .await()
                .indefinitely()
                .iterator()
                .next()
                .getLong(0);
    }

    @Test
    void createsAQueuedExecutionAndDispatchesIt() {
        Caller caller = newCaller();
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK));
                TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            var command = submit(caller, "k1", "demo.echo", "{\"text\":\"hi\",\"n\":[1,2]}");
            CommandReply reply = fixture.send(command);

            assertThat(reply).isInstanceOf(Accepted.class);
            Accepted accepted = (Accepted) reply;
            UUID id = accepted.executionId();
            assertThat(accepted.created()).isTrue();
            assertThat(accepted.replyTo()).isEqualTo(JobControlFixture.REPLY_TO);
            assertThat(accepted.execution().status()).isEqualTo(ExecutionStatus.QUEUED);
            assertThat(accepted.execution().toolVersion()).isEqualTo("1");
            assertThat(accepted.execution().executionDeadline())
                    .isEqualTo(accepted.execution().createdAt().plus(Duration.ofHours(24)));
            assertThat(accepted.execution().retentionExpiresAt())
                    .isEqualTo(accepted.execution().executionDeadline().plus(Duration.ofDays(7)));

            RunOperation run =
                    work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
            assertThat(run.epoch()).isEqualTo(1);
            assertThat(run.attempt()).isEqualTo(1);
            assertThat(run.operation()).isEqualTo("demo.echo");
            assertThat(run.input()).isEqualTo(command.input());
            assertThat(run.workspace()).as("the execution's <org>/<project>").isEqualTo(caller.workspace());
            ConsumerRecord<String, byte[]> record = work.drain(Duration.ZERO).stream()
                    .filter(r -> new String(r.value(), StandardCharsets.UTF_8).contains(id.toString()))
                    .findFirst()
                    .orElseThrow();
            assertThat(record.key()).isEqualTo(id.toString());
            assertThat(header(record, MessageHeaders.MESSAGE_TYPE)).isEqualTo("RunOperation");
            assertThat(header(record, MessageHeaders.MESSAGE_ID))
                    .isEqualTo(run.messageId().toString());

            ExecutionChanged changed =
                    lifecycle.await(ExecutionChanged.class, c -> c.executionId().equals(id), WAIT);
            assertThat(changed.state()).isEqualTo(ExecutionStatus.QUEUED);
            assertThat(changed.summary()).isEqualTo("queued");
            assertThat(changed.orgId()).isEqualTo("org-1");
            // owner and surface let webhook-dispatcher mint the handle this caller got
            assertThat(changed.principal()).isEqualTo(caller.principal());
            assertThat(changed.surface()).isEqualTo(command.surface());
        }
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.outbox o where o.record_key in "
                                + "(select id::text from jobctl.execution where principal = $1)",
                        caller.principal()))
                .as("the relay deleted the rows it published")
                .isZero();
    }

    @Test
    void aDuplicateReturnsTheSameExecutionWithoutDispatchingAgain() {
        Caller caller = newCaller();
        // watching before the first submission: its own dispatch, published by the relay whenever it gets to it,
        // must not pass for a second one
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            Accepted first = (Accepted) fixture.send(
                    submit(caller, "dup", "demo.echo", "{\"a\":1,\"b\":{\"c\":[true,null,\"x\"],\"d\":2.50}}"));
            work.await(RunOperation.class, r -> r.executionId().equals(first.executionId()), WAIT);
            CommandReply again = fixture.send(submit(
                    caller,
                    "dup",
                    "demo.echo",
                    "{ \"b\" : { \"d\" : 2.5, \"c\" : [ true, null, \"x\" ] },\n \"a\" : 1.0 }"));

            assertThat(again).isInstanceOf(Accepted.class);
            assertThat(((Accepted) again).created()).isFalse();
            assertThat(((Accepted) again).executionId()).isEqualTo(first.executionId());
            assertThat(work.drain(Duration.ofSeconds(2)).stream()
                            .map(r -> Wire.fromBytes(DevPayloadKeys.opened(r.value()), RunOperation.class))
                            .filter(r -> r.executionId().equals(first.executionId())))
                    .as("the first dispatch only, no second RunOperation")
                    .hasSize(1);
        }
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(1);
    }

    @Test
    void theSameKeyWithADifferentRequestIsAConflictAndChangesNothing() {
        Caller caller = newCaller();
        Accepted first = (Accepted) fixture.send(submit(caller, "reused-key", "demo.echo", "{\"a\":1}"));

        CommandReply conflict = fixture.send(submit(caller, "reused-key", "demo.echo", "{\"a\":2}"));

        assertThat(conflict).isInstanceOf(Rejected.class);
        var problem = ((Rejected) conflict).problem();
        assertThat(problem.status()).isEqualTo(409);
        assertThat(problem.type()).isEqualTo("https://taskgate.dev/problems/idempotency-conflict");
        assertThat(problem.detail()).contains("'reused-key'");
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(1);
        assertThat(JobControlFixture.snapshot(caller, first.executionId()).status())
                .isEqualTo(ExecutionStatus.QUEUED);
        // the receipt still holds the original request: the first input is still accepted as a duplicate
        CommandReply original = fixture.send(submit(caller, "reused-key", "demo.echo", "{\"a\":1}"));
        assertThat(((Accepted) original).executionId()).isEqualTo(first.executionId());
    }

    @Test
    void theSameKeyInAnotherWorkspaceIsAnotherReceiptAndNeverAnswersWithTheFirstWorkspacesExecution() {
        Caller caller = newCaller();
        // another workspace is another set of roots: worker-pool registers the roots under the workspace id
        Caller elsewhere = new Caller(caller.issuer(), caller.subject(), caller.orgId(), "another-project");
        String input = "{\"query\":\"x\"}";
        Accepted first = (Accepted) fixture.send(submit(caller, "roots-key", "workspace.search", input));

        Accepted second = (Accepted) fixture.send(submit(elsewhere, "roots-key", "workspace.search", input));
        Accepted conflicting =
                (Accepted) fixture.send(submit(elsewhere, "roots-key-2", "workspace.search", "{\"query\":\"y\"}"));
        CommandReply notAConflict = fixture.send(submit(caller, "roots-key-2", "workspace.search", input));

        assertThat(second.created()).isTrue();
        assertThat(second.executionId()).isNotEqualTo(first.executionId());
        assertThat(((Accepted) notAConflict).created())
                .as("a key used in another workspace with another request does not conflict here")
                .isTrue();
        assertThat(((Accepted) notAConflict).executionId()).isNotEqualTo(conflicting.executionId());
        assertThat(((Accepted) fixture.send(submit(caller, "roots-key", "workspace.search", input))).executionId())
                .isEqualTo(first.executionId());
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.receipt where principal = $1 and receipt_key = 'roots-key'",
                        caller.principal()))
                .isEqualTo(2);
    }

    @Test
    void anUnknownToolIsRejectedAndStoresNothing() {
        Caller caller = newCaller();

        CommandReply reply = fixture.send(submit(caller, "k", "demo.nope", "{}"));

        assertThat(reply).isInstanceOf(Rejected.class);
        assertThat(((Rejected) reply).problem().status()).isEqualTo(422);
        assertThat(((Rejected) reply).problem().type()).isEqualTo("https://taskgate.dev/problems/unknown-tool");
        assertThat(((Rejected) reply).problem().detail()).contains("demo.nope");
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", caller.principal()))
                .isZero();
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isZero();
    }

    private static String header(ConsumerRecord<String, byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
