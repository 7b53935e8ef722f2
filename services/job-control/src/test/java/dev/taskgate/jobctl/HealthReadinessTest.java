package dev.taskgate.jobctl;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItems;

@QuarkusTest
class HealthReadinessTest {

    @Test
    void readinessCoversKafkaTheDatabaseAndTheRelay() {
        given().get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("UP"))
                .body(
                        "checks.name",
                        hasItems(
                                "outbox-relay",
                                "SmallRye Reactive Messaging - readiness check",
                                "Reactive PostgreSQL connections health check"));
    }
}
