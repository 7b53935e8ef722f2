package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import dev.taskgate.testsupport.Tokens;

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
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final String TASKS = "io.modelcontextprotocol/tasks";
    private static final Duration SETTLE = Duration.ofSeconds(60);
    private static final AtomicLong IDS = new AtomicLong();

    private static String alice;
    private static String bob;
    private static URI endpoint;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        endpoint = URI.create(LocalStack.get().frontendUrl() + "/mcp");
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
        Reply created = mcp(alice, "tools/call", "demo.confirm", Map.of("name", "demo.confirm", "arguments", Map.of()));
        assertThat(created.json().at("/result/resultType").asText())
                .as(created.text)
                .isEqualTo("task");
        String taskId = created.json().at("/result/taskId").asText();

        JsonNode waiting = awaitTask(alice, taskId, "input_required");
        JsonNode requests = waiting.at("/result/inputRequests");
        assertThat(requests.size()).isEqualTo(1);
        String key = requests.fieldNames().next();
        assertThat(requests.path(key).path("method").asText()).isEqualTo("elicitation/create");

        Reply ack = mcp(
                alice,
                "tasks/update",
                taskId,
                Map.of("taskId", taskId, "inputResponses", Map.of(key, Map.of("action", "decline"))));
        assertThat(ack.status).as(ack.text).isEqualTo(200);
        assertThat(ack.json().at("/result/resultType").asText()).isEqualTo("complete");

        JsonNode done = awaitTask(alice, taskId, "completed");
        assertThat(done.at("/result/result/resultType").asText()).isEqualTo("complete");
        assertThat(done.at("/result/result/content/0/text").asText()).isEqualTo("The user chose decline.");
        assertThat(done.at("/result/inputRequests").isMissingNode()).isTrue();
    }

    @Test
    void cancellingWhileWaitingForInputStopsTheChild() {
        String taskId = mcp(alice, "tools/call", "demo.confirm", Map.of("name", "demo.confirm", "arguments", Map.of()))
                .json()
                .at("/result/taskId")
                .asText();
        awaitTask(alice, taskId, "input_required");

        assertThat(mcp(alice, "tasks/cancel", taskId, Map.of("taskId", taskId)).status)
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
            last[0] = mcp(token, "tasks/get", taskId, Map.of("taskId", taskId)).json();
            return status.equals(last[0].at("/result/status").asText());
        });
        return last[0];
    }

    private static Reply mcp(String token, String method, String name, Map<String, ?> params) {
        ObjectNode message = JSON.createObjectNode()
                .put("jsonrpc", "2.0")
                .put("id", IDS.incrementAndGet())
                .put("method", method);
        ObjectNode p = message.putObject("params");
        params.forEach((k, v) -> p.set(k, JSON.valueToTree(v)));
        ObjectNode meta = p.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        ObjectNode capabilities = meta.putObject("io.modelcontextprotocol/clientCapabilities");
        capabilities.putObject("elicitation");
        capabilities.putObject("extensions").putObject(TASKS);
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(90))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method)
                .header("Mcp-Name", name)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()))
                .build();
        try {
            HttpResponse<String> response =
                    HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static final class Reply {
        final int status;
        final String text;

        Reply(int status, String text) {
            this.status = status;
            this.text = text;
        }

        JsonNode json() {
            try {
                return JSON.readTree(text);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + status + " " + text, e);
            }
        }
    }
}
