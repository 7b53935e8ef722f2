package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.checkpoint.FrontierMac;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.ResultStaged;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.operator.OperatorCheckpoint;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static dev.taskgate.jobctl.StandInWorkers.newWorkerId;
import static dev.taskgate.jobctl.StandInWorkers.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Intermediate frontiers inside job-control (issue 6 item 2): the latest frontier is stored with job-control's MAC,
 * a replacement receives it, and owner-loss decisions count it as the frontier — at most two replacements, never two
 * from the same unchanged frontier; the operator view names the checkpoints held, never their content.
 */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class FrontierCheckpointOwnerLossTest extends OwnerLossComponentTest {
    @ConfigProperty(name = "taskgate.checkpoint.key")
    String checkpointKey;

    @Inject
    ExecutionHandles handles;

    @Test
    void theLatestFrontierGoesToTheReplacementAuthenticatedAndMovesTheFrontier() {
        Caller caller = newCaller();
        String first = newWorkerId();
        UUID id = workers.submitAndStart(caller, first);
        fixture.report(saved(id, 1, first, 1, "{\"next\":1}"));
        fixture.report(saved(id, 1, first, 3, "{\"next\":3}"));
        fixture.report(saved(id, 1, first, 2, "{\"next\":2}")); // older: ignored
        await().atMost(WAIT).until(() -> storedSequence(id) == 3);

        RunOperation replacement = awaitReplacement(id);
        assertThat(replacement.epoch()).isEqualTo(2);
        assertThat(replacement.checkpoint().sequence()).isEqualTo(3);
        assertThat(replacement.checkpoint().revision()).isEqualTo("rev-1");
        assertThat(replacement.checkpoint().frontier()).isEqualTo("{\"next\":3}");
        assertThat(FrontierMac.fromBase64(checkpointKey).verifies(id, replacement.checkpoint()))
                .isTrue();
        assertThat(awaitStatus(caller, id, ExecutionStatus.QUEUED).statusMessage())
                .endsWith("; attempt 2 starts from checkpoint 3.");

        // the replacement saves further: a second loss is replaced again, from the new frontier
        String second = newWorkerId();
        workers.heartbeat(second);
        fixture.report(started(id, 2, second));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(saved(id, 2, second, 4, "{\"next\":4}"));
        await().atMost(WAIT).until(() -> storedSequence(id) == 4);
        RunOperation again = awaitReplacement(id);
        assertThat(again.epoch()).isEqualTo(3);
        assertThat(again.checkpoint().sequence()).isEqualTo(4);

        // a third loss: never more than two replacements
        String third = newWorkerId();
        workers.heartbeat(third);
        fixture.report(started(id, 3, third));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(saved(id, 3, third, 5, "{\"next\":5}"));
        await().atMost(WAIT).until(() -> storedSequence(id) == 5);
        clock.advance(PAST_TIMEOUT);
        awaitStatus(caller, id, ExecutionStatus.FAILED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).error().message()).contains("already replaced 2 times");
    }

    @Test
    void aReplacementThatSavedNothingNewIsNotReplacedFromTheSameFrontierAgain() {
        Caller caller = newCaller();
        String first = newWorkerId();
        UUID id = workers.submitAndStart(caller, first);
        fixture.report(saved(id, 1, first, 1, "{\"next\":1}"));
        await().atMost(WAIT).until(() -> storedSequence(id) == 1);
        awaitReplacement(id);

        String second = newWorkerId();
        workers.heartbeat(second);
        fixture.report(started(id, 2, second));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        // a stale epoch's checkpoint never moves the frontier
        fixture.report(saved(id, 1, first, 2, "{\"next\":2}"));
        clock.advance(PAST_TIMEOUT);

        awaitStatus(caller, id, ExecutionStatus.FAILED);
        assertThat(WorkerReportFlowTest.outcome(caller, id).error().message())
                .endsWith("; already replaced once from checkpoint 1 and no progress was saved since)");
        assertThat(storedSequence(id)).isEqualTo(1);
    }

    @Test
    void aRewriteNeverStoresAFrontier() {
        Caller caller = newCaller();
        Accepted accepted = (Accepted)
                fixture.send(submit(caller, "key-" + UUID.randomUUID(), TestOperations.MUTATION, "{\"x\":1}"));
        UUID id = accepted.executionId();
        String owner = newWorkerId();
        fixture.report(started(id, 1, owner));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        fixture.report(saved(id, 1, owner, 1, "{\"next\":1}"));
        // same partition: once the progress shows, the checkpoint was handled before it
        fixture.report(new dev.taskgate.contracts.event.Progress(
                UUID.randomUUID(), Instant.now(), id, 1, owner, 1, null, "sync"));
        await().atMost(WAIT)
                .until(() ->
                        "sync".equals(JobControlFixture.snapshot(caller, id).statusMessage()));
        assertThat(storedSequence(id)).isZero();
    }

    @Test
    void theOperatorViewNamesTheCheckpointsHeldButNeverTheirContent() {
        Caller caller = newCaller();
        String owner = newWorkerId();
        UUID id = workers.submitAndStart(caller, owner);
        fixture.report(saved(id, 1, owner, 2, "{\"frontier-secret\":1}"));
        await().atMost(WAIT).until(() -> storedSequence(id) == 2);
        fixture.report(new ResultStaged(
                UUID.randomUUID(), Instant.now(), id, 1, owner, "{\"content\":[],\"staged-secret\":true}"));
        await().atMost(WAIT)
                .until(() -> JobControlFixture.count(
                                pool, "select count(*) from jobctl.result_checkpoint where execution_id = $1", id)
                        == 1);

        Response view = SignedCalls.signed()
                .header("Taskgate-Principal", "https://taskgate.local/dev operator-1")
                .header("Taskgate-Workspace", caller.workspace())
                .header("Taskgate-Route", "GET /v1/orgs/x/projects/y/operator/tool-executions/h")
                .get("/internal/v1/operator/executions/" + handles.mint(id, Surface.REST, caller));

        List<OperatorCheckpoint> checkpoints = Wire.fromBytes(
                        view.then().statusCode(200).extract().asByteArray(), OperatorExecution.class)
                .checkpoints();
        assertThat(checkpoints).extracting(OperatorCheckpoint::kind).containsExactly("frontier", "result");
        assertThat(checkpoints.get(0).sequence()).isEqualTo(2);
        assertThat(checkpoints.get(0).revision()).isEqualTo("rev-1");
        assertThat(checkpoints).allSatisfy(c -> assertThat(c.epoch()).isEqualTo(1));
        assertThat(view.asString()).doesNotContain("frontier-secret", "staged-secret");
    }

    private RunOperation awaitReplacement(UUID id) {
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            clock.advance(PAST_TIMEOUT);
            return work.await(RunOperation.class, r -> r.executionId().equals(id), WAIT);
        }
    }

    private long storedSequence(UUID id) {
        return JobControlFixture.count(
                pool,
                "select coalesce(max(sequence), 0) from jobctl.frontier_checkpoint " + "where execution_id = $1",
                id);
    }

    private static CheckpointSaved saved(UUID id, long epoch, String worker, long sequence, String frontier) {
        return new CheckpointSaved(UUID.randomUUID(), Instant.now(), id, epoch, worker, sequence, "rev-1", frontier);
    }
}
