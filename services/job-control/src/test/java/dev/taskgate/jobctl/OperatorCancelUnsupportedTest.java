package dev.taskgate.jobctl;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.CancelOutcome;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An operator's cancel of an operation the catalog marks {@code cancellable: false}, against the real database and
 * broker: running, it answers {@code unsupported} and changes nothing (no cancel request recorded, no stop sent),
 * and the audit log records {@code unsupported}; still queued, nothing has run, so it is cancelled at once.
 */
@QuarkusTest
class OperatorCancelUnsupportedTest {

    private static final String OPERATOR = "https://taskgate.local/dev operator-1";
    private static JobControlFixture fixture;

    @Inject
    ExecutionHandles handles;

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
    void aRunningNonCancellableOperationIsUnsupportedAndUnchanged() {
        Caller owner = ownProject();
        UUID id = accept(owner, "run-1");
        fixture.report(started(id, 1));
        awaitStatus(owner, id, ExecutionStatus.WORKING);

        OperatorCancelResult result;
        try (TopicWatcher control = fixture.kafka.watch(topic(Topics.CONTROL))) {
            result = cancel(owner, id);

            assertThat(control.drain(Duration.ofSeconds(1)).stream()
                            .filter(r -> id.toString().equals(r.key())))
                    .as("no stop sent")
                    .isEmpty();
        }
        assertThat(result.outcome()).isEqualTo(CancelOutcome.UNSUPPORTED);
        assertThat(result.execution().status()).isEqualTo(ExecutionStatus.WORKING);
        assertThat(snapshot(owner, id).cancelRequested())
                .as("no cancel request recorded")
                .isNull();
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = $1 and state = 'working' "
                                + "and cancel_requested_at is null",
                        id))
                .isEqualTo(1);
        assertThat(count(pool, "select count(*) from jobctl.outbox where record_key = $1", id.toString()))
                .isZero();
        assertThat(cancel(owner, id).outcome())
                .as("asking again changes nothing either")
                .isEqualTo(CancelOutcome.UNSUPPORTED);
        assertThat(audit(owner.workspace()))
                .filteredOn(e -> e.action().equals("cancel"))
                .extracting(AuditEntry::outcome)
                .containsExactly("unsupported", "unsupported");
    }

    @Test
    void aQueuedNonCancellableOperationIsCancelledAtOnce() {
        Caller owner = ownProject();
        UUID id = accept(owner, "queued-1");

        OperatorCancelResult result = cancel(owner, id);

        assertThat(result.outcome()).isEqualTo(CancelOutcome.ACCEPTED);
        assertThat(result.execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
    }

    /** An owner in a project of its own, so the project's audit log holds only this test's calls. */
    private static Caller ownProject() {
        return new Caller("https://taskgate.local/dev", "owner", "org-unsupported-" + UUID.randomUUID(), "p");
    }

    private static UUID accept(Caller owner, String key) {
        return ((Accepted) fixture.send(submit(owner, key, TestOperations.UNCANCELLABLE, "{}"))).executionId();
    }

    private OperatorCancelResult cancel(Caller owner, UUID id) {
        String handle = handles.mint(id, Surface.REST, owner);
        return body(
                operator(owner.workspace()).post("/internal/v1/operator/executions/" + handle + "/cancel"),
                OperatorCancelResult.class);
    }

    private static java.util.List<AuditEntry> audit(String workspace) {
        return body(operator(workspace).get("/internal/v1/operator/audit?limit=100"), AuditPage.class)
                .items();
    }

    private static RequestSpecification operator(String workspace) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", OPERATOR)
                .header("Taskgate-Workspace", workspace)
                .header("Taskgate-Route", "POST /v1/orgs/x/projects/y/operator/tool-executions/h/cancel");
    }

    private static <T> T body(Response r, Class<T> type) {
        return Wire.fromBytes(r.then().statusCode(200).extract().asByteArray(), type);
    }
}
