package dev.taskgate.webhooks;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.webhooks.support.Api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/**
 * The operator console calls the subscriptions API from the frontend's origin (taskgate.console.origins, the test
 * profile's http://console.example.test:8080): that origin may, any other browser origin may not, and the token is
 * still what authorizes.
 */
@QuarkusTest
class SubscriptionApiConsoleOriginTest {
    private static final String CONSOLE = "http://console.example.test:8080";

    @Test
    void theConsolesPreflightIsAllowedForTheBearerHeader() {
        Api api = Api.freshProject();
        given().header("Origin", CONSOLE)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization,content-type")
                .options(api.base() + "/00000000-0000-0000-0000-000000000000/test")
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", equalTo(CONSOLE))
                .header("Access-Control-Allow-Methods", containsString("POST"))
                .header("Access-Control-Allow-Headers", containsString("Authorization"))
                // no cookies cross: the console sends its token as a header
                .header("Access-Control-Allow-Credentials", not(equalTo("true")));
    }

    @Test
    void theConsolesCallIsAnsweredWithItsOriginAllowed() {
        Api api = Api.freshProject();
        api.create("https://receiver.example.com/hook").then().statusCode(201);

        api.request()
                .header("Origin", CONSOLE)
                .get(api.base())
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", equalTo(CONSOLE))
                .header("Access-Control-Expose-Headers", containsString("Location"));
    }

    @Test
    void theConsolesOriginWithoutATokenIsStill401() {
        Api api = Api.freshProject();
        given().header("Origin", CONSOLE)
                .get(api.base())
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }

    @Test
    void anotherOriginIsRefused() {
        Api api = Api.freshProject();
        api.request()
                .header("Origin", "https://evil.example")
                .get(api.base())
                .then()
                .statusCode(403)
                .header("Access-Control-Allow-Origin", nullValue());
        given().header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST")
                .options(api.base())
                .then()
                .header("Access-Control-Allow-Origin", nullValue());
    }

    @Test
    void aCallWithoutAnOriginIsServedAsBefore() {
        Api api = Api.freshProject();
        api.request().get(api.base()).then().statusCode(200).header("Access-Control-Allow-Origin", nullValue());
    }
}
