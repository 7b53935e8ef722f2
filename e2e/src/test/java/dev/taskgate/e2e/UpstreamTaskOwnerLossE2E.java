package dev.taskgate.e2e;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.EverythingServer;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.RecordingProxy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 3, end to end: the worker is SIGKILLed while it waits on an upstream <em>task</em> (the pinned
 * server-everything's {@code simulate-research-query}, which requires tasks). The task id was checkpointed before
 * anything else, so the replacement worker polls that remote task and returns its result; the tool is called once.
 * A recording proxy between Taskgate and the upstream counts what the upstream really received.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class UpstreamTaskOwnerLossE2E {
    private static final Duration SETTLE = Duration.ofSeconds(180);
    private static final String TOOL = "simulate-research-query";

    private static EverythingServer everything;
    private static RecordingProxy proxy;
    private static String namespace;
    private static String project;
    private static String caller;

    @BeforeAll
    static void registerEverythingBehindAProxy() throws Exception {
        everything = EverythingServer.start(LocalStack.repo());
        proxy = RecordingProxy.in(everything.url());
        project = "gw-task-" + UUID.randomUUID().toString().substring(0, 8);
        String id = "task-" + UUID.randomUUID().toString().substring(0, 8);
        namespace = id.replace("-", "_");
        caller = token("tess", "tools:call", "tools:write");
        GatewayUpstreams.registerForProject(
                token("olga", "upstreams:admin", "tools:call"), project, id, proxy.url(), namespace, caller);
    }

    @AfterAll
    static void stopEverything() {
        if (proxy != null) {
            proxy.close();
        }
        if (everything != null) {
            everything.close();
        }
    }

    @Test
    void aReplacementWorkerPollsTheCheckpointedRemoteTaskAndNeverCallsTheToolAgain() throws Exception {
        String id = given().auth()
                .oauth2(caller)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType("application/json")
                .body(Map.of("tool_name", namespace + "." + TOOL, "input", Map.of("topic", "durable execution")))
                .post(base())
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        await().atMost(SETTLE).pollInterval(Duration.ofMillis(100)).until(UpstreamTaskOwnerLossE2E::checkpointed);
        ServiceProcess worker = LocalStack.get().service("worker-pool");
        worker.kill();
        int exchangesAtKill = proxy.exchanges().size();
        worker.restart(Duration.ofSeconds(120));

        JsonPath done = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> statusOf(id),
                        s -> List.of("completed", "failed", "cancelled").contains(s.getString("status")));
        assertThat(done.getString("status"))
                .as("%s%nthe upstream saw:%n%s", done.prettify(), transcript())
                .isEqualTo("completed");
        JsonPath result = given().auth()
                .oauth2(caller)
                .get(base() + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(result.getString("content[0].text")).as(result.prettify()).contains("durable execution");

        List<String> calls = proxy.posted("tools/call").stream()
                .map(m -> m.at("/params/name").asText())
                .filter(TOOL::equals)
                .toList();
        assertThat(calls)
                .as("the upstream tool is called once, by the worker that was killed")
                .hasSize(1);
        List<String> afterKill = proxy.rpcMethods()
                .subList(countPostedBefore(exchangesAtKill), proxy.rpcMethods().size());
        assertThat(afterKill)
                .as("the replacement asked the upstream about the saved task")
                .containsAnyOf("tasks/get", "tasks/result")
                .doesNotContain("tools/call");
        System.out.printf(
                "upstream task owner loss: 1 tools/call, %d requests after the kill (%s)%n",
                afterKill.size(), String.join(", ", afterKill));
    }

    // what the upstream received and answered, for a failure's message
    private static String transcript() {
        StringBuilder lines = new StringBuilder();
        for (RecordingProxy.Exchange e : proxy.exchanges()) {
            String answer = e.answerText().replaceAll("\\s+", " ");
            lines.append(String.format(
                    "  %s %s session=%s -> %s%n",
                    e.method(),
                    e.rpcMethod(),
                    e.header("Mcp-Session-Id").orElse("-"),
                    answer.substring(0, Math.min(answer.length(), 240))));
        }
        return lines.toString();
    }

    // JSON-RPC methods posted among the first n exchanges (GET streams and DELETEs carry none)
    private static int countPostedBefore(int exchanges) {
        return (int) proxy.exchanges().subList(0, exchanges).stream()
                .filter(e -> e.method().equals("POST") && !e.rpcMethod().isEmpty())
                .count();
    }

    private static JsonPath statusOf(String executionId) {
        return given().auth()
                .oauth2(caller)
                .get(base() + "/" + executionId)
                .then()
                .extract()
                .jsonPath();
    }

    // the REST id is a handle, not the row's key; the tool's name is unique to this run (a fresh namespace)
    private static boolean checkpointed() throws SQLException {
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(LocalStack.jdbcUrl());
                PreparedStatement s = c.prepareStatement("select 1 from jobctl.frontier_checkpoint f"
                        + " join jobctl.execution e on e.id = f.execution_id where e.tool_name = ?")) {
            s.setString(1, namespace + "." + TOOL);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        }
    }

    private static String base() {
        return LocalStack.get().frontendUrl() + "/v1/orgs/acme/projects/" + project + "/tool-executions";
    }

    private static String token(String subject, String... scopes) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project(project)
                .scopes(scopes)
                .sign();
    }
}
