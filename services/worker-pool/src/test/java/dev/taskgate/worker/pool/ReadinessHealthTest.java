package dev.taskgate.worker.pool;

import java.net.URL;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

@QuarkusTest
class ReadinessHealthTest {
    @TestHTTPResource(value = "health/ready", management = true)
    URL ready;

    @Test
    void readinessReportsKafkaAndTheChildren() {
        given().when()
                .get(ready)
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("children ready"))
                .body("checks.find { it.name == 'children ready' }.data.configured", equalTo(2));
    }

    @Test
    void healthIsNotServedOnTheApiPort() {
        given().when().get("/q/health/ready").then().statusCode(404);
    }
}
