package dev.taskgate.jobctl;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;

import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * job-control re-checks {@code tools:write} itself: a submission of a mutating tool whose signed scopes lack it is
 * refused 403 {@code insufficient-scope} although the frontend signed it properly (a frontend that skipped its
 * check, or an older one that states no scopes), and creates nothing.
 */
@QuarkusTest
class SubmitMutatingWriteScopeTest {

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
    void aMutatingSubmissionWithoutToolsWriteIsRefusedAndCreatesNothing() {
        Caller caller = newCaller();
        String receiptKey = "key-" + UUID.randomUUID();

        for (List<String> scopes : Arrays.<List<String>>asList(null, List.of(), List.of("tools:call"))) {
            CommandReply reply = fixture.send(submit(caller, receiptKey, TestOperations.MUTATION, "{\"x\":1}", scopes));
            assertThat(reply).as("scopes %s", scopes).isInstanceOf(Rejected.class);
            assertThat(((Rejected) reply).problem().status()).isEqualTo(403);
            assertThat(((Rejected) reply).problem().type()).endsWith("/insufficient-scope");
        }
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", caller.principal()))
                .isZero();
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isZero();

        CommandReply granted = fixture.send(
                submit(caller, receiptKey, TestOperations.MUTATION, "{\"x\":1}", JobControlFixture.SCOPES));
        assertThat(granted).isInstanceOf(Accepted.class);
        assertThat(((Accepted) granted).created()).isTrue();
    }

    @Test
    void aReadOnlyToolNeedsNoScopes() {
        CommandReply reply =
                fixture.send(submit(newCaller(), "key-" + UUID.randomUUID(), "demo.echo", "{\"a\":1}", null));
        assertThat(reply).isInstanceOf(Accepted.class);
    }
}
