package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET .../tool-executions}: the caller's own executions of every surface from job-control's owner list, each
 * under the id its surface gave out and with its {@code surface}, with {@code next_cursor}; bad limits and cursors are 400 problems, and authorization is as for get.
 */
@QuarkusTest
class ToolExecutionListTest {
    private static final String LIST = "/internal/v1/executions";

    private final FakeJobControlQueries jobControl = FakeJobControlQueries.get();

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

    @BeforeEach
    void reset() {
        jobControl.reset();
    }

    @Test
    void listsTheCallersExecutionsOfEverySurfaceUnderTheIdsTheirSurfaceGaveOut() {
        UUID rest = UUID.randomUUID();
        UUID task2026 = UUID.randomUUID();
        UUID task2025 = UUID.randomUUID();
        jobControl.answer(
                LIST,
                200,
                Wire.toBytes(new ExecutionPage(
                        List.of(
                                Fixtures.snapshot(rest, "demo.sleep", ExecutionStatus.WORKING, Surface.REST),
                                Fixtures.snapshot(task2026, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2026),
                                Fixtures.snapshot(task2025, "demo.echo", ExecutionStatus.QUEUED, Surface.MCP_2025)),
                        "c2")));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "?limit=3&cursor=c1");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.json().path("items")).hasSize(3);
        assertThat(response.json().path("items"))
                .extracting(item -> item.path("surface").asText())
                .containsExactly("rest", "mcp-2026", "mcp-2025");
        assertThat(handles.verify(
                        response.json().at("/items/0/execution_id").asText(), Surface.REST, Fixtures.caller("alice")))
                .contains(rest);
        assertThat(handles.verify(
                        response.json().at("/items/1/execution_id").asText(),
                        Surface.MCP_2026,
                        Fixtures.caller("alice")))
                .contains(task2026);
        assertThat(handles.verify(
                        response.json().at("/items/2/execution_id").asText(),
                        Surface.MCP_2025,
                        Fixtures.caller("alice")))
                .contains(task2025);
        assertThat(response.json().at("/items/1/status").asText()).isEqualTo("completed");
        assertThat(response.json().at("/items/1/tool_name").asText()).isEqualTo("demo.echo");
        assertThat(response.json().path("next_cursor").asText()).isEqualTo("c2");
        FakeJobControlQueries.Request request = jobControl.requests().get(0);
        assertThat(request.principal()).isEqualTo(Fixtures.caller("alice").principal());
        assertThat(request.workspace()).isEqualTo(Fixtures.caller("alice").workspace());
        assertThat(request.query()).contains("limit=3", "cursor=c1").doesNotContain("surface");
    }

    @Test
    void theLastPageHasNoCursorAndTheDefaultLimitIsTwenty() {
        jobControl.answer(LIST, 200, Wire.toBytes(new ExecutionPage(List.of(), null)));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("items")).isEmpty();
        assertThat(response.json().has("next_cursor")).isFalse();
        assertThat(jobControl.requests().get(0).query()).contains("limit=20");
    }

    @Test
    void badLimitsAreRejectedWithoutAQuery() {
        for (String limit : new String[] {"0", "101", "ten", "1.5", "-1"}) {
            Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "?limit=" + limit);
            assertThat(response.status()).as(limit).isEqualTo(400);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.problemSlug()).isEqualTo("invalid-request");
            assertThat(response.json().path("detail").asText()).contains("limit");
        }
        assertThat(jobControl.requests()).isEmpty();
    }

    @Test
    void aCursorJobControlRefusesIsABadRequest() {
        jobControl.answer(
                LIST,
                400,
                "{\"type\":\"https://taskgate.dev/problems/invalid-request\"}".getBytes(StandardCharsets.UTF_8));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "?cursor=forged");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.problemSlug()).isEqualTo("invalid-request");
        assertThat(response.json().path("detail").asText()).contains("cursor");
    }

    @Test
    void jobControlDownIsUnavailable() {
        jobControl.answer(LIST, 500, new byte[0]);

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS);

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.header("Retry-After")).isNotBlank();
    }

    @Test
    void isAuthorizedAsGetIs() {
        String otherProject = "/v1/orgs/" + Api.ORG + "/projects/elsewhere/tool-executions";
        Api.Result foreign = Api.at(base).bearer(Fixtures.aliceToken()).get(otherProject);
        Api.Result noScope = Api.at(base)
                .bearer(Tokens.forSubject("alice")
                        .org(Api.ORG)
                        .project(Api.PROJECT)
                        .scopes("other")
                        .sign())
                .get(Api.EXECUTIONS);
        Api.Result anonymous = Api.at(base).get(Api.EXECUTIONS);

        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.problemSlug()).isEqualTo("not-found");
        assertThat(noScope.status()).isEqualTo(403);
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(jobControl.requests()).isEmpty();
    }
}
