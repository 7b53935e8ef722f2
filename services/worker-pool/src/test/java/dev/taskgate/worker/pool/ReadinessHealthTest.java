package dev.taskgate.worker.pool;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

@QuarkusTest
class ReadinessHealthTest {

    @Test
    void readinessReportsKafkaAndTheChildren() {
        given().when()
                .get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("children ready"))
                .body("checks.find { it.name == 'children ready' }.data.configured", equalTo(2));
    }
}
