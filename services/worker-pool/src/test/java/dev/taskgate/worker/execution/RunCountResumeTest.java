package dev.taskgate.worker.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.checkpoint.FrontierCheckpoint;
import dev.taskgate.contracts.checkpoint.FrontierMac;
import dev.taskgate.contracts.event.CheckpointSaved;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * demo.count in a real child: a replacement carrying a frontier with a valid MAC continues from it and numbers its
 * checkpoints on; with a MAC that does not verify it starts afresh. Both return the undisturbed result.
 */
@QuarkusTest
class RunCountResumeTest {
    private static KafkaTestClient kafka;

    @ConfigProperty(name = "taskgate.checkpoint.key")
    String checkpointKey;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void aVerifiedFrontierIsContinuedFrom() {
        UUID id = UUID.randomUUID();
        String revision = "demo.count/v1/4";
        FrontierCheckpoint checkpoint = new FrontierCheckpoint(
                5,
                revision,
                "{\"next\":2}",
                FrontierMac.fromBase64(checkpointKey).mac(id, 5, revision, "{\"next\":2}"));

        List<CheckpointSaved> saved = runWith(id, checkpoint);

        assertThat(saved).extracting(CheckpointSaved::sequence).containsExactly(6L, 7L);
        assertThat(saved).extracting(CheckpointSaved::frontier).containsExactly("{\"next\":3}", "{\"next\":4}");
        assertThat(saved).allSatisfy(c -> assertThat(c.revision()).isEqualTo(revision));
    }

    @Test
    void aFrontierWhoseMacDoesNotVerifyIsIgnoredAndTheRunStartsAfresh() {
        UUID id = UUID.randomUUID();
        String revision = "demo.count/v1/4";
        // a MAC for another execution: moving a checkpoint between executions must not work
        FrontierCheckpoint forged = new FrontierCheckpoint(
                5,
                revision,
                "{\"next\":3}",
                FrontierMac.fromBase64(checkpointKey).mac(UUID.randomUUID(), 5, revision, "{\"next\":3}"));

        List<CheckpointSaved> saved = runWith(id, forged);

        assertThat(saved)
                .extracting(CheckpointSaved::frontier)
                .containsExactly("{\"next\":1}", "{\"next\":2}", "{\"next\":3}", "{\"next\":4}");
        assertThat(saved).extracting(CheckpointSaved::sequence).containsExactly(6L, 7L, 8L, 9L);
    }

    private static List<CheckpointSaved> runWith(UUID id, FrontierCheckpoint checkpoint) {
        RunOperation plain = run(id, 2, "demo.count", "{\"to\":4,\"step_ms\":20}");
        RunOperation replacement = new RunOperation(
                UUID.randomUUID(),
                Instant.now(),
                id,
                2,
                2,
                plain.operation(),
                "1",
                plain.input(),
                plain.deadline(),
                null,
                checkpoint);
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, replacement);
            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result())
                    .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"counted to 4\"}]," + "\"isError\":false}");
            return eventsFor(events, id, Duration.ofMillis(300)).stream()
                    .filter(CheckpointSaved.class::isInstance)
                    .map(CheckpointSaved.class::cast)
                    .toList();
        }
    }
}
