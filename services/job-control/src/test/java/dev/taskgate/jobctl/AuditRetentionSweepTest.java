package dev.taskgate.jobctl;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.operator.AuditEntry;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Operator audit rows are kept for {@code jobctl.audit.retention} (400 days by default) and then deleted by the
 * audit sweeper; younger rows stay. Time moves with the adjustable clock.
 */
@QuarkusTest
@TestProfile(SweeperTestProfile.class)
class AuditRetentionSweepTest {

    private static final String OPERATOR = "https://taskgate.local/dev operator-1";

    @Inject
    AdjustableClock clock;

    @Inject
    Pool pool;

    @Test
    void rowsOlderThanTheRetentionAreDeletedAndYoungerOnesKept() {
        String workspace = "org-audit-" + UUID.randomUUID() + "/p";
        record(workspace, "tgx_old");
        clock.advance(Duration.ofDays(200));
        record(workspace, "tgx_young");
        assertThat(rows(workspace, "tgx_old")).isEqualTo(1);

        clock.advance(Duration.ofDays(200).plusSeconds(1));

        await().atMost(WAIT).until(() -> rows(workspace, "tgx_old") == 0);
        assertThat(rows(workspace, "tgx_young")).as("200 days old: kept").isEqualTo(1);
    }

    private long rows(String workspace, String target) {
        return count(
                pool,
                "select count(*) from jobctl.operator_audit where workspace = $1 and target = $2",
                workspace,
                target);
    }

    private static void record(String workspace, String target) {
        SignedCalls.signed()
                .header("Taskgate-Principal", OPERATOR)
                .header("Taskgate-Workspace", workspace)
                .header("Taskgate-Route", "GET /v1/orgs/x/projects/y/operator/tool-executions/h")
                .contentType("application/json")
                .body(Wire.toBytes(AuditEntry.of("ignored", "ignored", "get", "ignored", target, "not_found")))
                .post("/internal/v1/operator/audit")
                .then()
                .statusCode(204);
    }
}
