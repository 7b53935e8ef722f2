package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
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
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Input required through all four packaged services: demo.confirm asks in its child JVM, the execution shows the
 * request (REST {@code input_requests}, MCP {@code inputRequests}), the answer travels frontend → job-control →
 * worker → child, and the execution completes with a result naming exactly what was answered. Also: a stale key is
 * acknowledged and ignored, a stranger gets the uniform not-found, and cancelling while waiting stops the child.
 */
@ExtendWith(LocalStack.class)
class InputRoundTripE2E {
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
    void restAnswerReachesTheChildAndTheResultReportsIt() throws Exception {
        String id = given().auth()
                .oauth2(alice)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "demo.confirm", "input", Map.of("message", "Deploy build 812?")))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        JsonNode waiting = awaitRest(alice, id, "input_required");
        assertThat(waiting.path("input_requests").size()).isEqualTo(1);
        String key = waiting.path("input_requests").fieldNames().next();
        JsonNode request = waiting.path("input_requests").path(key);
        assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(request.at("/params/message").asText()).isEqualTo("Deploy build 812?");
        assertThat(request.at("/params/requestedSchema/properties/confirm/type").asText())
                .isEqualTo("boolean");

        // a stranger cannot answer, and learns nothing
        Response strangers = postInput(bob, id, key, Map.of("action", "decline"));
        strangers.then().statusCode(404).contentType("application/problem+json");
        // a stale key is acknowledged and changes nothing
        postInput(alice, id, "ir_notOutstanding000000000", Map.of("action", "decline"))
                .then()
                .statusCode(200);
        assertThat(rest(alice, id).path("status").asText()).isEqualTo("input_required");

        // member order is kept end to end, so the expected text below depends on it
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("confirm", true);
        content.put("note", "ship it");
        postInput(alice, id, key, Map.of("action", "accept", "content", content))
                .then()
                .statusCode(200)
                .body("acknowledged", org.hamcrest.Matchers.equalTo(true));

        awaitRest(alice, id, "completed");
        byte[] result = given().auth()
                .oauth2(alice)
                .get(BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        assertThat(new String(result, StandardCharsets.UTF_8))
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":"
                        + "\"The user chose accept: {\\\"confirm\\\":true,\\\"note\\\":\\\"ship it\\\"}\"}],"
                        + "\"structuredContent\":{\"action\":\"accept\",\"content\":{\"confirm\":true,\"note\":\"ship it\"}},"
                        + "\"isError\":false}");
        // answering again after the end is acknowledged and ignored
        postInput(alice, id, key, Map.of("action", "decline")).then().statusCode(200);
        assertThat(rest(alice, id).path("status").asText()).isEqualTo("completed");
    }

    @Test
    void mcpTaskShowsInputRequestsAndTasksUpdateCompletesIt() {
        McpReply created =
                asClient(mcp(alice).toolCall("demo.confirm", Map.of())).post();
        assertThat(created.json().at("/result/resultType").asText())
                .as(created.text())
                .isEqualTo("task");
        String taskId = created.json().at("/result/taskId").asText();

        JsonNode waiting = awaitTask(alice, taskId, "input_required");
        JsonNode requests = waiting.at("/result/inputRequests");
        assertThat(requests.size()).isEqualTo(1);
        String key = requests.fieldNames().next();
        assertThat(requests.path(key).path("method").asText()).isEqualTo("elicitation/create");

        McpReply ack = asClient(mcp(alice)
                        .task("tasks/update", taskId)
                        .param("inputResponses", Map.of(key, Map.of("action", "decline"))))
                .post();
        assertThat(ack.status()).as(ack.text()).isEqualTo(200);
        assertThat(ack.json().at("/result/resultType").asText()).isEqualTo("complete");

        JsonNode done = awaitTask(alice, taskId, "completed");
        assertThat(done.at("/result/result/resultType").asText()).isEqualTo("complete");
        assertThat(done.at("/result/result/content/0/text").asText()).isEqualTo("The user chose decline.");
        assertThat(done.at("/result/inputRequests").isMissingNode()).isTrue();
    }

    @Test
    void cancellingWhileWaitingForInputStopsTheChild() {
        String taskId = asClient(mcp(alice).toolCall("demo.confirm", Map.of()))
                .post()
                .json()
                .at("/result/taskId")
                .asText();
        awaitTask(alice, taskId, "input_required");

        assertThat(asClient(mcp(alice).task("tasks/cancel", taskId)).post().status())
                .isEqualTo(200);

        JsonNode cancelled = awaitTask(alice, taskId, "cancelled");
        assertThat(cancelled.at("/result/statusMessage").asText()).isEqualTo("stopped while waiting for input");
    }

    private static Response postInput(String token, String id, String key, Map<String, Object> response) {
        return given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .body(Map.of("request_key", key, "response", response))
                .post(BASE + "/" + id + "/input");
    }

    private static JsonNode rest(String token, String id) throws IOException {
        return JSON.readTree(given().auth()
                .oauth2(token)
                .get(BASE + "/" + id)
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
    }

    private static JsonNode awaitRest(String token, String id, String status) {
        JsonNode[] last = new JsonNode[1];
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(100)).until(() -> {
            last[0] = rest(token, id);
            return status.equals(last[0].path("status").asText());
        });
        return last[0];
    }

    private static JsonNode awaitTask(String token, String taskId, String status) {
        JsonNode[] last = new JsonNode[1];
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(200)).until(() -> {
            last[0] = asClient(mcp(token).task("tasks/get", taskId)).post().json();
            return status.equals(last[0].at("/result/status").asText());
        });
        return last[0];
    }

    private static Mcp2026Client mcp(String token) {
        return LocalStack.get().mcp(token).v2026();
    }

    // as the client of these tests: it can answer elicitations and declares the tasks extension
    private static Mcp2026Request asClient(Mcp2026Request request) {
        return request.capability("elicitation").withTasks();
    }
}
