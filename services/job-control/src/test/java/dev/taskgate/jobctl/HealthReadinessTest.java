package dev.taskgate.jobctl;

import java.net.URL;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasItems;

@QuarkusTest
class HealthReadinessTest {
    @TestHTTPResource(value = "health/ready", management = true)
    URL ready;

    @TestHTTPResource(value = "health/live", management = true)
    URL live;

    @Test
    void readinessCoversKafkaTheDatabaseTheRelayAndWaitingConsumers() {
        given().get(ready)
                .then()
                .statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("UP"))
                .body(
                        "checks.name",
                        hasItems(
                                "outbox-relay",
                                "dependencies", // up: no consumer waits for PostgreSQL (libs/record-retry)
                                "SmallRye Reactive Messaging - readiness check",
                                "Reactive PostgreSQL connections health check"));
    }

    @Test
    void healthIsServedOnTheManagementPortOnly() {
        assertThat(ready.getPort()).isNotEqualTo(RestAssured.port);
        given().get(live).then().statusCode(200);

        given().get("/q/health/ready").then().statusCode(404);
        given().get("/q/health/live").then().statusCode(404);
        given().get("/q/health").then().statusCode(404);
    }
}
