package dev.taskgate.jobctl;

import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.SubmitExecution;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

/** The owner's executions of one surface, newest first, paginated; nobody else's, no other surface's. */
@QuarkusTest
class OwnerExecutionListApiTest {
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
    void pagesThroughOnlyTheOwnersExecutionsOfTheSurface() {
        Caller owner = newCaller();
        List<UUID> mine = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            mine.add(0, submit(owner, Surface.MCP_2025));
        }
        submit(owner, Surface.MCP_2026);
        submit(newCaller(), Surface.MCP_2025);

        Response first = list(owner, "mcp-2025", null, 2);
        String cursor = first.jsonPath().getString("nextCursor");
        Response second = list(owner, "mcp-2025", cursor, 2);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.jsonPath().getList("items.executionId")).containsExactly(mine.get(0).toString(),
                mine.get(1).toString());
        assertThat(cursor).isNotBlank();
        assertThat(second.jsonPath().getList("items.executionId")).containsExactly(mine.get(2).toString());
        assertThat(second.jsonPath().getString("nextCursor")).isNull();
        assertThat(second.jsonPath().getList("items.surface")).containsOnly("mcp-2025");
    }

    @Test
    void badParametersAreABadRequest() {
        Caller owner = newCaller();
        for (Response r : new Response[] {list(owner, "mcp-2025", "garbage", 10), list(owner, "mcp-1999", null, 10),
                list(owner, "mcp-2025", null, 0), list(owner, "mcp-2025", null, 101)}) {
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/invalid-request");
        }
    }

    private static UUID submit(Caller caller, Surface surface) {
        SubmitExecution submit = new SubmitExecution(UUID.randomUUID(), Instant.now(), JobControlFixture.REPLY_TO,
                caller, surface, "key-" + UUID.randomUUID(), "demo.echo", JobControlFixture.json("{\"a\":1}"));
        return ((Accepted) fixture.send(submit)).executionId();
    }

    private static Response list(Caller caller, String surface, String cursor, int limit) {
        var request = given().header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace()).queryParam("limit", limit);
        if (cursor != null) {
            request = request.queryParam("cursor", cursor);
        }
        return request.get("/internal/v1/surfaces/" + surface + "/executions");
    }
}
