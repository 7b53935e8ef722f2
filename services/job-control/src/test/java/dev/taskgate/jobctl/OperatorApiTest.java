package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
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
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.CancelOutcome;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * job-control's internal operator API against the real database and broker: listing every principal's executions
 * of one project, reading status and payloads by the owner's handle (never by a forged, tampered, foreign or
 * internal id), each cancel outcome, and an audit entry for every call.
 */
@QuarkusTest
class OperatorApiTest {

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

    /** Two principals of one fresh project, so listings are exact. */
    private static Caller[] project() {
        String org = "org-op-" + UUID.randomUUID();
        return new Caller[] {
            new Caller("https://taskgate.local/dev", "alice", org, "p"),
            new Caller("https://taskgate.local/dev", "bob", org, "p")
        };
    }

    private static RequestSpecification operator(String workspace) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", OPERATOR)
                .header("Taskgate-Workspace", workspace)
                .header("Taskgate-Route", "GET /v1/orgs/x/projects/y/operator/tool-executions");
    }

    private static <T> T body(Response r, Class<T> type) {
        return Wire.fromBytes(r.then().statusCode(200).extract().asByteArray(), type);
    }

    private String handle(Caller owner, UUID id) {
        return handles.mint(id, Surface.REST, owner);
    }

    private List<AuditEntry> audit(String workspace) {
        return body(operator(workspace).get("/internal/v1/operator/audit?limit=100"), AuditPage.class)
                .items();
    }

    @Test
    void listsEveryPrincipalsExecutionsOfTheProjectNewestFirstInPages() {
        Caller[] p = project();
        UUID a = fixture.submitNew(p[0]).executionId();
        UUID b = fixture.submitNew(p[1]).executionId();
        UUID c = fixture.submitNew(p[0]).executionId();
        fixture.submitNew(JobControlFixture.newCaller()); // another project: never listed

        List<OperatorExecution> seen = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 5; page++) {
            String url = "/internal/v1/operator/executions?limit=2" + (cursor == null ? "" : "&cursor=" + cursor);
            OperatorExecutionPage result = body(operator(p[0].workspace()).get(url), OperatorExecutionPage.class);
            seen.addAll(result.items());
            cursor = result.nextCursor();
            if (cursor == null) {
                break;
            }
        }

        assertThat(seen)
                .extracting(OperatorExecution::handle)
                .containsExactly(handle(p[0], c), handle(p[1], b), handle(p[0], a));
        assertThat(seen)
                .extracting(OperatorExecution::owner)
                .containsExactly(p[0].principal(), p[1].principal(), p[0].principal());
        assertThat(seen).allSatisfy(e -> assertThat(e.toolName()).isEqualTo("demo.echo"));
    }

    @Test
    void listFiltersByStatusAndShowsNoPayloadOrMessages() {
        Caller[] p = project();
        UUID done = fixture.submitNew(p[0]).executionId();
        UUID queued = fixture.submitNew(p[1]).executionId();
        fixture.report(started(done, 1));
        fixture.report(new Failed(
                UUID.randomUUID(), Instant.now(), done, 1, "worker-test", "boom", "secret detail from the input"));
        awaitStatus(p[0], done, ExecutionStatus.FAILED);

        Response failed = operator(p[0].workspace()).get("/internal/v1/operator/executions?status=failed");
        assertThat(body(failed, OperatorExecutionPage.class).items())
                .extracting(OperatorExecution::handle)
                .containsExactly(handle(p[0], done));
        assertThat(failed.asString()).doesNotContain("secret detail", "boom", "\"a\"");
        assertThat(body(
                                operator(p[0].workspace()).get("/internal/v1/operator/executions?status=queued"),
                                OperatorExecutionPage.class)
                        .items())
                .extracting(OperatorExecution::handle)
                .containsExactly(handle(p[1], queued));
    }

    @Test
    void listFiltersByToolPrincipalAndCreationTime() {
        Caller[] p = project();
        UUID echoOfAlice = fixture.submitNew(p[0]).executionId();
        UUID sleepOfBob = ((Accepted) fixture.send(
                        JobControlFixture.submit(p[1], "key-" + UUID.randomUUID(), "demo.sleep", "{\"seconds\":0}")))
                .executionId();
        UUID echoOfBob = fixture.submitNew(p[1]).executionId();

        assertThat(list(p, "tool=demo.echo")).containsExactly(handle(p[1], echoOfBob), handle(p[0], echoOfAlice));
        assertThat(list(p, "principal=bob")).containsExactly(handle(p[1], echoOfBob), handle(p[1], sleepOfBob));
        assertThat(list(p, "principal=" + p[1].principal()))
                .containsExactly(handle(p[1], echoOfBob), handle(p[1], sleepOfBob));
        assertThat(list(p, "principal=bo")).isEmpty();
        assertThat(list(p, "tool=demo.echo&principal=bob")).containsExactly(handle(p[1], echoOfBob));
        assertThat(list(p, "tool=demo.nothing")).isEmpty();

        // the window is taken from the stored creation times: [bob's sleep, bob's echo) holds exactly what lies in it
        List<OperatorExecution> all = body(
                        operator(p[0].workspace()).get("/internal/v1/operator/executions"), OperatorExecutionPage.class)
                .items();
        Instant from = created(all, handle(p[1], sleepOfBob));
        Instant before = created(all, handle(p[1], echoOfBob));
        List<String> inWindow = all.stream()
                .filter(e -> !e.createdAt().isBefore(from) && e.createdAt().isBefore(before))
                .map(OperatorExecution::handle)
                .toList();
        assertThat(inWindow).contains(handle(p[1], sleepOfBob)).doesNotContain(handle(p[1], echoOfBob));
        assertThat(list(p, "created_from=" + from + "&created_before=" + before))
                .isEqualTo(inWindow);
        assertThat(list(p, "created_from=" + before)).containsExactly(handle(p[1], echoOfBob));
    }

    private List<String> list(Caller[] project, String query) {
        return body(
                        operator(project[0].workspace()).get("/internal/v1/operator/executions?" + query),
                        OperatorExecutionPage.class)
                .items()
                .stream()
                .map(OperatorExecution::handle)
                .toList();
    }

    private static Instant created(List<OperatorExecution> executions, String handle) {
        return executions.stream()
                .filter(e -> e.handle().equals(handle))
                .findFirst()
                .orElseThrow()
                .createdAt();
    }

    @Test
    void badListParametersAre400AndAudited() {
        Caller[] p = project();
        List<String> bad = List.of(
                "limit=0",
                "limit=101",
                "limit=x",
                "status=done",
                "cursor=bm9wZQ",
                "tool=" + "t".repeat(257),
                "principal=" + "p".repeat(257),
                "created_from=yesterday",
                "created_before=2026-12-04T10:00:00",
                "created_from=2026-12-04T10:00:00Z&created_before=2026-12-04T10:00:00Z");
        for (String query : bad) {
            operator(p[0].workspace())
                    .get("/internal/v1/operator/executions?" + query)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json");
        }
        assertThat(audit(p[0].workspace()))
                .filteredOn(e -> e.action().equals("list"))
                .hasSize(bad.size())
                .allSatisfy(e -> assertThat(e.outcome()).isEqualTo("invalid_request"));
    }

    @Test
    void getAndPayloadAnswerOnlyForTheOwnersHandle() {
        Caller[] p = project();
        UUID id = fixture.submitNew(p[0]).executionId();
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],  \"isError\":false}";
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));
        awaitStatus(p[0], id, ExecutionStatus.COMPLETED);
        String good = handle(p[0], id);

        OperatorExecution view = body(
                operator(p[0].workspace()).get("/internal/v1/operator/executions/" + good), OperatorExecution.class);
        assertThat(view.status()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(view.owner()).isEqualTo(p[0].principal());
        assertThat(view.attempt()).isEqualTo(1);
        assertThat(view.recoveries()).as("its owner was never lost").isEmpty();
        assertThat(view.ownerLossDetectionAt()).isNull();
        OperatorPayload payload = body(
                operator(p[0].workspace()).get("/internal/v1/operator/executions/" + good + "/payload"),
                OperatorPayload.class);
        assertThat(payload.input()).isEqualTo("{\"a\":1}");
        assertThat(payload.result()).isEqualTo(result);

        byte[] raw = Base64.getUrlDecoder().decode(good.substring(4));
        raw[raw.length - 1] ^= 1;
        String tampered = "tgx_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        List<String> bad = List.of(
                handles.mint(id, Surface.REST, p[1]), // forged: minted for another principal
                handles.mint(id, Surface.MCP_2026, p[0]), // minted for another surface
                tampered,
                id.toString(), // an internal id is never accepted
                "tgx_nonsense");
        List<String> bodies = new ArrayList<>();
        for (String h : bad) {
            for (String suffix : List.of("", "/payload")) {
                Response r = operator(p[0].workspace()).get("/internal/v1/operator/executions/" + h + suffix);
                r.then().statusCode(404);
                bodies.add(r.jsonPath().getString("detail"));
            }
        }
        // the right handle from another project's operator
        operator("org-other/p")
                .get("/internal/v1/operator/executions/" + good)
                .then()
                .statusCode(404);
        assertThat(bodies).containsOnly(bodies.get(0));

        List<AuditEntry> entries = audit(p[0].workspace());
        assertThat(entries).filteredOn(e -> e.outcome().equals("not_found")).hasSize(bad.size() * 2);
        assertThat(entries)
                .filteredOn(e -> e.outcome().equals("ok") && e.target() != null)
                .extracting(AuditEntry::action)
                .containsExactlyInAnyOrder("get", "payload");
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.principal()).isEqualTo(OPERATOR);
            assertThat(e.occurredAt()).isNotNull();
        });
    }

    @Test
    void cancelAnswersEachOutcome() {
        Caller[] p = project();
        // queued: cancelled at once
        UUID queued = fixture.submitNew(p[1]).executionId();
        OperatorCancelResult first = cancel(p[0].workspace(), handle(p[1], queued));
        assertThat(first.outcome()).isEqualTo(CancelOutcome.ACCEPTED);
        assertThat(first.execution().status()).isEqualTo(ExecutionStatus.CANCELLED);
        // terminal: unchanged
        assertThat(cancel(p[0].workspace(), handle(p[1], queued)).outcome()).isEqualTo(CancelOutcome.ALREADY_TERMINAL);

        // running: the stop is written and published, then a second request changes nothing
        UUID running = fixture.submitNew(p[0]).executionId();
        fixture.report(started(running, 1));
        awaitStatus(p[0], running, ExecutionStatus.WORKING);
        OperatorCancelResult stop = cancel(p[0].workspace(), handle(p[0], running));
        assertThat(stop.outcome()).isEqualTo(CancelOutcome.ACCEPTED);
        assertThat(stop.execution().status()).isEqualTo(ExecutionStatus.WORKING);
        assertThat(stop.execution().cancelRequested()).isTrue();
        assertThat(cancel(p[0].workspace(), handle(p[0], running)).outcome())
                .isEqualTo(CancelOutcome.STOP_ALREADY_REQUESTED);
        assertThat(JobControlFixture.count(
                        pool, "select count(*) from jobctl.outbox where record_key = $1", running.toString()))
                .isZero();

        assertThat(audit(p[0].workspace()))
                .filteredOn(e -> e.action().equals("cancel"))
                .extracting(AuditEntry::outcome)
                .containsExactly("stop_already_requested", "accepted", "already_terminal", "accepted");
    }

    @Test
    void aStopTheRelayCannotPublishInTimeIsStopDeliveryUnknown() {
        Caller[] p = project();
        UUID running = fixture.submitNew(p[0]).executionId();
        fixture.report(started(running, 1));
        awaitStatus(p[0], running, ExecutionStatus.WORKING);
        // hold the relay's pass lock: nothing is published while it is held
        RelayLock.heldDuring(pool, () -> {
            OperatorCancelResult result = cancel(p[0].workspace(), handle(p[0], running));
            assertThat(result.outcome()).isEqualTo(CancelOutcome.STOP_DELIVERY_UNKNOWN);
            assertThat(result.execution().cancelRequested()).isTrue();
        });
        // the stop was durable all along: the relay publishes it once it can
        await().atMost(WAIT)
                .until(() -> JobControlFixture.count(
                                pool, "select count(*) from jobctl.outbox where record_key = $1", running.toString())
                        == 0);
        assertThat(audit(p[0].workspace()))
                .filteredOn(e -> e.action().equals("cancel"))
                .extracting(AuditEntry::outcome)
                .containsExactly("stop_delivery_unknown");
    }

    @Test
    void auditPagesNewestFirstAndRecordsRefusalsTheFrontendReports() {
        Caller[] p = project();
        String ws = p[0].workspace();
        for (String outcome : List.of("insufficient_scope", "not_found", "invalid_request")) {
            operator(ws)
                    .contentType("application/json")
                    .body(Wire.toBytes(AuditEntry.of("ignored", "ignored", "payload", "ignored", "tgx_x", outcome)))
                    .post("/internal/v1/operator/audit")
                    .then()
                    .statusCode(204);
        }
        // an outcome only job-control may decide, or an unknown action, is refused and changes nothing
        operator(ws)
                .contentType("application/json")
                .body(Wire.toBytes(AuditEntry.of("x", "x", "payload", "x", null, "ok")))
                .post("/internal/v1/operator/audit")
                .then()
                .statusCode(400);
        operator(ws)
                .contentType("application/json")
                .body(Wire.toBytes(AuditEntry.of("x", "x", "delete", "x", null, "not_found")))
                .post("/internal/v1/operator/audit")
                .then()
                .statusCode(400);

        AuditPage first = body(operator(ws).get("/internal/v1/operator/audit?limit=2"), AuditPage.class);
        assertThat(first.items()).extracting(AuditEntry::outcome).containsExactly("ok", "invalid_request");
        assertThat(first.items().get(0).action()).isEqualTo("audit.list");
        AuditPage second = body(
                operator(ws).get("/internal/v1/operator/audit?limit=2&cursor=" + first.nextCursor()), AuditPage.class);
        assertThat(second.items()).extracting(AuditEntry::outcome).containsExactly("not_found", "insufficient_scope");
        assertThat(second.items()).allSatisfy(e -> {
            assertThat(e.principal()).isEqualTo(OPERATOR);
            assertThat(e.workspace()).isEqualTo(ws);
        });
        operator(ws).get("/internal/v1/operator/audit?cursor=zzz").then().statusCode(400);
    }

    @Test
    void aCallWithoutTheForwardedOperatorIs400() {
        SignedCalls.signed()
                .header("Taskgate-Workspace", "a/b")
                .header("Taskgate-Route", "GET /x")
                .get("/internal/v1/operator/executions")
                .then()
                .statusCode(400);
    }

    private static OperatorCancelResult cancel(String workspace, String handle) {
        return body(
                operator(workspace).post("/internal/v1/operator/executions/" + handle + "/cancel"),
                OperatorCancelResult.class);
    }
}
