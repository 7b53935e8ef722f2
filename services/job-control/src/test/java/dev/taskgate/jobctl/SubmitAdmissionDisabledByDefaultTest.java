package dev.taskgate.jobctl;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.jobctl.admission.AdmissionPolicy;

import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static org.assertj.core.api.Assertions.assertThat;

/** With the shipped configuration both surfaces are off: nothing is bounded and every submission is admitted. */
@QuarkusTest
class SubmitAdmissionDisabledByDefaultTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    AdmissionPolicy policy;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void theDefaultAdmitsEverySubmission() {
        assertThat(policy.appliesTo(TaskSurface.NATIVE)).isFalse();
        assertThat(policy.appliesTo(TaskSurface.COMPATIBILITY)).isFalse();
        Caller caller = newCaller();

        for (int i = 0; i < 25; i++) {
            CommandReply reply = fixture.send(submit(caller, "k" + i, "demo.echo", "{\"i\":" + i + "}"));
            assertThat(reply).isInstanceOf(Accepted.class);
        }

        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(25);
    }
}
