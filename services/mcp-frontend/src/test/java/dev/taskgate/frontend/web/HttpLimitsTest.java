package dev.taskgate.frontend.web;

import java.net.URI;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.testsupport.RawExchange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests too large for the HTTP layer are refused before any route runs, yet answered as every other error of the
 * listener: a problem (JSON-RPC error on {@code /mcp}) with 413, 414 or 431.
 */
@QuarkusTest
class HttpLimitsTest {
    @TestHTTPResource("/")
    URI base;

    @ParameterizedTest
    @ValueSource(strings = {Api.EXECUTIONS, "/q/health/live", "/nowhere"})
    void aUriOverTheLimitIs414Problem(String path) {
        RawExchange answer = RawExchange.send(
                base,
                "GET",
                path + "?q=" + "a".repeat(10_000),
                new String[] {"Authorization: Bearer " + Fixtures.aliceToken()},
                null);

        assertProblem(answer, 414, "uri-too-long");
    }

    @ParameterizedTest
    @ValueSource(strings = {Api.EXECUTIONS, "/q/health/live", "/nowhere"})
    void headersOverTheLimitAre431Problem(String path) {
        RawExchange answer = RawExchange.send(
                base,
                "GET",
                path,
                new String[] {"Authorization: Bearer " + Fixtures.aliceToken(), "X-Padding: " + "b".repeat(30_000)},
                null);

        assertProblem(answer, 431, "request-header-fields-too-large");
    }

    @ParameterizedTest
    @ValueSource(strings = {Api.EXECUTIONS, "/nowhere"})
    void aBodyOverTheTransportLimitIs413Problem(String path) {
        RawExchange answer = RawExchange.send(
                base,
                "POST",
                path,
                new String[] {
                    "Authorization: Bearer " + Fixtures.aliceToken(),
                    "Content-Type: application/json",
                    "Idempotency-Key: big",
                    "Content-Length: " + (9 * 1024 * 1024)
                },
                null);

        assertProblem(answer, 413, "payload-too-large");
    }

    @org.junit.jupiter.api.Test
    void onMcpEachLimitIsAnIdLessJsonRpcError() {
        String[] auth = {"Authorization: Bearer " + Fixtures.aliceToken(), "Content-Type: application/json"};
        RawExchange uri = RawExchange.send(base, "POST", "/mcp?q=" + "a".repeat(10_000), auth, null);
        RawExchange headers = RawExchange.send(
                base, "POST", "/mcp", new String[] {auth[0], auth[1], "X-Padding: " + "b".repeat(30_000)}, null);
        RawExchange body = RawExchange.send(
                base, "POST", "/mcp", new String[] {auth[0], auth[1], "Content-Length: " + (9 * 1024 * 1024)}, null);

        assertJsonRpcError(uri, 414);
        assertJsonRpcError(headers, 431);
        assertJsonRpcError(body, 413);
    }

    @org.junit.jupiter.api.Test
    void beyondTheDecodersOwnCapTheRequestIsStillRefused() {
        // the decoder answers alone there (bare status, no body): documented in docs/security.md
        RawExchange answer =
                RawExchange.send(base, "GET", "/q/health/live?q=" + "a".repeat(70_000), new String[0], null);

        assertThat(answer.status()).isEqualTo(414);
    }

    private static void assertJsonRpcError(RawExchange answer, int status) {
        assertThat(answer.status()).as(answer.head()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).startsWith("application/json");
        JsonNode body = json(answer);
        assertThat(body.path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(body.has("id")).isFalse();
        dev.taskgate.testsupport.McpSchemas.assertValidError(body);
    }

    private static void assertProblem(RawExchange answer, int status, String slug) {
        assertThat(answer.status()).as(answer.head()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).as(answer.head()).startsWith("application/problem+json");
        JsonNode body = json(answer);
        assertThat(body.path("status").asInt()).isEqualTo(status);
        assertThat(body.path("type").asText()).endsWith("/" + slug);
    }

    private static JsonNode json(RawExchange answer) {
        try {
            return Wire.mapper().readTree(answer.body());
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + answer.body(), e);
        }
    }
}
