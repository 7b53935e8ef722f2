package dev.taskgate.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The walking skeleton through all four packaged services on the real broker and database: REST create →
 * poll → result for each demo operation, receipts, cancellation and isolation between principals.
 */
@ExtendWith(LocalStack.class)
class RestFlowE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static String alice;
    private static String bob;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        alice = Tokens.forSubject("alice")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        bob = Tokens.forSubject("bob")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void echoCompletesWithItsInputAsTextAndStructuredContent() throws Exception {
        Map<String, Object> input = Map.of("greeting", "hello", "n", 3);
        Response created = create(alice, key(), "demo.echo", input);
        created.then()
                .statusCode(202)
                .contentType(ContentType.JSON)
                .header("Location", org.hamcrest.Matchers.endsWith(created.path("execution_id")));
        assertThat(created.<String>path("status")).isIn("queued", "working", "completed");
        assertThat(created.<String>path("execution_deadline")).isNotBlank();
        assertThat(created.<String>path("retention_expires_at")).isNotBlank();
        assertThat(created.<Integer>path("poll_interval_ms")).isPositive();

        String id = created.path("execution_id");
        awaitStatus(alice, id, "completed");

        Response result = given().auth().oauth2(alice).get(BASE + "/" + id + "/result");
        result.then().statusCode(200).contentType(ContentType.JSON);
        JsonNode body = JSON.readTree(result.asByteArray());
        assertThat(body.get("isError").asBoolean()).isFalse();
        assertThat(body.get("structuredContent")).isEqualTo(JSON.valueToTree(input));
        assertThat(JSON.readTree(body.at("/content/0/text").asText())).isEqualTo(JSON.valueToTree(input));
        // the stored result is returned as is, every time
        assertThat(given().auth().oauth2(alice).get(BASE + "/" + id + "/result").asByteArray())
                .isEqualTo(result.asByteArray());
    }

    @Test
    void sleepIsWorkingWithProgressThenCompletes() {
        String id = create(alice, key(), "demo.sleep", Map.of("seconds", 3))
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(alice, id, "working");
        given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(202)
                .header("Retry-After", org.hamcrest.Matchers.notNullValue());
        awaitStatus(alice, id, "completed");
        given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .body("isError", org.hamcrest.Matchers.equalTo(false));
    }

    @Test
    void failingToolCompletesWithIsErrorResult() {
        String id = create(alice, key(), "demo.fail", Map.of("message", "disk is full"))
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(alice, id, "completed");
        given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .body("isError", org.hamcrest.Matchers.equalTo(true))
                .body("content[0].text", org.hamcrest.Matchers.equalTo("disk is full"));
    }

    @Test
    void crashingChildFailsTheExecutionWithAClearError() {
        String id = create(alice, key(), "demo.crash", Map.of())
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(alice, id, "failed");
        given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("type", org.hamcrest.Matchers.endsWith("/execution-failed"))
                .body("detail", org.hamcrest.Matchers.containsString("exited abruptly"));
        // the crashed child was replaced: the next execution still runs
        String next = create(alice, key(), "demo.echo", Map.of("after", "crash"))
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(alice, next, "completed");
    }

    @Test
    void sameKeyAndSameRequestReturnTheSameExecution() {
        String key = key();
        Response first = create(alice, key, "demo.echo", Map.of("a", 1, "b", 2));
        first.then().statusCode(202);
        Response second = create(alice, key, "demo.echo", Map.of("b", 2, "a", 1));
        second.then().statusCode(202).header("Idempotent-Replayed", "true");
        assertThat(second.<String>path("execution_id")).isEqualTo(first.path("execution_id"));
    }

    @Test
    void sameKeyWithDifferentInputIsAConflict() {
        String key = key();
        String id = create(alice, key, "demo.echo", Map.of("v", 1))
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        create(alice, key, "demo.echo", Map.of("v", 2))
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("type", org.hamcrest.Matchers.endsWith("/idempotency-conflict"))
                .body("detail", org.hamcrest.Matchers.containsString(key));
        // the original execution is untouched
        awaitStatus(alice, id, "completed");
        given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .body("structuredContent.v", org.hamcrest.Matchers.equalTo(1));
    }

    @Test
    void cancellingARunningSleepStopsItCooperatively() {
        String id = create(alice, key(), "demo.sleep", Map.of("seconds", 120))
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(alice, id, "working");
        given().auth().oauth2(alice).post(BASE + "/" + id + "/cancel").then().statusCode(202);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> status(alice, id).equals("cancelled"));
        given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(409)
                .body("type", org.hamcrest.Matchers.endsWith("/execution-cancelled"));
        // cancelling again is harmless
        given().auth()
                .oauth2(alice)
                .post(BASE + "/" + id + "/cancel")
                .then()
                .statusCode(202)
                .body("status", org.hamcrest.Matchers.equalTo("cancelled"));
    }

    @Test
    void anotherPrincipalsExecutionLooksExactlyLikeAnUnknownOne() throws Exception {
        String id = create(alice, key(), "demo.echo", Map.of("secret", "alice's"))
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(alice, id, "completed");
        String unknown = create(bob, key(), "demo.echo", Map.of())
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        // an id that verifies for nobody: flip one character of a real one
        String tampered = id.substring(0, id.length() - 1) + (id.endsWith("A") ? "B" : "A");

        for (String path : new String[] {"", "/result"}) {
            Response bobOnAlice = given().auth().oauth2(bob).get(BASE + "/" + id + path);
            Response aliceOnTampered = given().auth().oauth2(alice).get(BASE + "/" + tampered + path);
            bobOnAlice.then().statusCode(404).contentType("application/problem+json");
            aliceOnTampered.then().statusCode(404).contentType("application/problem+json");
            assertThat(withoutInstance(bobOnAlice)).isEqualTo(withoutInstance(aliceOnTampered));
            assertThat(bobOnAlice.asString()).doesNotContain("alice's");
        }
        given().auth().oauth2(bob).post(BASE + "/" + id + "/cancel").then().statusCode(404);
        // and bob still sees his own
        given().auth().oauth2(bob).get(BASE + "/" + unknown).then().statusCode(200);
    }

    private static JsonNode withoutInstance(Response r) throws Exception {
        var node = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(r.asByteArray());
        node.remove("instance");
        return node;
    }

    private static Response create(String token, String key, String tool, Map<String, Object> input) {
        return given().auth()
                .oauth2(token)
                .header("Idempotency-Key", key)
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", tool, "input", input))
                .post(BASE);
    }

    private static String status(String token, String id) {
        return given().auth()
                .oauth2(token)
                .get(BASE + "/" + id)
                .then()
                .statusCode(200)
                .extract()
                .path("status");
    }

    private static void awaitStatus(String token, String id, String expected) {
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> status(token, id).equals(expected));
    }

    private static String key() {
        return "e2e-" + UUID.randomUUID();
    }
}
