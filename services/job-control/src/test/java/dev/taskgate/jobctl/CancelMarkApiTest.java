package dev.taskgate.jobctl;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.tuples.Tuple2;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.submit.CancelMarkSweeper;
import dev.taskgate.jobctl.submit.CancelMarks;
import dev.taskgate.jobctl.submit.SubmissionService;

import static dev.taskgate.jobctl.JobControlFixture.REPLY_TO;
import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code PUT /internal/v1/receipts/{key}/cancel-mark}: a 2025-era call cancelled by its receipt key before or after
 * its admission. Admitted → the owner gets the execution; not admitted → a mark refuses the key's 2025 submissions
 * until it expires, and a mark racing a submission of the same key never lets both miss.
 */
@QuarkusTest
class CancelMarkApiTest {
    private static final String CANCELLED = Problem.TYPE_BASE + "cancelled-before-admission";
    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    SubmissionService submissions;

    @Inject
    CancelMarks marks;

    @Inject
    CancelMarkSweeper sweeper;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void anAdmittedKeyNamesItsExecutionToItsOwnerAndLeavesNoMark() {
        Caller owner = newCaller();
        String key = newKey();
        Accepted accepted = (Accepted) fixture.send(submit2025(owner, key));

        Response found = mark(owner, key);

        assertThat(found.statusCode()).isEqualTo(200);
        ExecutionSnapshot snapshot = Wire.fromBytes(found.asByteArray(), ExecutionSnapshot.class);
        assertThat(snapshot.executionId()).isEqualTo(accepted.executionId());
        assertThat(marksOf(owner)).isZero();
    }

    @Test
    void aKeyNotAdmittedYetIsMarkedAndItsSubmissionsAreRefusedWithNothingCreated() {
        Caller owner = newCaller();
        String key = newKey();

        Response marked = mark(owner, key);
        Response again = mark(owner, key);
        CommandReply first = fixture.send(submit2025(owner, key));
        CommandReply retried = fixture.send(submit2025(owner, key));

        assertThat(marked.statusCode()).isEqualTo(202);
        assertThat(again.statusCode()).as("idempotent").isEqualTo(202);
        for (CommandReply reply : List.of(first, retried)) {
            assertThat(reply).isInstanceOfSatisfying(Rejected.class, r -> {
                assertThat(r.problem().type()).isEqualTo(CANCELLED);
                assertThat(r.problem().status()).isEqualTo(409);
            });
        }
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", owner.principal()))
                .isZero();
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", owner.principal()))
                .isZero();
    }

    @Test
    void aMarkRefusesOnlyItsOwnersMcp2025Submissions() {
        Caller owner = newCaller();
        Caller stranger = newCaller();
        String key = newKey();
        assertThat(mark(owner, key).statusCode()).isEqualTo(202);

        CommandReply strangers = fixture.send(submit2025(stranger, key));
        CommandReply otherWorkspace =
                fixture.send(submit2025(new Caller(owner.issuer(), owner.subject(), "org-2", owner.projectId()), key));
        CommandReply rest = fixture.send(JobControlFixture.submit(owner, key, "demo.echo", "{\"a\":1}"));

        assertThat(List.of(strangers, otherWorkspace, rest)).allMatch(Accepted.class::isInstance);
    }

    @Test
    void aMarkAndASubmissionRacingForOneKeyNeverBothMiss() {
        // bypass Kafka and HTTP so that the two transactions of each key really run side by side
        List<Uni<Tuple2<CommandOutcome, Optional<ExecutionSnapshot>>>> races = IntStream.range(0, 20)
                .mapToObj(i -> {
                    Caller caller = newCaller();
                    String key = newKey();
                    return Uni.combine()
                            .all()
                            .unis(
                                    submissions.submit(submit2025(caller, key)),
                                    marks.cancelByReceipt(caller.principal(), caller.workspace(), key))
                            .asTuple();
                })
                .toList();

        List<Tuple2<CommandOutcome, Optional<ExecutionSnapshot>>> outcomes =
                Uni.join().all(races).andFailFast().await().atMost(WAIT);

        for (Tuple2<CommandOutcome, Optional<ExecutionSnapshot>> race : outcomes) {
            CommandReply reply = race.getItem1().reply();
            Optional<ExecutionSnapshot> named = race.getItem2();
            if (reply instanceof Accepted accepted) {
                assertThat(named)
                        .as("a submission admitted before the mark is named to the canceller")
                        .map(ExecutionSnapshot::executionId)
                        .contains(accepted.executionId());
            } else {
                assertThat(reply)
                        .isInstanceOfSatisfying(
                                Rejected.class,
                                r -> assertThat(r.problem().type()).isEqualTo(CANCELLED));
                assertThat(named).as("a refused submission admitted nothing").isEmpty();
            }
        }
    }

    @Test
    void anExpiredMarkNoLongerRefusesAndIsSwept() {
        Caller owner = newCaller();
        String key = newKey();
        Instant past = Instant.now().minusSeconds(3600);
        pool.preparedQuery("insert into jobctl.cancel_mark (principal, workspace, receipt_key, created_at, expires_at) "
                        + "values ($1, $2, $3, $4, $5)")
                .execute(Tuple.of(owner.principal(), owner.workspace(), key, utc(past), utc(past.plusSeconds(60))))
                .await()
                .atMost(WAIT);

        CommandReply reply = fixture.send(submit2025(owner, key));
        sweeper.sweepOnce().await().atMost(WAIT);

        assertThat(reply).isInstanceOf(Accepted.class);
        assertThat(marksOf(owner)).isZero();
    }

    @Test
    void anUnsignedCallOrOneWithoutWorkspaceMarksNothing() {
        Response unsigned = given().header("Taskgate-Principal", "iss sub")
                .header("Taskgate-Workspace", "o/p")
                .put("/internal/v1/receipts/{key}/cancel-mark", "k");
        Response noWorkspace = SignedCalls.signed()
                .header("Taskgate-Principal", "iss sub")
                .put("/internal/v1/receipts/{key}/cancel-mark", "k");

        assertThat(unsigned.statusCode()).isEqualTo(401);
        assertThat(noWorkspace.statusCode()).isEqualTo(400);
        assertThat(noWorkspace.contentType()).startsWith("application/problem+json");
        assertThat(noWorkspace.jsonPath().getString("detail")).contains("no workspace");
        assertThat(count(pool, "select count(*) from jobctl.cancel_mark where receipt_key = $1", "k"))
                .isZero();
    }

    private long marksOf(Caller caller) {
        return count(pool, "select count(*) from jobctl.cancel_mark where principal = $1", caller.principal());
    }

    private static SubmitExecution submit2025(Caller caller, String key) {
        return new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                REPLY_TO,
                caller,
                Surface.MCP_2025,
                key,
                "demo.echo",
                json("{\"a\":1}"));
    }

    private static String newKey() {
        return "mcp-2025:call:" + UUID.randomUUID();
    }

    private static Response mark(Caller caller, String key) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .put("/internal/v1/receipts/{key}/cancel-mark", key);
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
