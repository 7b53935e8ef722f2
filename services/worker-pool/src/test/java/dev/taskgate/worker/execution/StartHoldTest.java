package dev.taskgate.worker.execution;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.SmallRecordsProfile;
import dev.taskgate.worker.pool.ChildPool;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A read-only run's {@code Started} held back ({@link StartReport}), in real children on the real broker, under a hold
 * of ten minutes ({@link SmallRecordsProfile}) that no run here outlasts: a quick run reports only its end, and that end
 * settles its record; a run that reports anything else, or whose child dies, sends its {@code Started} first, as
 * job-control applies a run's reports only once it started. Runs are handed to the runner directly, so the stage
 * that settles the record is observed as the consumer would see it.
 */
@QuarkusTest
@TestProfile(SmallRecordsProfile.class)
class StartHoldTest {
    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @Inject
    ChildPool pool;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void aQuickRunReportsOnlyItsEndAndTheEndSettlesItsRecord() throws Exception {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            var settled =
                    runner.dispatch(run(id, 1, "demo.echo", "{\"quick\":true}")).toCompletableFuture();

            Finished finished = awaitEvent(events, Finished.class, id);
            settled.get(30, TimeUnit.SECONDS);

            assertThat(finished.result()).contains("quick");
            assertThat(finished.startedAt())
                    .as("the end stands for the run's start")
                    .isNotNull();
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.FINISHED);
        }
    }

    @Test
    void aRunThatReportsProgressSendsItsStartFirst() throws Exception {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            var settled = runner.dispatch(run(id, 1, "demo.count", "{\"to\":2,\"step_ms\":1}"))
                    .toCompletableFuture();

            Finished finished = awaitEvent(events, Finished.class, id);
            settled.get(30, TimeUnit.SECONDS);

            assertThat(finished.startedAt()).as("the Started went out").isNull();
            List<WorkerEvent.Kind> kinds = eventsFor(events, id, Duration.ofMillis(300)).stream()
                    .map(WorkerEvent::kind)
                    .toList();
            assertThat(kinds).first().isEqualTo(WorkerEvent.Kind.STARTED);
            assertThat(kinds).containsOnlyOnce(WorkerEvent.Kind.STARTED).contains(WorkerEvent.Kind.PROGRESS);
            assertThat(kinds).last().isEqualTo(WorkerEvent.Kind.FINISHED);
        }
    }

    @Test
    void aChildThatDiesDuringTheHoldReportsTheStartBeforeTheDeath() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            runner.dispatch(run(id, 1, "demo.crash", "{\"exit_code\":3}"));

            ChildDied died = awaitEvent(events, ChildDied.class, id);

            List<WorkerEvent> all = eventsFor(events, id, Duration.ofMillis(300));
            assertThat(all)
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.STARTED, WorkerEvent.Kind.CHILD_DIED);
            assertThat(((Started) all.get(0)).childPid()).isEqualTo(died.childPid());
            // the dead child's replacement, before the next test takes a child
            await().atMost(Duration.ofSeconds(60)).until(() -> pool.readyChildren() == pool.size());
        }
    }
}
