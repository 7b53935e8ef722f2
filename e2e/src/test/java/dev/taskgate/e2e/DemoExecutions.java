package dev.taskgate.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import dev.taskgate.testsupport.Tokens;

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

    /** A token of {@code subject} in acme/demo that may call tools. */
    static String callerToken(String subject) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

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
        awaitStatus(token, id, s -> List.of("completed", "failed", "cancelled").contains(s));
        return given().auth()
                .oauth2(token)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Waits until the status of execution {@code id} (as its REST handle) satisfies {@code wanted}. */
    static void awaitStatus(String token, String id, Predicate<String> wanted) {
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
                        wanted);
    }

    /** Writes a workspace file, making its directories. */
    static Path write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
