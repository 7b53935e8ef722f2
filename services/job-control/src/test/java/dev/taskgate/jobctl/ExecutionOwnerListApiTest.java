package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.ArrayList;
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
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.SubmitExecution;

import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/** The owner list {@code GET /internal/v1/executions}: private, newest first, paged, never purged or expired. */
@QuarkusTest
class ExecutionOwnerListApiTest {

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
    void listsOnlyTheCallersOwnExecutionsNewestFirstAcrossPages() {
        Caller owner = newCaller();
        Caller neighbour = new Caller(owner.issuer(), "other-" + UUID.randomUUID(), owner.orgId(), owner.projectId());
        Caller sameSubjectOtherProject = new Caller(owner.issuer(), owner.subject(), owner.orgId(), "proj-other");
        List<UUID> mine = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            mine.add(fixture.submitNew(owner).executionId());
        }
        fixture.submitNew(neighbour);
        fixture.submitNew(sameSubjectOtherProject);

        List<UUID> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            RequestSpecification request = as(owner).queryParam("limit", 2);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response response = request.get("/internal/v1/executions");
            assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
            ExecutionPage page = Wire.fromBytes(response.asByteArray(), ExecutionPage.class);
            assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
            page.items().forEach(s -> seen.add(s.executionId()));
            cursor = page.nextCursor();
            pages++;
        } while (cursor != null && pages < 10);

        assertThat(pages).isEqualTo(3);
        List<UUID> newestFirst = new ArrayList<>(mine);
        java.util.Collections.reverse(newestFirst);
        assertThat(seen).containsExactlyElementsOf(newestFirst);
    }

    @Test
    void filtersBySurface() {
        Caller owner = newCaller();
        UUID rest = fixture.submitNew(owner).executionId();
        UUID mcp = ((Accepted) fixture.send(new SubmitExecution(
                        UUID.randomUUID(),
                        Instant.now(),
                        JobControlFixture.REPLY_TO,
                        owner,
                        Surface.MCP_2026,
                        "k-" + UUID.randomUUID(),
                        "demo.echo",
                        json("{}"))))
                .executionId();

        assertThat(ids(list(owner, "mcp-2026"))).containsExactly(mcp);
        assertThat(ids(list(owner, "rest"))).containsExactly(rest);
        assertThat(ids(list(owner, null))).containsExactly(mcp, rest);
    }

    @Test
    void pagesWithinOneSurfaceKeepTheFilterAcrossTheCursor() {
        Caller owner = newCaller();
        List<UUID> legacy = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            legacy.add(0, submit(owner, Surface.MCP_2025));
        }
        submit(owner, Surface.MCP_2026);
        submit(newCaller(), Surface.MCP_2025);

        Response first = as(owner)
                .queryParam("surface", "mcp-2025")
                .queryParam("limit", 2)
                .get("/internal/v1/executions");
        String cursor = first.jsonPath().getString("nextCursor");
        Response second = as(owner)
                .queryParam("surface", "mcp-2025")
                .queryParam("limit", 2)
                .queryParam("cursor", cursor)
                .get("/internal/v1/executions");

        assertThat(first.statusCode()).as(first.asString()).isEqualTo(200);
        assertThat(first.jsonPath().getList("items.executionId"))
                .containsExactly(legacy.get(0).toString(), legacy.get(1).toString());
        assertThat(cursor).isNotBlank();
        assertThat(second.jsonPath().getList("items.executionId"))
                .containsExactly(legacy.get(2).toString());
        assertThat(second.jsonPath().getString("nextCursor")).isNull();
        assertThat(second.jsonPath().getList("items.surface")).containsOnly("mcp-2025");
    }

    private static UUID submit(Caller caller, Surface surface) {
        return ((Accepted) fixture.send(new SubmitExecution(
                        UUID.randomUUID(),
                        Instant.now(),
                        JobControlFixture.REPLY_TO,
                        caller,
                        surface,
                        "k-" + UUID.randomUUID(),
                        "demo.echo",
                        json("{}"))))
                .executionId();
    }

    @Test
    void neverListsPurgedOrExpiredExecutions() {
        Caller owner = newCaller();
        UUID kept = fixture.submitNew(owner).executionId();
        UUID expired = fixture.submitNew(owner).executionId();
        UUID purged = fixture.submitNew(owner).executionId();
        // only the retention end moves: a deadline in the past would let the deadline sweep fail the execution,
        // which starts its retention afresh (a race this test lost under load)
        pool.preparedQuery(
                        "update jobctl.execution set retention_expires_at = now() - interval '1 minute' where id = $1")
                .execute(Tuple.of(expired))
                .await()
                .atMost(JobControlFixture.WAIT);
        pool.preparedQuery("update jobctl.execution set purged_at = now() where id = $1")
                .execute(Tuple.of(purged))
                .await()
                .atMost(JobControlFixture.WAIT);

        assertThat(ids(list(owner, null))).containsExactly(kept);
    }

    @Test
    void neverListsMcpTasksPastTheirVisibility() {
        Caller owner = newCaller();
        UUID visible = mcpTask(owner);
        UUID pastVisibility = mcpTask(owner);
        pool.preparedQuery("update jobctl.execution set visible_until = now() - interval '1 second' where id = $1")
                .execute(Tuple.of(pastVisibility))
                .await()
                .atMost(JobControlFixture.WAIT);

        assertThat(ids(list(owner, "mcp-2026"))).containsExactly(visible);
    }

    private UUID mcpTask(Caller owner) {
        return ((Accepted) fixture.send(new SubmitExecution(
                        UUID.randomUUID(),
                        Instant.now(),
                        JobControlFixture.REPLY_TO,
                        owner,
                        Surface.MCP_2026,
                        "k-" + UUID.randomUUID(),
                        "demo.echo",
                        json("{}"))))
                .executionId();
    }

    @Test
    void anEmptyListHasNoCursor() {
        ExecutionPage page = list(newCaller(), null);
        assertThat(page.items()).isEmpty();
        assertThat(page.nextCursor()).isNull();
    }

    @Test
    void badLimitsCursorsAndSurfacesAreBadRequests() {
        Caller owner = newCaller();
        for (String[] param : new String[][] {
            {"limit", "0"},
            {"limit", "101"},
            {"limit", "ten"},
            {"cursor", "not-a-cursor"},
            {"cursor", "ZTE6eDp5"},
            {"surface", "mcp-2024"}
        }) {
            Response response = as(owner).queryParam(param[0], param[1]).get("/internal/v1/executions");
            assertThat(response.statusCode()).as(param[0] + "=" + param[1]).isEqualTo(400);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(response.jsonPath().getString("type"))
                    .isEqualTo("https://taskgate.dev/problems/invalid-request");
            assertThat(response.jsonPath().getString("detail")).contains(param[0]);
        }
        Response noCaller = given().get("/internal/v1/executions");
        assertThat(noCaller.statusCode()).isEqualTo(401);
    }

    private static ExecutionPage list(Caller caller, String surface) {
        RequestSpecification request = as(caller);
        if (surface != null) {
            request.queryParam("surface", surface);
        }
        Response response = request.get("/internal/v1/executions");
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
        return Wire.fromBytes(response.asByteArray(), ExecutionPage.class);
    }

    private static List<UUID> ids(ExecutionPage page) {
        return page.items().stream().map(ExecutionSnapshot::executionId).toList();
    }

    private static RequestSpecification as(Caller caller) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace());
    }
}
