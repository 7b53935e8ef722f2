package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.cancel;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class CancelExecutionFlowTest {

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
    void cancellingAQueuedExecutionCancelsItAtOnce() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL));
                TopicWatcher lifecycle = fixture.kafka.watch(topic(Topics.LIFECYCLE))) {
            CommandReply reply = fixture.send(cancel(caller, id));

            assertThat(reply).isInstanceOf(Accepted.class);
            assertThat(((Accepted) reply).execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
            assertThat(((Accepted) reply).stopDelivered())
                    .as("no running owner to stop")
                    .isNull();
            assertThat(control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT)
                            .epoch())
                    .isEqualTo(1);
            assertThat(lifecycle
                            .await(
                                    ExecutionChanged.class,
                                    c -> c.executionId().equals(id) && c.state() == ExecutionStatus.CANCELLED,
                                    WAIT)
                            .summary())
                    .isEqualTo("cancelled");
        }
        // a worker that had already taken the run reports too late: nothing changes
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "{}"));
        CommandReply again = fixture.send(cancel(caller, id));
        assertThat(((Accepted) again).execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
    }

    @Test
    void cancellingAWorkingExecutionAsksTheWorkerAndItsReportDecides() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            CommandReply reply = fixture.send(cancel(caller, id));

            assertThat(reply).isInstanceOf(Accepted.class);
            assertThat(((Accepted) reply).execution().status()).isEqualTo(ExecutionStatus.WORKING);
            assertThat(((Accepted) reply).execution().cancelRequested()).isTrue();
            assertThat(((Accepted) reply).stopDelivered()).isTrue();
            StopRequested stop =
                    control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT);
            assertThat(stop.epoch()).isEqualTo(1);
            assertThat(stop.reason()).isEqualTo("test");
        }
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.WORKING);

        fixture.report(new Stopped(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "stopped at 2 of 10"));

        assertThat(awaitStatus(caller, id, ExecutionStatus.CANCELLED).statusMessage())
                .isEqualTo("stopped at 2 of 10");
    }

    @Test
    void cancellingATerminalExecutionChangesNothing() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "{\"ok\":1}"));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        CommandReply reply = fixture.send(cancel(caller, id));

        assertThat(reply).isInstanceOf(Accepted.class);
        assertThat(((Accepted) reply).execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(((Accepted) reply).stopDelivered()).isNull();
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.COMPLETED);
    }

    @Test
    void aStopTheRelayCannotPublishInTimeIsRecordedWithDeliveryUnknown() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            // hold the relay's pass lock: nothing is published while it is held
            RelayLock.heldDuring(pool, () -> {
                CommandReply reply = fixture.send(cancel(caller, id));

                assertThat(reply).isInstanceOf(Accepted.class);
                assertThat(((Accepted) reply).execution().cancelRequested()).isTrue();
                assertThat(((Accepted) reply).stopDelivered()).isFalse();
            });
            // the stop was durable all along: the relay publishes it once it can
            assertThat(control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT)
                            .epoch())
                    .isEqualTo(1);
        }
    }

    @Test
    void anotherPrincipalGetsTheSameNotFoundAsForAnUnknownId() {
        Caller owner = newCaller();
        UUID id = fixture.submitNew(owner).executionId();
        Caller stranger = newCaller();
        Caller otherWorkspace = new Caller(owner.issuer(), owner.subject(), owner.orgId(), "another-project");

        CommandReply foreign = fixture.send(cancel(stranger, id));
        CommandReply wrongWorkspace = fixture.send(cancel(otherWorkspace, id));
        CommandReply unknown = fixture.send(cancel(stranger, UUID.randomUUID()));

        assertThat(foreign).isInstanceOf(Rejected.class);
        assertThat(((Rejected) foreign).problem().status()).isEqualTo(404);
        assertThat(((Rejected) foreign).problem().type()).isEqualTo("https://taskgate.dev/problems/not-found");
        assertThat(((Rejected) wrongWorkspace).problem()).isEqualTo(((Rejected) foreign).problem());
        assertThat(((Rejected) unknown).problem()).isEqualTo(((Rejected) foreign).problem());
        assertThat(JobControlFixture.snapshot(owner, id).status()).isEqualTo(ExecutionStatus.QUEUED);
    }
}
