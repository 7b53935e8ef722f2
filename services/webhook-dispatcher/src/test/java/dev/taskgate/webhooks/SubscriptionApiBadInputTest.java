package dev.taskgate.webhooks;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.webhooks.support.Api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.endsWith;

/** Bad input gets a 4xx problem+json and changes nothing. */
@QuarkusTest
class SubscriptionApiBadInputTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{|malformed-json",
                "[]|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"]} {}|malformed-json",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"],\"secret\":\"x\"}|invalid-request",
                "{\"event_types\":[\"tool.execution.lifecycle\"]}|invalid-request",
                "{\"url\":42,\"event_types\":[\"tool.execution.lifecycle\"]}|invalid-request",
                "{\"url\":\"not a url\",\"event_types\":[\"tool.execution.lifecycle\"]}|invalid-request",
                "{\"url\":\"ftp://hooks.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"]}|invalid-request",
                "{\"url\":\"https://u:p@hooks.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"]}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\"}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":[]}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":\"tool.execution.lifecycle\"}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":[\"task.completed\"]}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":[\"webhook.test\"]}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"],\"description\":7}|invalid-request",
                "{\"url\":\"https://hooks.example.com/\",\"url\":\"https://b.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"]}|malformed-json"
            })
    void refusesBadBodiesAndCreatesNothing(String body, String slug) {
        Api api = Api.freshProject();
        api.request()
                .contentType("application/json")
                .body(body)
                .post(api.base())
                .then()
                .statusCode(slug.equals("malformed-json") || slug.equals("invalid-request") ? 400 : 422)
                .contentType("application/problem+json")
                .body("type", endsWith("/" + slug))
                .body("status", org.hamcrest.Matchers.notNullValue())
                .body("detail", org.hamcrest.Matchers.notNullValue());
        assertThat(api.request().get(api.base()).<List<?>>path("items")).isEmpty();
    }

    @Test
    void refusesOtherMediaTypesAndEmptyBodies() {
        Api api = Api.freshProject();
        api.request()
                .contentType("text/plain")
                .body("{}")
                .post(api.base())
                .then()
                .statusCode(415)
                .contentType("application/problem+json");
        api.request()
                .contentType("application/json")
                .post(api.base())
                .then()
                .statusCode(400)
                .body("type", endsWith("/malformed-json"));
        api.request()
                .contentType("application/json")
                .body("{\"url\":\"https://hooks.example.com/" + "a".repeat(20_000) + "\"}")
                .post(api.base())
                .then()
                .statusCode(413)
                .contentType("application/problem+json");
        assertThat(api.request().get(api.base()).<List<?>>path("items")).isEmpty();
    }

    @Test
    void unknownOrMalformedIdsAreTheUniform404() {
        Api api = Api.freshProject();
        for (String id : new String[] {"00000000-0000-0000-0000-000000000000", "nope", "1-2-3-4-5"}) {
            api.request()
                    .get(api.base() + "/" + id)
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json")
                    .body("type", endsWith("/not-found"));
            api.request()
                    .post(api.base() + "/" + id + "/deliveries/" + id + "/replay")
                    .then()
                    .statusCode(404);
        }
    }
}
