package dev.taskgate.webhooks;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/** The skeleton starts and reports ready, so that the local stack and the system tests can wait on it. */
@QuarkusTest
class HealthReadinessUpTest {

    @Test
    void readinessIsUp() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void livenessIsUp() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
