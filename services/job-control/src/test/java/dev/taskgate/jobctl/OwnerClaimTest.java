package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.Started;

import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.cancel;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * worker-pool claims an execution's epoch before a call that must happen at most once (docs/gateway.md): the first
 * instance owns the epoch — whether it claims first or reports {@code Started} first — and every other is refused (a
 * duplicate's {@code Started} is fenced like the rest of its reports).
 */
@QuarkusTest
class OwnerClaimTest {
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
    void theFirstInstanceOwnsTheEpochAndAStartedOfAnotherDoesNotTakeItOver() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();

        assertThat(claim(id, "1", "worker-a")).isEqualTo(204);
        assertThat(claim(id, "1", "worker-a")).as("claimed again by its owner").isEqualTo(204);
        assertThat(claim(id, "1", "worker-b")).isEqualTo(409);
        assertThat(claim(id, "2", "worker-a"))
                .as("an epoch that is not the execution's")
                .isEqualTo(409);

        // the owner's own Started, which a claim may overtake, moves the execution on; ownership stays
        fixture.report(new Started(UUID.randomUUID(), Instant.now(), id, 1, "worker-a", 4242L));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        assertThat(claim(id, "1", "worker-b")).isEqualTo(409);
        assertThat(claim(id, "1", "worker-a")).isEqualTo(204);
    }

    @Test
    void anInstanceThatStartedFirstOwnsTheEpoch() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();

        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);

        assertThat(claim(id, "1", "worker-a")).isEqualTo(409);
        assertThat(claim(id, "1", "worker-test")).isEqualTo(204);
    }

    @Test
    void aTerminalExecutionCannotBeClaimed() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        fixture.send(cancel(caller, id));
        awaitStatus(caller, id, ExecutionStatus.CANCELLED);

        assertThat(claim(id, "1", "worker-a")).isEqualTo(409);
        assertThat(claim(UUID.randomUUID(), "1", "worker-a")).as("unknown").isEqualTo(409);
    }

    @Test
    void aMalformedClaimIs400AndOnlyWorkerPoolMayClaim() {
        UUID id = fixture.submitNew(newCaller()).executionId();

        assertThat(claim(id, "one", "worker-a")).isEqualTo(400);
        assertThat(claim(id, "1", "")).isEqualTo(400);
        assertThat(SignedCalls.signed()
                        .header(SignedCalls.ISSUER, "mcp-frontend")
                        .header(SignedCalls.PRINCIPAL, "p")
                        .header(SignedCalls.WORKSPACE, "o/p")
                        .post("/internal/v1/executions/{id}/owner-claim?epoch=1&worker=worker-a", id)
                        .statusCode())
                .isEqualTo(403);
        assertThat(claim(id, "1", "worker-a"))
                .as("none of the refused calls claimed it")
                .isEqualTo(204);
    }

    private static int claim(UUID id, String epoch, String worker) {
        return SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .post("/internal/v1/executions/{id}/owner-claim?epoch=" + epoch + "&worker=" + worker, id)
                .statusCode();
    }
}
