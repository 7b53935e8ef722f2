package dev.taskgate.jobctl;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/** With {@code taskgate.conformance.enabled=true} a fixture tool is accepted and dispatched like any operation. */
@QuarkusTest
@TestProfile(LivenessTestProfile.class)
class SubmitConformanceToolEnabledTest {
    private static JobControlFixture fixture;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aFixtureToolIsAcceptedAndDispatched() {
        Caller caller = newCaller();
        try (TopicWatcher work = fixture.kafka.watch(topic(Topics.WORK))) {
            CommandReply reply = fixture.send(submit(caller, "k", "greet", "{\"name\":\"conformance\"}"));

            assertThat(reply).isInstanceOf(Accepted.class);
            RunOperation run =
                    work.await(RunOperation.class, r -> r.executionId().equals(((Accepted) reply).executionId()), WAIT);
            assertThat(run.operation()).isEqualTo("greet");
        }
    }
}
