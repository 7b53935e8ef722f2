package dev.taskgate.jobctl;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;

import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static org.assertj.core.api.Assertions.assertThat;

/** By default the conformance pack is not part of the catalog: its tools are unknown and nothing is stored. */
@QuarkusTest
class SubmitConformanceToolDisabledTest {
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
    void aFixtureToolIsRejectedAsUnknownTool() {
        Caller caller = newCaller();

        CommandReply reply = fixture.send(submit(caller, "k", "test_simple_text", "{}"));

        assertThat(reply).isInstanceOf(Rejected.class);
        assertThat(((Rejected) reply).problem().type()).isEqualTo("https://taskgate.dev/problems/unknown-tool");
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isZero();
    }
}
