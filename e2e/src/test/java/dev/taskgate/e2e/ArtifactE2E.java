package dev.taskgate.e2e;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
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
 * Artifacts through the packaged services (issue 6 item 5): an operation saves one, its result links it, every
 * principal of the workspace reads it over REST, another workspace gets the uniform 404, and a later operation loads
 * it by its retention key through job-control.
 */
@ExtendWith(LocalStack.class)
class ArtifactE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static String alice;
    private static String bob;
    private static String carol;

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
        carol = Tokens.forSubject("carol")
                .org("acme")
                .project("other")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void aReportIsLinkedFromTheResultSharedInTheWorkspaceAndLoadedByKeyLater() throws Exception {
        String key = "report/" + UUID.randomUUID();
        JsonNode first = run(alice, Map.of("title", "Graph", "lines", List.of("a -> b", "b -> c"), "key", key));

        JsonNode link = first.at("/content/1");
        assertThat(link.path("type").asText()).isEqualTo("resource_link");
        JsonNode artifact = first.at("/structuredContent/artifacts/0");
        String path = artifact.path("path").asText();
        assertThat(path)
                .isEqualTo("/v1/orgs/acme/projects/demo/artifacts/"
                        + artifact.path("id").asText());
        // absolute: the stack gives the worker the frontend's public base URL
        assertThat(link.path("uri").asText()).isEqualTo(LocalStack.get().frontendUrl() + path);
        assertThat(first.at("/structuredContent").has("previous_size")).isFalse();

        // the owner and another principal of the workspace read the same bytes
        for (String token : new String[] {alice, bob}) {
            Response read = given().auth().oauth2(token).get(link.path("uri").asText());
            read.then()
                    .statusCode(200)
                    .header("Content-Type", "text/plain; charset=utf-8")
                    .header("ETag", "\"" + artifact.path("sha256").asText() + "\"")
                    .header("X-Content-Type-Options", "nosniff");
            assertThat(new String(read.asByteArray(), StandardCharsets.UTF_8)).isEqualTo("Graph\na -> b\nb -> c\n");
        }
        given().auth()
                .oauth2(bob)
                .get(path + "/metadata")
                .then()
                .statusCode(200)
                .body("key", org.hamcrest.Matchers.equalTo(key))
                .body(
                        "size",
                        org.hamcrest.Matchers.equalTo(artifact.path("size").asInt()));

        // another workspace: the same 404 as an id that does not exist
        String id = artifact.path("id").asText();
        Response otherWorkspace = given().auth().oauth2(carol).get("/v1/orgs/acme/projects/other/artifacts/" + id);
        Response unknown = given().auth().oauth2(alice).get("/v1/orgs/acme/projects/demo/artifacts/" + "0".repeat(32));
        otherWorkspace.then().statusCode(404).contentType("application/problem+json");
        unknown.then().statusCode(404).contentType("application/problem+json");
        assertThat(withoutInstance(otherWorkspace)).isEqualTo(withoutInstance(unknown));

        // bob's later report under the same key loads alice's first (through job-control), then replaces it
        JsonNode second = run(bob, Map.of("title", "Graph v2", "key", key));
        assertThat(second.at("/structuredContent/previous_size").asInt())
                .isEqualTo(artifact.path("size").asInt());
        assertThat(second.at("/structuredContent/artifacts/0/id").asText()).isEqualTo(id);
        assertThat(new String(given().auth().oauth2(alice).get(path).asByteArray(), StandardCharsets.UTF_8))
                .isEqualTo("Graph v2\n");
    }

    private static JsonNode run(String token, Map<String, Object> input) throws Exception {
        String id = given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "demo.report", "input", input))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> given().auth().oauth2(token).get(BASE + "/" + id).path("status"),
                        s -> "completed".equals(s) || "failed".equals(s));
        Response result = given().auth().oauth2(token).get(BASE + "/" + id + "/result");
        assertThat(result.statusCode()).as(result.asString()).isEqualTo(200);
        JsonNode body = JSON.readTree(result.asByteArray());
        assertThat(body.path("isError").asBoolean()).as(body.toString()).isFalse();
        return body;
    }

    private static JsonNode withoutInstance(Response r) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode problem =
                (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(r.asByteArray());
        problem.remove("instance");
        return problem;
    }
}
