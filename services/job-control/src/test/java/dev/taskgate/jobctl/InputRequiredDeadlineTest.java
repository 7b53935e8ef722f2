package dev.taskgate.jobctl;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The deadline keeps running while an execution waits for input: past it, the execution fails and its worker is stopped. */
@QuarkusTest
@TestProfile(SweeperTestProfile.class)
class InputRequiredDeadlineTest {

    private static JobControlFixture fixture;

    @Inject
    AdjustableClock clock;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void anExecutionWaitingForInputFailsAtItsDeadline() {
        Caller caller = newCaller();
        Accepted accepted = (Accepted) fixture.send(submit(caller, "key-" + UUID.randomUUID(), "demo.confirm", "{}"));
        UUID id = accepted.executionId();
        fixture.report(started(id, 1));
        fixture.report(new InputRequested(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                "worker-test",
                Map.of("confirm", json("{\"method\":\"elicitation/create\",\"params\":{}}"))));
        await().atMost(WAIT)
                .until(() -> JobControlFixture.snapshot(caller, id), s -> s.status() == ExecutionStatus.INPUT_REQUIRED);

        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            clock.advance(Duration.ofHours(24).plusSeconds(1));

            StopRequested stop =
                    control.await(StopRequested.class, s -> s.executionId().equals(id), WAIT);
            assertThat(stop.epoch()).isEqualTo(1);
        }
        ExecutionSnapshot failed = JobControlFixture.awaitStatus(caller, id, ExecutionStatus.FAILED);
        assertThat(failed.inputRequests()).isNull();
    }
}
