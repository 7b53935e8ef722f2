package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;

/**
 * Issue 17: the tools of an upstream MCP server through the packaged stack. The stack's upstreams
 * ({@link GatewayUpstreams}): {@code counting} (our CountingUpstream over loopback HTTP, for {@code acme/*}),
 * {@code counting-timeout} (the same server with a call timeout of 2 s) and {@code gone} (nobody listens).
 */
@ExtendWith(LocalStack.class)
class GatewayE2E {
    private static final Duration DISCOVERY = Duration.ofSeconds(60);

    private static String acme;
    private static String acmeWriter;
    private static String stranger;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        acme = token("acme", "tools:call");
        acmeWriter = token("acme", "tools:call", "tools:write");
        stranger = token("other", "tools:call", "tools:write");
        await().atMost(DISCOVERY)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(acme).contains("counting.echo"));
    }

    @Test
    void upstreamToolsAreListedNamespacedToAdmittedWorkspacesOnlyAndAnUnreachableUpstreamOffersNone() {
        List<String> names = GatewayUpstreams.listedTools(acme);
        assertThat(names)
                .contains(
                        "counting.echo",
                        "counting.read_only_echo",
                        "counting.slow",
                        "counting.ask",
                        "counting.crash",
                        "counting.malformed",
                        "demo.echo")
                .noneMatch(name -> name.startsWith("gone."));
        assertThat(GatewayUpstreams.listedTools(stranger))
                .contains("demo.echo")
                .noneMatch(name -> name.startsWith("counting."));

        JsonNode listed = LocalStack.get()
                .mcp(acme)
                .v2026()
                .request("tools/list")
                .post()
                .json()
                .path("result");
        assertThat(listed.path("cacheScope").asText())
                .as("the list differs between callers")
                .isEqualTo("private");
        JsonNode slow = tool(listed, "counting.slow");
        assertThat(slow.path("inputSchema").path("required").toString()).isEqualTo("[\"seconds\"]");
    }

    @Test
    void anUpstreamToolIsUnknownToOtherWorkspacesOnEverySurfaceAndNeverCalled() {
        int before = GatewayUpstreams.invocations("echo");

        RestAssured.given()
                .auth()
                .oauth2(stranger)
                .header("Idempotency-Key", "stranger-" + java.util.UUID.randomUUID())
                .contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("tool_name", "counting.echo", "input", Map.of("n", 1)))
                .post("/v1/orgs/other/projects/demo/tool-executions")
                .then()
                .statusCode(422)
                .body("type", endsWith("/unknown-tool"));
        JsonNode refused = LocalStack.get()
                .mcp(stranger)
                .v2026()
                .toolCall("counting.echo", Map.of("n", 1))
                .post()
                .json();
        assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32602);
        assertThat(refused.path("error").path("message").asText()).contains("Unknown tool");

        assertThat(GatewayUpstreams.invocations("echo")).isEqualTo(before);
    }

    @Test
    void aToolOfAnUnreachableUpstreamIsRefusedAsUnavailableWithoutTellingTheCallerWhy() {
        DemoExecutions.submit(acmeWriter, "gone.anything", Map.of())
                .then()
                .statusCode(503)
                .header("Retry-After", "15")
                .body("type", endsWith("/unavailable"))
                .body("detail", org.hamcrest.Matchers.containsString("upstream 'gone' cannot be reached"))
                .body("detail", org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString("127.0.0.1")));
        JsonNode refused = LocalStack.get()
                .mcp(acmeWriter)
                .v2026()
                .toolCall("gone.anything", Map.of())
                .post()
                .json();
        assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32602);
        assertThat(refused.path("error").path("message").asText())
                .isEqualTo("Tool 'gone.anything' is unavailable now: its upstream 'gone' cannot be reached; try again "
                        + "later.");
    }

    @Test
    void theInputIsValidatedAtTheEdgeAgainstTheUpstreamSchemaAndAMutatingToolNeedsWriteScope() {
        int before = GatewayUpstreams.invocations("slow");

        DemoExecutions.submit(acmeWriter, "counting.slow", Map.of("seconds", "soon"))
                .then()
                .statusCode(422)
                .body("type", endsWith("/invalid-input"));
        DemoExecutions.submit(acme, "counting.slow", Map.of("seconds", 0))
                .then()
                .statusCode(403);

        assertThat(GatewayUpstreams.invocations("slow")).isEqualTo(before);
    }

    @Test
    void anEchoThroughRestCompletesWithTheUpstreamsResultAndCallsItOnce() {
        int before = GatewayUpstreams.invocations("echo");

        JsonPath result = DemoExecutions.result(acmeWriter, "counting.echo", Map.of("greeting", "hello", "n", 7));

        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        assertThat(result.getMap("structuredContent")).isEqualTo(Map.of("greeting", "hello", "n", 7));
        assertThat(GatewayUpstreams.invocations("echo")).isEqualTo(before + 1);
    }

    @Test
    void theCredentialFromTheUpstreamsFileReachesTheUpstream() {
        JsonPath result = DemoExecutions.result(acmeWriter, "counting.whoami", Map.of());

        assertThat(result.getString("content[0].text")).isEqualTo("Bearer " + GatewayUpstreams.COUNTING_TOKEN);
    }

    @Test
    void anUpstreamThatAnswersNonsenseFailsTheExecutionClearlyAndIsCalledOnce() {
        int before = GatewayUpstreams.invocations("malformed");
        String id = DemoExecutions.submit(acmeWriter, "counting.malformed", Map.of())
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        JsonPath failure = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> RestAssured.given()
                                .auth()
                                .oauth2(acmeWriter)
                                .get("/v1/orgs/acme/projects/demo/tool-executions/" + id + "/result")
                                .then()
                                .extract()
                                .jsonPath(),
                        body -> "upstream_failed".equals(body.getString("error_code")));
        assertThat(failure.getString("detail"))
                .contains("upstream 'counting'", "tool 'malformed'")
                .doesNotContain(GatewayUpstreams.COUNTING_TOKEN);
        assertThat(GatewayUpstreams.invocations("malformed")).isEqualTo(before + 1);
    }

    @Test
    void anUpstreamAskingForAnInteractionNoClientOffersFailsTheExecutionClearlyAndIsCalledOnce() {
        int before = GatewayUpstreams.invocations("unsupported");
        String id = DemoExecutions.submit(acmeWriter, "counting.unsupported", Map.of())
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        JsonNode failure = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> Http.rest("GET", DemoExecutions.BASE + "/" + id + "/result", acmeWriter, null, null)
                                .json(),
                        body -> "upstream_failed".equals(body.path("error_code").asText()));
        assertThat(failure.path("detail").asText())
                .as(failure.toString())
                .contains("upstream 'counting'", "tool 'unsupported'", "'experimental/unsupported'")
                .doesNotContain(GatewayUpstreams.COUNTING_TOKEN);
        assertThat(GatewayUpstreams.invocations("unsupported")).isEqualTo(before + 1);
    }

    @Test
    void aRestCreateNamesTheUpstreamByGatewayId() {
        JsonPath result = DemoExecutions.result(
                acmeWriter,
                RestAssured.given()
                        .auth()
                        .oauth2(acmeWriter)
                        .header("Idempotency-Key", "gateway-" + java.util.UUID.randomUUID())
                        .contentType(io.restassured.http.ContentType.JSON)
                        .body(Map.of(
                                "gateway_id", "counting", "tool_name", "echo", "input", Map.of("via", "gateway_id")))
                        .post("/v1/orgs/acme/projects/demo/tool-executions"));

        assertThat(result.getMap("structuredContent")).isEqualTo(Map.of("via", "gateway_id"));
    }

    @Test
    void aReadOnlyUpstreamToolIsCalledSynchronouslyOverMcpWithTheCallersToolsCallScopeOnly() {
        int before = GatewayUpstreams.invocations("read_only_echo");

        JsonNode result = LocalStack.get()
                .mcp(acme)
                .v2026()
                .toolCall("counting.read_only_echo", Map.of("word", "bonjour"))
                .post()
                .json()
                .path("result");

        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        assertThat(result.path("structuredContent").path("word").asText()).isEqualTo("bonjour");
        assertThat(GatewayUpstreams.invocations("read_only_echo")).isEqualTo(before + 1);
    }

    @Test
    void anUpstreamToolRunsAsA2026TaskAndA2025TaskWithTheUpstreamsExactResult() {
        int before = GatewayUpstreams.invocations("echo");
        String key = "gw-" + java.util.UUID.randomUUID();

        // 2026-07-28, io.modelcontextprotocol/tasks: a mutating tool's task needs a request key
        JsonNode created = LocalStack.get()
                .mcp(acmeWriter)
                .v2026()
                .toolCall("counting.echo", Map.of("via", "2026 task"))
                .meta("dev.taskgate/requestKey", key)
                .withTasks()
                .post()
                .json()
                .path("result");
        assertThat(created.path("resultType").asText()).as(created.toString()).isEqualTo("task");
        String taskId = created.path("taskId").asText();
        JsonNode done = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> LocalStack.get()
                                .mcp(acmeWriter)
                                .v2026()
                                .task("tasks/get", taskId)
                                .post()
                                .json()
                                .path("result"),
                        task -> task.path("status").asText().equals("completed"));
        assertThat(done.at("/result/structuredContent/via").asText())
                .as(done.toString())
                .isEqualTo("2026 task");

        // 2025-11-25 core tasks in a session
        Mcp2025Session session = LocalStack.get().mcp(acmeWriter).v2025().initialize();
        ObjectNode params = Mcp2025Client.call("counting.echo", Map.of("via", "2025 task"));
        params.putObject("task").put("ttl", 60_000);
        params.putObject("_meta").put("dev.taskgate/requestKey", key + "-2025");
        String task2025 = session.request("tools/call", params)
                .json()
                .at("/result/task/taskId")
                .asText();
        McpReply result = session.request("tasks/result", Mcp2025Client.task(task2025));
        assertThat(result.result().at("/structuredContent/via").asText())
                .as(result.text())
                .isEqualTo("2025 task");
        assertThat(toolNames2025(session)).contains("counting.echo");

        assertThat(GatewayUpstreams.invocations("echo")).isEqualTo(before + 2);
    }

    @Test
    void aLongUpstreamCallHandsOffAndTheCompatibilityToolsReturnItsExactResultCalledOnce() {
        int before = GatewayUpstreams.invocations("slow");

        // counting.slow is declared handoff_after=1s in the stack's upstreams file
        JsonNode handle = LocalStack.get()
                .mcp(acmeWriter)
                .v2026()
                .toolCall("counting.slow", Map.of("seconds", 3))
                .meta("dev.taskgate/requestKey", "gw-compat-" + java.util.UUID.randomUUID())
                .post()
                .json()
                .at("/result/structuredContent");
        assertThat(handle.path("type").asText()).as(handle.toString()).isEqualTo("taskgate.execution/v1");
        assertThat(handle.at("/next_action/tool").asText()).isEqualTo("execution_get");
        String id = handle.path("execution_id").asText();

        JsonNode got = LocalStack.get()
                .mcp(acmeWriter)
                .v2026()
                .toolCall("execution_get", Map.of("execution_id", id, "wait_ms", 45_000))
                .post()
                .json()
                .path("result");
        assertThat(got.path("isError").asBoolean()).as(got.toString()).isFalse();
        assertThat(got.at("/structuredContent/type").asText()).isNotEqualTo("taskgate.execution/v1");
        assertThat(got.at("/content/0/text").asText()).as(got.toString()).isEqualTo("slept 3 seconds");
        assertThat(GatewayUpstreams.invocations("slow")).isEqualTo(before + 1);
    }

    @Test
    void anUpstreamSlowerThanItsCallTimeoutFailsClearlyAndIsCalledOnce() {
        String caller = Tokens.forSubject("gateway-e2e")
                .org("acme")
                .project(GatewayUpstreams.TIMEOUT_PROJECT)
                .scopes("tools:call", "tools:write")
                .sign();
        await().atMost(DISCOVERY)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(caller).contains("counting-timeout.slow"));
        int before = GatewayUpstreams.invocations("slow");
        String executions = "/v1/orgs/acme/projects/" + GatewayUpstreams.TIMEOUT_PROJECT + "/tool-executions";

        Http.Reply created = Http.rest(
                "POST",
                executions,
                caller,
                "gw-timeout-" + java.util.UUID.randomUUID(),
                "{\"tool_name\": \"counting-timeout.slow\", \"input\": {\"seconds\": 30}}");
        assertThat(created.status()).as(created.text()).isEqualTo(202);
        String execution =
                executions + "/" + created.json().path("execution_id").asText();

        JsonNode failure = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> Http.rest("GET", execution + "/result", caller, null, null)
                                .json(),
                        body -> "upstream_failed".equals(body.path("error_code").asText()));
        assertThat(failure.path("detail").asText())
                .as(failure.toString())
                .contains("upstream 'counting-timeout'", "tool 'slow'", "call timeout of 2000 ms")
                .doesNotContain(GatewayUpstreams.COUNTING_TOKEN);
        assertThat(GatewayUpstreams.invocations("slow")).isEqualTo(before + 1);
    }

    private static List<String> toolNames2025(Mcp2025Session session) {
        List<String> names = new ArrayList<>();
        session.request("tools/list", Mcp2025Client.params())
                .json()
                .at("/result/tools")
                .forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }

    private static JsonNode tool(JsonNode listed, String name) {
        for (JsonNode tool : listed.path("tools")) {
            if (tool.path("name").asText().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError(name + " is not listed: " + listed);
    }

    private static String token(String org, String... scopes) {
        return Tokens.forSubject("gateway-e2e")
                .org(org)
                .project("demo")
                .scopes(scopes)
                .sign();
    }
}
