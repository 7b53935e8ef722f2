package dev.taskgate.webhooks;

import java.net.URL;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/**
 * The service starts and reports ready on its management interface, so that the local stack and the system tests can
 * wait on it; the public listener (the subscriptions API) does not serve health.
 */
@QuarkusTest
class HealthReadinessUpTest {
    @TestHTTPResource(value = "health/ready", management = true)
    URL ready;

    @TestHTTPResource(value = "health/live", management = true)
    URL live;

    @Test
    void readinessIsUp() {
        given().when()
                .get(ready)
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                // no consumer waits for PostgreSQL (libs/record-retry)
                .body("checks.find { it.name == 'dependencies' }.status", equalTo("UP"));
    }

    @Test
    void livenessIsUp() {
        given().when()
                .get(live)
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                // the lifecycle topic's reader runs (signal.kafka.LifecycleIntake)
                .body("checks.find { it.name == 'lifecycle-reader' }.status", equalTo("UP"));
    }

    @Test
    void healthIsNotServedOnThePublicListener() {
        given().when().get("/q/health/ready").then().statusCode(404);
        given().when().get("/q/health/live").then().statusCode(404);
    }
}
