package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.Finished;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retained payload bytes PostgreSQL keeps per project (migration V23) stay equal to the sum over the project's
 * unpurged executions through every change of what is counted: a submission, a result, a purge, a deletion.
 */
@QuarkusTest
class ProjectRetainedBytesTest {

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
    void theKeptSumFollowsSubmissionsResultsPurgesAndDeletions() {
        Caller caller =
                new Caller("https://taskgate.local/dev", "user-" + UUID.randomUUID(), "org-" + UUID.randomUUID(), "p");
        UUID first = submitted(caller, "a1");
        UUID second = submitted(caller, "b1");
        long inputsOnly = kept(caller);
        assertThat(inputsOnly).isPositive().isEqualTo(summed(caller));

        fixture.report(started(first, 1));
        fixture.report(new Finished(
                UUID.randomUUID(),
                Instant.now(),
                first,
                1,
                "worker-test",
                "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}"));
        awaitStatus(caller, first, ExecutionStatus.COMPLETED);
        assertThat(kept(caller)).isGreaterThan(inputsOnly).isEqualTo(summed(caller));

        execute("update jobctl.execution set input = null, result = null, purged_at = now() where id = $1", first);
        assertThat(kept(caller)).isEqualTo(summed(caller)).isLessThan(inputsOnly);

        // purging again changes nothing
        execute("update jobctl.execution set purged_at = now() where id = $1", first);
        assertThat(kept(caller)).isEqualTo(summed(caller));

        execute("delete from jobctl.execution where id = $1", second);
        assertThat(kept(caller)).isZero().isEqualTo(summed(caller));
    }

    private UUID submitted(Caller caller, String receiptKey) {
        return ((Accepted)
                        fixture.send(submit(caller, receiptKey, "demo.echo", "{\"text\":\"" + "x".repeat(300) + "\"}")))
                .executionId();
    }

    private long kept(Caller caller) {
        return count(
                pool,
                "select coalesce(sum(bytes), 0) from jobctl.project_retained_bytes where org_id = $1 and project_id = $2",
                caller.orgId(),
                caller.projectId());
    }

    private long summed(Caller caller) {
        return count(
                pool,
                "select coalesce(sum(payload_bytes), 0) from jobctl.execution "
                        + "where org_id = $1 and project_id = $2 and purged_at is null",
                caller.orgId(),
                caller.projectId());
    }

    private void execute(String sql, UUID id) {
        pool.preparedQuery(sql).execute(Tuple.of(id)).await().atMost(WAIT);
    }
}
