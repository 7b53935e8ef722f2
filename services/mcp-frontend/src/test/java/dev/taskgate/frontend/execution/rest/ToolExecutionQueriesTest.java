package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET and result against job-control's internal query API (played by a JDK HTTP server in the test): status
 * mapping, the exact result bytes, the caller headers, and handles that never reach job-control when they do not
 * verify.
 */
@QuarkusTest
class ToolExecutionQueriesTest {
    private static final String EXACT_RESULT = "{\"content\":[{\"type\":\"text\",\"text\":\"h\\u00e9llo \u2603\"}],"
            + "   \"isError\" : false,\n \"structuredContent\":{\"n\":1.50}}";

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
    void getReturnsTheSnakeCaseRepresentationAndSendsTheCallerHeaders() {
        UUID id = UUID.randomUUID();
        ExecutionSnapshot working = new ExecutionSnapshot(
                id,
                "demo.sleep",
                "1",
                ExecutionStatus.WORKING,
                Surface.REST,
                Fixtures.CREATED,
                Fixtures.CREATED.plusSeconds(3),
                Fixtures.CREATED.plusSeconds(86_400),
                Fixtures.CREATED.plusSeconds(8 * 86_400),
                "sleeping",
                2.0,
                10.0,
                true);
        jobControl.answer("/internal/v1/executions/" + id, 200, Wire.toBytes(working));
        String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.json().path("execution_id").asText()).isEqualTo(handle);
        assertThat(response.json().path("tool_name").asText()).isEqualTo("demo.sleep");
        assertThat(response.json().path("status").asText()).isEqualTo("working");
        assertThat(response.json().path("status_message").asText()).isEqualTo("sleeping");
        assertThat(response.json().path("progress").asDouble()).isEqualTo(2.0);
        assertThat(response.json().path("total").asDouble()).isEqualTo(10.0);
        assertThat(response.json().path("cancel_requested").asBoolean()).isTrue();
        assertThat(response.json().path("created_at").asText()).isEqualTo("2026-01-02T03:04:05.123Z");
        assertThat(response.json().path("retention_expires_at").asText()).isEqualTo("2026-01-10T03:04:05.123Z");
        assertThat(response.json().path("poll_interval_ms").asLong()).isEqualTo(500);
        assertThat(response.json().has("executionId")).isFalse();
        assertThat(jobControl.requests())
                .containsExactly(new FakeJobControlQueries.Request(
                        "/internal/v1/executions/" + id,
                        Fixtures.caller("alice").principal(),
                        "acme/demo"));
    }

    @Test
    void jobControls404IsTheUniform404() {
        UUID id = UUID.randomUUID();
        String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        Api.Result unknown = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle);
        Api.Result forged = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle + "x");

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("Content-Type")).startsWith("application/problem+json");
        assertThat(unknown.problemSlug()).isEqualTo("not-found");
        assertThat(withoutInstance(unknown)).isEqualTo(withoutInstance(forged));
        assertThat(jobControl.requests()).hasSize(1);
    }

    @Test
    void handlesThatDoNotVerifyNeverReachJobControl() {
        UUID id = UUID.randomUUID();
        jobControl.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED)));
        String bobs = handles.mint(id, Surface.REST, Fixtures.caller("bob"));
        String bobsTask = handles.mint(id, Surface.MCP_2026, Fixtures.caller("bob"));
        String bobs2025 = handles.mint(id, Surface.MCP_2025, Fixtures.caller("bob"));
        String good = handles.mint(id, Surface.REST, Fixtures.caller("alice"));
        char[] chars = good.toCharArray();
        chars[10] = chars[10] == 'A' ? 'B' : 'A';
        String tampered = new String(chars);

        for (String handle : new String[] {bobs, bobsTask, bobs2025, tampered, "tgx_", "not-a-handle", id.toString()}) {
            Api.Result get = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle);
            Api.Result result =
                    Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle + "/result");
            assertThat(get.status()).as(handle).isEqualTo(404);
            assertThat(result.status()).as(handle).isEqualTo(404);
            assertThat(get.problemSlug()).isEqualTo("not-found");
        }
        assertThat(jobControl.requests()).isEmpty();
    }

    @Test
    void resultOfACompletedExecutionIsTheExactResultBytes() {
        UUID id = UUID.randomUUID();
        answerOutcome(
                id,
                new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED), EXACT_RESULT, null));

        Api.Result response = result(id);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.bytes()).isEqualTo(EXACT_RESULT.getBytes(StandardCharsets.UTF_8));
        assertThat(jobControl.requests().get(0).path()).isEqualTo("/internal/v1/executions/" + id + "/outcome");
    }

    @Test
    void resultWhileWorkingIs202WithRetryAfter() {
        UUID id = UUID.randomUUID();
        answerOutcome(
                id, new ExecutionOutcome(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING), null, null));

        Api.Result response = result(id);

        assertThat(response.status()).isEqualTo(202);
        assertThat(response.header("Retry-After")).isEqualTo("1");
        assertThat(response.json().path("status").asText()).isEqualTo("working");
    }

    @Test
    void resultOfAFailedExecutionIsA409WithItsMessage() {
        UUID id = UUID.randomUUID();
        answerOutcome(
                id,
                new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.crash", ExecutionStatus.FAILED),
                        null,
                        new ExecutionOutcome.ExecutionError(
                                "child-died",
                                "the worker's child process exited abruptly (exit code 137); the operation was not re-run")));

        Api.Result response = result(id);

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.problemSlug()).isEqualTo("execution-failed");
        assertThat(response.json().path("detail").asText())
                .isEqualTo("the worker's child process exited abruptly (exit code 137); the operation was not re-run");
    }

    @Test
    void resultOfACancelledExecutionIsA409() {
        UUID id = UUID.randomUUID();
        answerOutcome(
                id, new ExecutionOutcome(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.CANCELLED), null, null));

        Api.Result response = result(id);

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.problemSlug()).isEqualTo("execution-cancelled");
    }

    @Test
    void jobControlErrorIsA503() {
        UUID id = UUID.randomUUID();
        jobControl.answer("/internal/v1/executions/" + id, 500, "boom".getBytes(StandardCharsets.UTF_8));
        String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle);

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.problemSlug()).isEqualTo("unavailable");
        assertThat(response.header("Retry-After")).isNotBlank();
        assertThat(response.text()).doesNotContain("boom");
    }

    @Test
    void unreadableAnswerFromJobControlIsA503() {
        UUID id = UUID.randomUUID();
        jobControl.answer("/internal/v1/executions/" + id, 200, "{\"executionId\":".getBytes(StandardCharsets.UTF_8));
        String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle);

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.problemSlug()).isEqualTo("unavailable");
    }

    @Test
    void unexpectedFailureIsA500WithACorrelationIdAndNoInternals() {
        UUID id = UUID.randomUUID();
        answerOutcome(
                id, new ExecutionOutcome(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED), null, null));

        Api.Result response = result(id);

        assertThat(response.status()).isEqualTo(500);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.problemSlug()).isEqualTo("internal");
        assertThat(UUID.fromString(response.json().path("correlation_id").asText()))
                .isNotNull();
        assertThat(response.text()).doesNotContain("Exception", "job-control", "at dev.");
    }

    @Test
    void unsupportedMethodIsAProblemToo() {
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).delete(Api.EXECUTIONS + "/" + handle);

        assertThat(response.status()).isEqualTo(405);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.problemSlug()).isEqualTo("invalid-request");
        assertThat(jobControl.requests()).isEmpty();
    }

    private void answerOutcome(UUID id, ExecutionOutcome outcome) {
        jobControl.answer("/internal/v1/executions/" + id + "/outcome", 200, Wire.toBytes(outcome));
    }

    private Api.Result result(UUID id) {
        String handle = handles.mint(id, Surface.REST, Fixtures.caller("alice"));
        return Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle + "/result");
    }

    private static String withoutInstance(Api.Result response) {
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) response.json();
        json.remove("instance");
        return json.toString();
    }
}
