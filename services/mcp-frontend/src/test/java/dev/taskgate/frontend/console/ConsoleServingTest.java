package dev.taskgate.frontend.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;

import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

/**
 * The operator console is static files under {@code /console}: they load without a token, carry a strict
 * Content-Security-Policy, refer to nothing outside the service, and every data route they call still needs one.
 */
@QuarkusTest
class ConsoleServingTest {
    /** The test profile's taskgate.console.webhooks-url (application.properties). */
    private static final String WEBHOOKS_ORIGIN = "http://hooks.example.test:8083";

    private static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self' " + WEBHOOKS_ORIGIN + "; object-src 'none'; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'";

    /** Every file of the console, as packaged. */
    private static final List<String> FILES = List.of(
            "index.html",
            "console.css",
            "js/app.js",
            "js/api.js",
            "js/dom.js",
            "js/session.js",
            "js/signin.js",
            "js/executions.js",
            "js/execution.js",
            "js/audit.js",
            "js/webhooks.js",
            "js/upstreams.js");

    @Test
    void thePageLoadsWithoutATokenUnderAStrictPolicy() {
        Response page = RestAssured.given().redirects().follow(false).get("/console/");

        page.then()
                .statusCode(200)
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", equalTo(POLICY))
                .header("X-Content-Type-Options", equalTo("nosniff"))
                .header("X-Frame-Options", equalTo("DENY"))
                .header("Referrer-Policy", equalTo("no-referrer"))
                .header("Cache-Control", equalTo("no-cache"))
                .body(containsString("<script type=\"module\" src=\"js/app.js\"></script>"));
    }

    @Test
    void theBarePathRedirectsToThePage() {
        RestAssured.given()
                .redirects()
                .follow(false)
                .get("/console")
                .then()
                .statusCode(302)
                .header("Location", equalTo("/console/"))
                .header("Content-Security-Policy", equalTo(POLICY));
    }

    @ParameterizedTest
    @ValueSource(strings = {"js/app.js", "js/execution.js", "js/webhooks.js"})
    void scriptsAreServedAsJavaScriptModulesWithThePolicy(String file) {
        RestAssured.get("/console/" + file)
                .then()
                .statusCode(200)
                .contentType(containsString("javascript"))
                .header("Content-Security-Policy", equalTo(POLICY))
                .header("X-Content-Type-Options", equalTo("nosniff"));
    }

    @Test
    void theStyleSheetIsCss() {
        RestAssured.get("/console/console.css")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/css"))
                .header("Content-Security-Policy", equalTo(POLICY));
    }

    @Test
    void settingsNameOnlyTheWebhookApi() {
        RestAssured.get("/console/settings.json")
                .then()
                .statusCode(200)
                .contentType(startsWith("application/json"))
                .header("Content-Security-Policy", equalTo(POLICY))
                .body(equalTo("{\"webhooks_url\":\"" + WEBHOOKS_ORIGIN + "\"}"));
    }

    @Test
    void anUnknownFileUnderTheConsoleIs404WithThePolicy() {
        RestAssured.get("/console/js/nowhere.js")
                .then()
                .statusCode(404)
                .header("Content-Security-Policy", equalTo(POLICY));
    }

    @Test
    void theFilesHaveNoInlineCodeAndReferToNothingOutside() {
        for (String file : FILES) {
            String text = RestAssured.get("/console/" + file)
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            assertThat(text).as(file).isEqualTo(packaged(file));
            assertThat(text).as(file).doesNotContain("http://", "https://", "innerHTML", "eval(", "localStorage");
            if (file.endsWith(".html")) {
                assertThat(text).as(file).doesNotContain("style=", "<style", " on");
                assertThat(text.split("<script", -1)).as(file).hasSize(2);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                Api.EXECUTIONS,
                Api.EXECUTIONS + "/tgx_anything",
                Api.EXECUTIONS + "/tgx_anything/events",
                "/v1/orgs/acme/projects/demo/operator/tool-executions",
                "/v1/orgs/acme/projects/demo/operator/tool-executions/tgx_anything",
                "/v1/orgs/acme/projects/demo/operator/audit",
                "/v1/orgs/acme/projects/demo/operator/upstreams",
                "/v1/orgs/acme/projects/demo/operator/upstreams/counting"
            })
    void everyDataRouteTheConsoleReadsNeedsAToken(String route) {
        RestAssured.get(route)
                .then()
                .statusCode(401)
                .contentType(startsWith("application/problem+json"))
                .header("WWW-Authenticate", startsWith("Bearer"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                Api.EXECUTIONS + "/tgx_anything/cancel",
                "/v1/orgs/acme/projects/demo/operator/tool-executions/tgx_anything/cancel",
                "/v1/orgs/acme/projects/demo/operator/upstreams/counting/refresh"
            })
    void everyActionTheConsoleTakesNeedsAToken(String route) {
        RestAssured.post(route).then().statusCode(401).contentType(startsWith("application/problem+json"));
    }

    @Test
    void aTokenIsNotWhatServesThePage() {
        String anonymous = RestAssured.get("/console/").asString();
        String signedIn = RestAssured.given()
                .header("Authorization", "Bearer " + Fixtures.aliceToken())
                .get("/console/")
                .asString();

        assertThat(signedIn).isEqualTo(anonymous);
    }

    private static String packaged(String file) {
        try (InputStream in = ConsoleServingTest.class.getResourceAsStream("/META-INF/resources/console/" + file)) {
            assertThat(in).as(file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
