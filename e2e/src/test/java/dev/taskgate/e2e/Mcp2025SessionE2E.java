package dev.taskgate.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

/**
 * The 2025-era adapter across real processes: a session opened on one frontend instance is used and ended through
 * another (no sticky routing), and a session with its task survives a SIGKILL and restart of the frontend. Prints
 * what a session lookup costs (the same request with and without a session, on one instance). The compatibility
 * tools over a 2025 session: an ordinary call of demo.sleep (catalog: {@code handoff_after=10s}) hands off under a
 * 2025 handle that {@code execution_get} and the 2025 task methods accept, with the exact stored result.
 */
@ExtendWith(LocalStack.class)
class Mcp2025SessionE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final AtomicLong IDS = new AtomicLong(1);
    private static final String VERSION = "2025-11-25";

    private record Reply(int status, String session, JsonNode body, String text) {
        Reply(int status, String session, JsonNode body) {
            this(status, session, body, null);
        }
    }

    @Test
    void aSessionOpenedOnOneInstanceIsUsedAndEndedThroughAnother() throws Exception {
        String token = token("two-frontends");
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get().startExtra("mcp-frontend", "mcp-frontend-2025b").baseUrl() + "/mcp");

        String session = initialize(a, token);
        Reply tools = post(b, token, session, request("tools/list", JSON.createObjectNode()));
        ObjectNode call = JSON.createObjectNode().put("name", "demo.echo");
        call.putObject("arguments").put("hello", "world");
        Reply echoed = post(b, token, session, request("tools/call", call));
        Reply ended = delete(b, token, session);
        Reply afterEnd = post(a, token, session, request("ping", null));

        assertThat(tools.status()).as(tools.toString()).isEqualTo(200);
        assertThat(tools.body().at("/result/tools/0/execution/taskSupport").isTextual()).isTrue();
        assertThat(echoed.status()).as(echoed.toString()).isEqualTo(200);
        assertThat(echoed.body().at("/result/isError").asBoolean()).isFalse();
        assertThat(echoed.body().at("/result").has("resultType")).isFalse();
        assertThat(echoed.body().at("/result/structuredContent/hello").asText()).isEqualTo("world");
        assertThat(ended.status()).isEqualTo(204);
        assertThat(afterEnd.status()).isEqualTo(404);
    }

    @Test
    void aSessionAndItsTaskSurviveAFrontendRestart() throws Exception {
        String token = token("restart-2025");
        ServiceProcess frontend = LocalStack.get().service("mcp-frontend");
        URI endpoint = URI.create(frontend.baseUrl() + "/mcp");
        String session = initialize(endpoint, token);
        ObjectNode call = JSON.createObjectNode().put("name", "demo.sleep");
        call.putObject("arguments").put("seconds", 3);
        call.putObject("task").put("ttl", 600_000);
        Reply created = post(endpoint, token, session, request("tools/call", call));
        assertThat(created.body().at("/result/task/status").asText()).as(created.toString()).isEqualTo("working");
        String taskId = created.body().at("/result/task/taskId").asText();

        frontend.kill();
        long restartStarted = System.nanoTime();
        frontend.restart(Duration.ofSeconds(120));
        Reply firstAfterRestart = post(endpoint, token, session, request("ping", null));
        long firstServedMs = (System.nanoTime() - restartStarted) / 1_000_000;

        assertThat(firstAfterRestart.status()).as(firstAfterRestart.toString()).isEqualTo(200);
        Reply[] last = new Reply[1];
        ObjectNode get = JSON.createObjectNode().put("taskId", taskId);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).until(() -> {
            last[0] = post(endpoint, token, session, request("tasks/get", get));
            return "completed".equals(last[0].body().at("/result/status").asText());
        });
        Reply result = post(endpoint, token, session, request("tasks/result", get));
        assertThat(result.body().at("/result/content/0/text").asText()).contains("slept 3 seconds");
        assertThat(result.body().at("/result/_meta/io.modelcontextprotocol~1related-task/taskId").asText())
                .isEqualTo(taskId);
        System.out.printf("[measure] session survived a frontend SIGKILL: first request in the old session served "
                + "%d ms after the restart began (JVM start included)%n", firstServedMs);
    }

    @Test
    void aLongCallHandsOffAndExecutionGetReturnsTheResultOverA2025Session() throws Exception {
        String token = token("handoff-2025");
        URI endpoint = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        String session = initialize(endpoint, token);

        Reply tools = post(endpoint, token, session, request("tools/list", JSON.createObjectNode()));
        JsonNode executionGet = null;
        for (JsonNode tool : tools.body().at("/result/tools")) {
            if ("execution_get".equals(tool.path("name").asText())) {
                executionGet = tool;
            }
        }
        assertThat(executionGet).as(tools.toString()).isNotNull();
        assertThat(executionGet.at("/execution/taskSupport").asText()).isEqualTo("forbidden");

        ObjectNode call = JSON.createObjectNode().put("name", "demo.sleep");
        call.putObject("arguments").put("seconds", 13);
        Reply handedOff = post(endpoint, token, session, request("tools/call", call));
        assertThat(handedOff.status()).as(handedOff.toString()).isEqualTo(200);
        JsonNode result = handedOff.body().path("result");
        assertThat(result.has("resultType")).isFalse();
        assertThat(result.path("isError").asBoolean()).as(handedOff.text()).isFalse();
        assertThat(result.at("/structuredContent/type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(result.at("/structuredContent/next_action/tool").asText()).isEqualTo("execution_get");
        String id = result.at("/structuredContent/execution_id").asText();

        ObjectNode get = JSON.createObjectNode().put("name", "execution_get");
        get.putObject("arguments").put("execution_id", id).put("wait_ms", 45_000);
        get.putObject("task").put("ttl", 60_000); // never a task: answered in-line all the same
        Reply got = post(endpoint, token, session, request("tools/call", get));
        assertThat(got.status()).as(got.toString()).isEqualTo(200);
        assertThat(got.body().at("/result/task").isMissingNode()).as(got.text()).isTrue();
        assertThat(got.body().at("/result/content/0/text").asText()).as(got.text()).contains("slept 13 seconds");
        assertThat(got.body().at("/result").has("resultType")).isFalse();

        // the handle is a 2025 task id: tasks/result carries the very same stored bytes (plus related-task _meta)
        Reply task = post(endpoint, token, session, request("tasks/result",
                JSON.createObjectNode().put("taskId", id)));
        String stored = rawResult(got.text());
        assertThat(rawResult(task.text())).isEqualTo("{\"_meta\":{\"io.modelcontextprotocol/related-task\":"
                + "{\"taskId\":\"" + id + "\"}}," + stored.substring(1));

        ObjectNode list = JSON.createObjectNode().put("name", "execution_list");
        list.putObject("arguments");
        Reply listed = post(endpoint, token, session, request("tools/call", list));
        assertThat(listed.body().at("/result/structuredContent/executions/0/execution_id").asText())
                .as(listed.text()).isEqualTo(id);
    }

    @Test
    void aTaskReportsTheTtlJobControlGrantedForWhatTheClientAsked() throws Exception {
        String token = token("ttl-2025");
        URI endpoint = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        String session = initialize(endpoint, token);
        long tenMinutes = Duration.ofMinutes(10).toMillis();

        // requested as is, clamped to [1 min, 7 days], absent → jobctl.task-visibility.default-ttl (24 h)
        Map<Long, Long> granted = new java.util.LinkedHashMap<>();
        granted.put(tenMinutes, tenMinutes);
        granted.put(1_000L, Duration.ofMinutes(1).toMillis());
        granted.put(Duration.ofDays(30).toMillis(), Duration.ofDays(7).toMillis());
        granted.put(null, Duration.ofHours(24).toMillis());
        for (Map.Entry<Long, Long> ttl : granted.entrySet()) {
            ObjectNode call = JSON.createObjectNode().put("name", "demo.sleep");
            call.putObject("arguments").put("seconds", 1);
            ObjectNode task = call.putObject("task");
            if (ttl.getKey() != null) {
                task.put("ttl", ttl.getKey());
            }
            Reply created = post(endpoint, token, session, request("tools/call", call));
            assertThat(created.body().at("/result/task/ttl").asLong()).as(created.text()).isEqualTo(ttl.getValue());
            Reply got = post(endpoint, token, session, request("tasks/get",
                    JSON.createObjectNode().put("taskId", created.body().at("/result/task/taskId").asText())));
            assertThat(got.body().at("/result/ttl").asLong()).as(got.text()).isEqualTo(ttl.getValue());
        }
    }

    // The envelope is ours ({"jsonrpc","id","result":…}); the result member runs to the closing brace.
    private static String rawResult(String text) {
        int start = text.indexOf("\"result\":");
        assertThat(start).as(text).isPositive();
        return text.substring(start + "\"result\":".length(), text.lastIndexOf('}'));
    }

    @Test
    void measuresWhatASessionLookupCosts() throws Exception {
        String token = token("lookup-cost");
        URI endpoint = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        String session = initialize(endpoint, token);
        int rounds = 200;
        List<Long> withSession = new ArrayList<>();
        List<Long> without = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            assertThat(post(endpoint, token, session, request("tools/list", JSON.createObjectNode())).status())
                    .isEqualTo(200);
            long t1 = System.nanoTime();
            assertThat(modernToolsList(endpoint, token)).isEqualTo(200);
            long t2 = System.nanoTime();
            withSession.add(t1 - t0);
            without.add(t2 - t1);
        }
        System.out.printf("[measure] tools/list over %d rounds: 2025 session p50 %.2f ms p95 %.2f ms; "
                + "2026 (no session) p50 %.2f ms p95 %.2f ms; lookup cost at p50 %.2f ms%n", rounds,
                pct(withSession, 50), pct(withSession, 95), pct(without, 50), pct(without, 95),
                pct(withSession, 50) - pct(without, 50));
    }

    private static double pct(List<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100)) / 1e6;
    }

    private static String token(String subject) {
        return Tokens.forSubject(subject).org("acme").project("demo").scopes("tools:call").sign();
    }

    private static String initialize(URI endpoint, String token) throws Exception {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", VERSION);
        params.putObject("capabilities").putObject("tasks").putObject("cancel");
        params.putObject("clientInfo").put("name", "e2e").put("version", "1");
        Reply reply = post(endpoint, token, null, request("initialize", params));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.session()).isNotBlank();
        Reply initialized = post(endpoint, token, reply.session(),
                JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
        assertThat(initialized.status()).isEqualTo(202);
        return reply.session();
    }

    private static ObjectNode request(String method, ObjectNode params) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", IDS.incrementAndGet())
                .put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        return message;
    }

    private static Reply post(URI endpoint, String token, String session, ObjectNode message)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
        }
        HttpResponse<String> response = HTTP.send(request.build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        JsonNode body = response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        return new Reply(response.statusCode(), response.headers().firstValue("Mcp-Session-Id").orElse(null), body,
                response.body());
    }

    private static Reply delete(URI endpoint, String token, String session) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session).DELETE().build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        return new Reply(response.statusCode(), null, null);
    }

    private static int modernToolsList(URI endpoint, String token) throws Exception {
        ObjectNode message = request("tools/list", JSON.createObjectNode());
        ObjectNode meta = ((ObjectNode) message.get("params")).putObject("_meta")
                .put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/list")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString())).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
