package dev.taskgate.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * REST executions in project {@code acme/demo} (the workspace the stack's worker registers) for the system tests:
 * submit, wait for the end, read the result. {@code RestAssured.baseURI} must name the stack's frontend.
 */
final class DemoExecutions {
    static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(90);

    private DemoExecutions() {}

    /** Submits {@code tool} with {@code input} under a fresh idempotency key. */
    static Response submit(String token, String tool, Map<String, ?> input) {
        return given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", tool, "input", input))
                .post(BASE);
    }

    /** Submits, waits until the execution is terminal and returns its result. */
    static JsonPath result(String token, String tool, Map<String, ?> input) {
        return result(token, submit(token, tool, input));
    }

    /** Waits until the execution {@code submitted} created is terminal and returns its result. */
    static JsonPath result(String token, Response submitted) {
        String id = submitted.then().statusCode(202).extract().path("execution_id");
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> given().auth()
                                .oauth2(token)
                                .get(BASE + "/" + id)
                                .then()
                                .statusCode(200)
                                .extract()
                                .<String>path("status"),
                        s -> List.of("completed", "failed", "cancelled").contains(s));
        return given().auth()
                .oauth2(token)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Writes a workspace file, making its directories. */
    static Path write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
