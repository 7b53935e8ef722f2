package dev.taskgate.worker.pool;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.ShortLimitsProfile;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** With {@code max-operations-per-child=1} every operation gets a fresh child. */
@QuarkusTest
@TestProfile(ShortLimitsProfile.class)
class ChildRecyclingTest {
    private static KafkaTestClient kafka;

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
    void aChildIsReplacedAfterItsShareOfOperations() {
        Set<Long> pids = new HashSet<>();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            for (int i = 0; i < 3; i++) {
                UUID id = UUID.randomUUID();
                send(kafka, run(id, 1, "demo.echo", "{\"i\":" + i + "}"));
                assertThat(awaitEvent(events, Finished.class, id).result()).contains("{\"i\":" + i + "}");
                pids.add(awaitEvent(events, Started.class, id).childPid());
            }
        }
        assertThat(pids).hasSize(3);
        await().atMost(Duration.ofSeconds(60)).until(() -> pool.readyChildren() == pool.size());
        await().atMost(Duration.ofSeconds(30))
                .until(() -> pids.stream()
                        .noneMatch(pid -> ProcessHandle.of(pid)
                                .map(ProcessHandle::isAlive)
                                .orElse(false)));
    }
}
