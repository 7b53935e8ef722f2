package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cancelling an execution of a mutating operation needs {@code tools:write} among the command's {@code scopes} (signed
 * by the frontend; {@code writeGranted} alone no longer counts), and the check comes after the ownership check: a
 * non-owner learns nothing, not even that the tool is mutating.
 */
@QuarkusTest
class CancelMutatingExecutionTest {

    private static JobControlFixture fixture;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    private static CancelExecution cancel(Caller caller, UUID id, List<String> scopes) {
        return JobControlFixture.cancel(caller, id, scopes);
    }

    /** What an older frontend sends: its own verdict, without the scopes. */
    private static CancelExecution grantedWithoutScopes(Caller caller, UUID id) {
        return new CancelExecution(
                UUID.randomUUID(), Instant.now(), JobControlFixture.REPLY_TO, id, caller, "test", Boolean.TRUE);
    }

    @Test
    void withoutToolsWriteTheOwnerIsRefused403AndNothingChanges() {
        Caller owner = JobControlFixture.newCaller();
        UUID id = ((Accepted) fixture.send(
                        JobControlFixture.submit(owner, "k-" + UUID.randomUUID(), TestOperations.MUTATION, "{}")))
                .executionId();

        for (CancelExecution refused : List.of(
                cancel(owner, id, null),
                cancel(owner, id, List.of()),
                cancel(owner, id, List.of("tools:call")),
                grantedWithoutScopes(owner, id))) {
            CommandReply reply = fixture.send(refused);
            assertThat(reply).isInstanceOf(Rejected.class);
            assertThat(((Rejected) reply).problem().status()).isEqualTo(403);
            assertThat(((Rejected) reply).problem().type()).endsWith("/insufficient-scope");
        }
        assertThat(JobControlFixture.snapshot(owner, id).status()).isEqualTo(ExecutionStatus.QUEUED);

        CommandReply granted = fixture.send(cancel(owner, id, JobControlFixture.SCOPES));
        assertThat(granted).isInstanceOf(Accepted.class);
        assertThat(((Accepted) granted).execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
    }

    @Test
    void aNonOwnerGetsTheUniform404WithOrWithoutToolsWrite() {
        Caller owner = JobControlFixture.newCaller();
        UUID id = ((Accepted) fixture.send(
                        JobControlFixture.submit(owner, "k-" + UUID.randomUUID(), TestOperations.MUTATION, "{}")))
                .executionId();
        Caller other = JobControlFixture.newCaller();

        for (List<String> scopes : Arrays.asList(null, JobControlFixture.SCOPES)) {
            CommandReply reply = fixture.send(cancel(other, id, scopes));
            assertThat(reply).isInstanceOf(Rejected.class);
            assertThat(((Rejected) reply).problem().status()).isEqualTo(404);
        }
    }

    @Test
    void aReadOnlyOperationNeedsNoWriteScope() {
        Caller owner = JobControlFixture.newCaller();
        UUID id = fixture.submitNew(owner).executionId();

        CommandReply reply = fixture.send(cancel(owner, id, null));
        assertThat(reply).isInstanceOf(Accepted.class);
    }
}
