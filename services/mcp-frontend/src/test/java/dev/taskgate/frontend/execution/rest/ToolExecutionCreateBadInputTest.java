package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bad create request of {@code docs/mcp-frontend.md} ("Problems") gets its documented problem as
 * {@code application/problem+json}, and nothing reaches the commands topic.
 */
@QuarkusTest
class ToolExecutionCreateBadInputTest {
    private static KafkaTestClient kafka;

    @TestHTTPResource("/")
    URI base;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    static Stream<Arguments> badRequests() {
        byte[] oneMiBPlusOne = new byte[1024 * 1024 + 1];
        Arrays.fill(oneMiBPlusOne, (byte) ' ');
        return Stream.of(
                bad(
                        "truncated JSON",
                        r -> r.json("{\"tool_name\": \"demo.echo\", \"input\": {"),
                        400,
                        "malformed-json"),
                bad("not JSON at all", r -> r.json("tool_name=demo.echo"), 400, "malformed-json"),
                bad("empty body", r -> r.json(""), 400, "malformed-json"),
                bad(
                        "two JSON values",
                        r -> r.json("{\"tool_name\":\"demo.echo\",\"input\":{}} {}"),
                        400,
                        "malformed-json"),
                bad(
                        "duplicate member",
                        r -> r.json("{\"tool_name\":\"demo.echo\",\"tool_name\":\"demo.fail\"," + "\"input\":{}}"),
                        400,
                        "malformed-json"),
                bad(
                        "invalid UTF-8",
                        r -> r.header("Content-Type", "application/json")
                                .bytes(new byte[] {'{', '"', (byte) 0xC3, '"', ':', '1', '}'}),
                        400,
                        "malformed-json"),
                bad("array body", r -> r.json("[]"), 400, "invalid-request"),
                bad(
                        "unknown member",
                        r -> r.json("{\"tool_name\":\"demo.echo\",\"input\":{},\"priority\":1}"),
                        400,
                        "invalid-request"),
                bad("tool_name missing", r -> r.json("{\"input\":{}}"), 400, "invalid-request"),
                bad("tool_name a number", r -> r.json("{\"tool_name\":42,\"input\":{}}"), 400, "invalid-request"),
                bad("tool_name empty", r -> r.json("{\"tool_name\":\"\",\"input\":{}}"), 400, "invalid-request"),
                bad("input missing", r -> r.json("{\"tool_name\":\"demo.echo\"}"), 400, "invalid-request"),
                bad(
                        "input a string",
                        r -> r.json("{\"tool_name\":\"demo.echo\",\"input\":\"hi\"}"),
                        400,
                        "invalid-request"),
                bad(
                        "input an array",
                        r -> r.json("{\"tool_name\":\"demo.echo\",\"input\":[1]}"),
                        400,
                        "invalid-request"),
                bad(
                        "Idempotency-Key missing",
                        r -> r.header("Idempotency-Key", null).json(valid()),
                        400,
                        "missing-idempotency-key"),
                bad(
                        "Idempotency-Key empty",
                        r -> r.header("Idempotency-Key", "").json(valid()),
                        400,
                        "missing-idempotency-key"),
                bad(
                        "Idempotency-Key of 256 characters",
                        r -> r.header("Idempotency-Key", "k".repeat(256)).json(valid()),
                        400,
                        "invalid-request"),
                bad(
                        "Idempotency-Key with a space",
                        r -> r.header("Idempotency-Key", "two words").json(valid()),
                        400,
                        "invalid-request"),
                bad(
                        "Idempotency-Key with non-ASCII",
                        r -> r.header("Idempotency-Key", "clé").json(valid()),
                        400,
                        "invalid-request"),
                bad(
                        "text/plain body",
                        r -> r.header("Content-Type", "text/plain").bytes(valid().getBytes(StandardCharsets.UTF_8)),
                        415,
                        "unsupported-media-type"),
                bad(
                        "no Content-Type",
                        r -> r.bytes(valid().getBytes(StandardCharsets.UTF_8)),
                        415,
                        "unsupported-media-type"),
                bad(
                        "JSON in latin-1",
                        r -> r.header("Content-Type", "application/json; charset=ISO-8859-1")
                                .bytes(valid().getBytes(StandardCharsets.UTF_8)),
                        415,
                        "unsupported-media-type"),
                bad(
                        "Content-Length above 1 MiB",
                        r -> r.header("Content-Type", "application/json").bytes(oneMiBPlusOne),
                        413,
                        "payload-too-large"),
                bad(
                        "chunked body above 1 MiB",
                        r -> r.header("Content-Type", "application/json").chunked(oneMiBPlusOne),
                        413,
                        "payload-too-large"),
                bad("unknown tool", r -> r.json("{\"tool_name\":\"demo.nope\",\"input\":{}}"), 422, "unknown-tool"),
                bad(
                        "gateway_id a number",
                        r -> r.json("{\"gateway_id\":7,\"tool_name\":\"echo\",\"input\":{}}"),
                        400,
                        "invalid-request"),
                bad(
                        "gateway_id empty",
                        r -> r.json("{\"gateway_id\":\"\",\"tool_name\":\"echo\",\"input\":{}}"),
                        400,
                        "invalid-request"),
                bad(
                        "gateway_id of no upstream",
                        r -> r.json("{\"gateway_id\":\"nowhere\",\"tool_name\":\"echo\",\"input\":{}}"),
                        422,
                        "unknown-tool"),
                bad(
                        "gateway_id naming a built-in namespace",
                        r -> r.json("{\"gateway_id\":\"demo\",\"tool_name\":\"echo\",\"input\":{}}"),
                        // demo.echo exists, but demo is Taskgate's own prefix, not an upstream's namespace
                        422,
                        "unknown-tool"),
                bad(
                        "input missing a required member",
                        r -> r.json("{\"tool_name\":\"demo.sleep\",\"input\":{}}"),
                        422,
                        "invalid-input"),
                bad(
                        "input member of the wrong type",
                        r -> r.json("{\"tool_name\":\"demo.sleep\",\"input\":{\"seconds\":\"ten\"}}"),
                        422,
                        "invalid-input"),
                bad(
                        "input member out of range",
                        r -> r.json("{\"tool_name\":\"demo.sleep\",\"input\":{\"seconds\":-1}}"),
                        422,
                        "invalid-input"),
                bad(
                        "input with an unknown member",
                        r -> r.json("{\"tool_name\":\"demo.fail\",\"input\":{\"message\":\"x\",\"extra\":true}}"),
                        422,
                        "invalid-input"));
    }

    private static Arguments bad(String name, UnaryOperator<Api> request, int status, String slug) {
        return Arguments.of(name, request, status, slug);
    }

    private static String valid() {
        return "{\"tool_name\":\"demo.echo\",\"input\":{\"a\":1}}";
    }

    @ParameterizedTest(name = "{0} -> {2} {3}")
    @MethodSource("badRequests")
    void rejectsWithProblemAndPublishesNothing(String name, UnaryOperator<Api> request, int status, String slug) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api api = Api.at(base).bearer(Fixtures.aliceToken()).header("Idempotency-Key", "bad-" + slug);
            Api.Result response = request.apply(api).post(Api.EXECUTIONS);

            assertThat(response.status()).as(response.toString()).isEqualTo(status);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.problemSlug()).isEqualTo(slug);
            assertThat(response.json().path("status").asInt()).isEqualTo(status);
            assertThat(response.json().path("title").asText()).isNotBlank();
            assertThat(response.json().path("detail").asText()).isNotBlank();
            assertThat(commands.drainToEnd()).as("records published").isEmpty();
        }
    }

    @Test
    void invalidInputListsEveryViolationWithItsPointer() {
        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "k-pointers")
                .json("{\"tool_name\":\"demo.sleep\",\"input\":{\"seconds\":\"ten\",\"extra\":1}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).isEqualTo(422);
        JsonNode errors = response.json().path("errors");
        assertThat(errors.isArray()).isTrue();
        assertThat(errors).extracting(e -> e.path("pointer").asText()).contains("/input/seconds");
        assertThat(errors)
                .allSatisfy(e -> assertThat(e.path("message").asText()).isNotBlank());
        assertThat(errors.size()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void oversizedDeclaredBodyIsRefusedBeforeAuthentication() {
        byte[] big = new byte[1024 * 1024 + 10];
        Arrays.fill(big, (byte) ' ');
        Api.Result response = Api.at(base)
                .header("Content-Type", "application/json")
                .bytes(big)
                .post(Api.EXECUTIONS);

        assertThat(response.status()).isEqualTo(413);
        assertThat(response.problemSlug()).isEqualTo("payload-too-large");
    }

    @Test
    void unknownMemberIsNamedInTheProblem() {
        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "k-unknown")
                .json("{\"tool_name\":\"demo.echo\",\"input\":{},\"priority\":1}")
                .post(Api.EXECUTIONS);

        assertThat(response.json().path("detail").asText()).contains("priority");
        assertThat(response.json().path("errors").get(0).path("pointer").asText())
                .isEqualTo("/priority");
    }
}
