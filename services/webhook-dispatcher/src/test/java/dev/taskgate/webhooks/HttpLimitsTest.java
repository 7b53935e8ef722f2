package dev.taskgate.webhooks;

import java.io.IOException;
import java.net.URI;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.RawExchange;
import dev.taskgate.webhooks.support.Api;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests too large for the HTTP layer are refused before any route runs, yet answered as every other error of the
 * subscriptions API: a problem with 413, 414 or 431.
 */
@QuarkusTest
class HttpLimitsTest {
    @TestHTTPResource("/")
    URI base;

    @Test
    void aUriOverTheLimitIs414Problem() {
        Api api = Api.freshProject();
        RawExchange answer = RawExchange.send(
                base,
                "GET",
                api.base() + "?q=" + "a".repeat(10_000),
                new String[] {"Authorization: Bearer " + api.token},
                null);

        assertProblem(answer, 414, "uri-too-long");
    }

    @Test
    void headersOverTheLimitAre431Problem() {
        Api api = Api.freshProject();
        RawExchange answer = RawExchange.send(
                base,
                "GET",
                api.base(),
                new String[] {"Authorization: Bearer " + api.token, "X-Padding: " + "b".repeat(30_000)},
                null);

        assertProblem(answer, 431, "request-header-fields-too-large");
    }

    @Test
    void aBodyOverTheTransportLimitIs413Problem() {
        Api api = Api.freshProject();
        RawExchange answer = RawExchange.send(
                base,
                "POST",
                api.base(),
                new String[] {
                    "Authorization: Bearer " + api.token,
                    "Content-Type: application/json",
                    "Content-Length: " + (2 * 1024 * 1024)
                },
                null);

        assertProblem(answer, 413, "payload-too-large");
        api.request().get(api.base()).then().statusCode(200).body("items.size()", org.hamcrest.Matchers.is(0));
    }

    @Test
    void anUnroutedPathGetsTheSameProblems() {
        RawExchange answer = RawExchange.send(base, "GET", "/nowhere?q=" + "a".repeat(10_000), new String[0], null);

        assertProblem(answer, 414, "uri-too-long");
    }

    private static void assertProblem(RawExchange answer, int status, String slug) {
        assertThat(answer.status()).as(answer.head()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).as(answer.head()).startsWith("application/problem+json");
        JsonNode body;
        try {
            body = Wire.mapper().readTree(answer.body());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + answer.body(), e);
        }
        assertThat(body.path("status").asInt()).isEqualTo(status);
        assertThat(body.path("type").asText()).endsWith("/" + slug);
    }
}
