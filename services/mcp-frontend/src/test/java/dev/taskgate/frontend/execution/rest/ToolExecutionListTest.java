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
 * {@code GET .../tool-executions}: the caller's own REST executions from job-control's owner list, under REST
 * handles, with {@code next_cursor}; bad limits and cursors are 400 problems, and authorization is as for get.
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
    void listsTheCallersExecutionsUnderRestHandles() {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        jobControl.answer(
                LIST,
                200,
                Wire.toBytes(new ExecutionPage(
                        List.of(
                                Fixtures.snapshot(first, "demo.sleep", ExecutionStatus.WORKING, Surface.REST),
                                Fixtures.snapshot(second, "demo.echo", ExecutionStatus.COMPLETED, Surface.REST)),
                        "c2")));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "?limit=2&cursor=c1");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.json().path("items")).hasSize(2);
        assertThat(handles.verify(
                        response.json().at("/items/0/execution_id").asText(), Surface.REST, Fixtures.caller("alice")))
                .contains(first);
        assertThat(response.json().at("/items/1/status").asText()).isEqualTo("completed");
        assertThat(response.json().at("/items/1/tool_name").asText()).isEqualTo("demo.echo");
        assertThat(response.json().path("next_cursor").asText()).isEqualTo("c2");
        FakeJobControlQueries.Request request = jobControl.requests().get(0);
        assertThat(request.principal()).isEqualTo(Fixtures.caller("alice").principal());
        assertThat(request.workspace()).isEqualTo(Fixtures.caller("alice").workspace());
        assertThat(request.query()).contains("surface=rest", "limit=2", "cursor=c1");
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
