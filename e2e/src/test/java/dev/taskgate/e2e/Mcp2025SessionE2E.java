package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static dev.taskgate.testsupport.mcp.Mcp2025Client.call;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 2025-era adapter across real processes: a session opened on one frontend instance is used and ended through
 * another (no sticky routing; the first instance stops serving it within its session recheck), and a session with
 * its task survives a SIGKILL and restart of the frontend. Prints what a session lookup costs (the same request with
 * and without a session, on one instance). The compatibility
 * tools over a 2025 session: an ordinary call of demo.sleep (catalog: {@code handoff_after=10s}) hands off under a
 * 2025 handle that {@code execution_get} and the 2025 task methods accept, with the exact stored result.
 */
@ExtendWith(LocalStack.class)
class Mcp2025SessionE2E {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aSessionOpenedOnOneInstanceIsUsedAndEndedThroughAnother() throws Exception {
        String token = token("two-frontends");
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get().secondFrontend().baseUrl() + "/mcp");

        Mcp2025Session session = McpTestClient.http(a).bearer(token).v2025().initialize();
        McpReply tools = session.at(b).request("tools/list", JSON.createObjectNode());
        McpReply echoed = session.at(b)
                .request("tools/call", call("demo.echo", JSON.createObjectNode().put("hello", "world")));
        McpReply ended = session.at(b).delete();
        McpReply afterEndThere = session.at(b).request("ping", null);

        assertThat(tools.status()).as(tools.toString()).isEqualTo(200);
        assertThat(tools.json().at("/result/tools/0/execution/taskSupport").isTextual())
                .isTrue();
        assertThat(echoed.status()).as(echoed.toString()).isEqualTo(200);
        assertThat(echoed.result().path("isError").asBoolean()).isFalse();
        assertThat(echoed.result().has("resultType")).isFalse();
        assertThat(echoed.result().at("/structuredContent/hello").asText()).isEqualTo("world");
        assertThat(ended.status()).isEqualTo(204);
        assertThat(afterEndThere.status()).as("ended through b: at once on b").isEqualTo(404);
        // a found the session live when notifications/initialized reached it, and trusts that for session-recheck
        // (1 s; docs/mcp-frontend.md "Sessions"): bounded, not timed
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> session.at(a).request("ping", null).status() == 404);
    }

    @Test
    @SlowTier
    void aSessionAndItsTaskSurviveAFrontendRestart() throws Exception {
        String token = token("restart-2025");
        ServiceProcess frontend = LocalStack.get().service("mcp-frontend");
        URI endpoint = URI.create(frontend.baseUrl() + "/mcp");
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token).v2025().initialize();
        ObjectNode params = call("demo.sleep", JSON.createObjectNode().put("seconds", 3));
        params.putObject("task").put("ttl", 600_000);
        McpReply created = session.request("tools/call", params);
        assertThat(created.json().at("/result/task/status").asText())
                .as(created.toString())
                .isEqualTo("working");
        String taskId = created.json().at("/result/task/taskId").asText();

        frontend.kill();
        long restartStarted = System.nanoTime();
        frontend.restart(Duration.ofSeconds(120));
        McpReply firstAfterRestart = session.request("ping", null);
        long firstServedMs = (System.nanoTime() - restartStarted) / 1_000_000;

        assertThat(firstAfterRestart.status()).as(firstAfterRestart.toString()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> "completed"
                        .equals(session.request("tasks/get", task(taskId))
                                .json()
                                .at("/result/status")
                                .asText()));
        McpReply result = session.request("tasks/result", task(taskId));
        assertThat(result.result().at("/content/0/text").asText()).contains("slept 3 seconds");
        assertThat(result.result()
                        .at("/_meta/io.modelcontextprotocol~1related-task/taskId")
                        .asText())
                .isEqualTo(taskId);
        System.out.printf(
                "[measure] session survived a frontend SIGKILL: first request in the old session served "
                        + "%d ms after the restart began (JVM start included)%n",
                firstServedMs);
    }

    @Test
    void aLongCallHandsOffAndExecutionGetReturnsTheResultOverA2025Session() throws Exception {
        String token = token("handoff-2025");
        URI endpoint = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token).v2025().initialize();

        McpReply tools = session.request("tools/list", JSON.createObjectNode());
        JsonNode executionGet = null;
        for (JsonNode tool : tools.json().at("/result/tools")) {
            if ("execution_get".equals(tool.path("name").asText())) {
                executionGet = tool;
            }
        }
        assertThat(executionGet).as(tools.toString()).isNotNull();
        assertThat(executionGet.at("/execution/taskSupport").asText()).isEqualTo("forbidden");

        McpReply handedOff = session.request(
                "tools/call", call("demo.sleep", JSON.createObjectNode().put("seconds", 13)));
        assertThat(handedOff.status()).as(handedOff.toString()).isEqualTo(200);
        JsonNode result = handedOff.result();
        assertThat(result.has("resultType")).isFalse();
        assertThat(result.path("isError").asBoolean()).as(handedOff.text()).isFalse();
        assertThat(result.at("/structuredContent/type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(result.at("/structuredContent/next_action/tool").asText()).isEqualTo("execution_get");
        String id = result.at("/structuredContent/execution_id").asText();

        ObjectNode get = call(
                "execution_get", JSON.createObjectNode().put("execution_id", id).put("wait_ms", 45_000));
        get.putObject("task").put("ttl", 60_000); // never a task: answered in-line all the same
        McpReply got = session.request("tools/call", get);
        assertThat(got.status()).as(got.toString()).isEqualTo(200);
        assertThat(got.json().at("/result/task").isMissingNode()).as(got.text()).isTrue();
        assertThat(got.result().at("/content/0/text").asText()).as(got.text()).contains("slept 13 seconds");
        assertThat(got.result().has("resultType")).isFalse();

        // the handle is a 2025 task id: tasks/result carries the very same stored bytes (plus related-task _meta)
        McpReply stored = session.request("tasks/result", task(id));
        assertThat(stored.rawResult())
                .isEqualTo("{\"_meta\":{\"io.modelcontextprotocol/related-task\":" + "{\"taskId\":\"" + id + "\"}},"
                        + got.rawResult().substring(1));

        McpReply listed = session.request("tools/call", call("execution_list", JSON.createObjectNode()));
        assertThat(listed.result()
                        .at("/structuredContent/executions/0/execution_id")
                        .asText())
                .as(listed.text())
                .isEqualTo(id);
    }

    @Test
    void aTaskReportsTheTtlJobControlGrantedForWhatTheClientAsked() throws Exception {
        String token = token("ttl-2025");
        URI endpoint = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token).v2025().initialize();
        long tenMinutes = Duration.ofMinutes(10).toMillis();

        // requested as is, clamped to [jobctl.task-visibility.min-ttl (5 s on this stack, LocalStack), 7 days],
        // absent → jobctl.task-visibility.default-ttl (24 h)
        Map<Long, Long> granted = new LinkedHashMap<>();
        granted.put(tenMinutes, tenMinutes);
        granted.put(1_000L, Duration.ofSeconds(5).toMillis());
        granted.put(Duration.ofDays(30).toMillis(), Duration.ofDays(7).toMillis());
        granted.put(null, Duration.ofHours(24).toMillis());
        for (Map.Entry<Long, Long> ttl : granted.entrySet()) {
            ObjectNode params = call("demo.sleep", JSON.createObjectNode().put("seconds", 1));
            ObjectNode task = params.putObject("task");
            if (ttl.getKey() != null) {
                task.put("ttl", ttl.getKey());
            }
            McpReply created = session.request("tools/call", params);
            assertThat(created.json().at("/result/task/ttl").asLong())
                    .as(created.text())
                    .isEqualTo(ttl.getValue());
            McpReply got = session.request(
                    "tasks/get", task(created.json().at("/result/task/taskId").asText()));
            assertThat(got.json().at("/result/ttl").asLong()).as(got.text()).isEqualTo(ttl.getValue());
        }
    }

    @Test
    void measuresWhatASessionLookupCosts() throws Exception {
        String token = token("lookup-cost");
        URI endpoint = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token).v2025().initialize();
        int rounds = 200;
        List<Long> withSession = new ArrayList<>();
        List<Long> without = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            assertThat(session.request("tools/list", JSON.createObjectNode()).status())
                    .isEqualTo(200);
            long t1 = System.nanoTime();
            assertThat(toolsList2026(endpoint, token).status()).isEqualTo(200);
            long t2 = System.nanoTime();
            withSession.add(t1 - t0);
            without.add(t2 - t1);
        }
        System.out.printf(
                "[measure] tools/list over %d rounds: 2025 session p50 %.2f ms p95 %.2f ms; "
                        + "2026 (no session) p50 %.2f ms p95 %.2f ms; lookup cost at p50 %.2f ms%n",
                rounds,
                pct(withSession, 50),
                pct(withSession, 95),
                pct(without, 50),
                pct(without, 95),
                pct(withSession, 50) - pct(without, 50));
    }

    // the same client as the session's, for a fair comparison
    private static McpReply toolsList2026(URI endpoint, String token) {
        return McpTestClient.http(endpoint)
                .bearer(token)
                .v2026()
                .request(1, "tools/list")
                .post();
    }

    private static double pct(List<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100)) / 1e6;
    }

    private static String token(String subject) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }
}
