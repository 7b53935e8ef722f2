package dev.taskgate.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The MCP task TTL through the packaged services, in real time: a frontend configured with a TTL of 20 s
 * creates a task; once its visibility ended {@code tasks/get} and {@code tasks/cancel} answer exactly like an
 * unknown task and a conflicting retry changes nothing; a {@code tools/call} with the same {@code requestKey} and
 * request then returns the same task with its original outcome and a renewed {@code ttlMs}, nothing re-run.
 */
@ExtendWith(LocalStack.class)
class McpTaskTtlE2E {
    private static Mcp2026Client mcp;

    @BeforeAll
    static void setUp() throws Exception {
        ServiceProcess frontend = LocalStack.get()
                .startExtra("mcp-frontend", "mcp-frontend-short-ttl", Map.of("TASKGATE_FRONTEND_MCP_TASK_TTL", "20s"));
        String alice = Tokens.forSubject("alice-" + UUID.randomUUID())
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        mcp = McpTestClient.http(frontend.baseUrl()).bearer(alice).v2026();
    }

    @Test
    void anExpiredTaskLooksUnknownUntilTheSameRequestKeyBringsItBack() throws Exception {
        Map<String, Object> arguments = Map.of("note", "ttl");
        JsonNode created = call("ttl-1", arguments);
        assertThat(created.at("/result/resultType").asText())
                .as(created.toString())
                .isEqualTo("task");
        assertThat(created.at("/result/ttlMs").asLong()).isEqualTo(20_000L);
        String taskId = created.at("/result/taskId").asText();
        JsonNode done = awaitGet(
                taskId, reply -> "completed".equals(reply.at("/result/status").asText()));
        String createdAt = done.at("/result/createdAt").asText();

        String tampered = taskId.substring(0, taskId.length() - 2) + (taskId.endsWith("AA") ? "BB" : "AA");
        JsonNode expired = awaitGet(taskId, reply -> reply.has("error"));
        JsonNode unknown = task("tasks/get", tampered);
        assertThat(expired.path("error")).isEqualTo(unknown.path("error"));
        assertThat(expired.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(task("tasks/cancel", taskId).path("error"))
                .isEqualTo(task("tasks/cancel", tampered).path("error"));

        JsonNode conflict = call("ttl-1", Map.of("note", "other"));
        assertThat(conflict.at("/error/data/requestKey").asText())
                .as(conflict.toString())
                .isEqualTo("ttl-1");
        assertThat(task("tasks/get", taskId).path("error"))
                .as("a conflicting retry never extends visibility")
                .isEqualTo(unknown.path("error"));

        JsonNode again = call("ttl-1", arguments);
        assertThat(again.at("/result/taskId").asText()).as(again.toString()).isEqualTo(taskId);
        assertThat(again.at("/result/status").asText()).isEqualTo("completed");
        assertThat(again.at("/result/createdAt").asText()).isEqualTo(createdAt);
        assertThat(again.at("/result/ttlMs").asLong())
                .as("counted from the original creation")
                .isGreaterThan(20_000L);
        JsonNode back = task("tasks/get", taskId);
        assertThat(back.at("/result/status").asText()).as(back.toString()).isEqualTo("completed");
        assertThat(back.at("/result/result")).isEqualTo(done.at("/result/result"));
        assertThat(back.at("/result/lastUpdatedAt")).as("nothing re-run").isEqualTo(done.at("/result/lastUpdatedAt"));
    }

    private static JsonNode awaitGet(String taskId, java.util.function.Predicate<JsonNode> done) {
        JsonNode[] last = new JsonNode[1];
        // the TTL is 20 s of real time (the stack's job-control grants TTLs from 5 s, LocalStack): long enough for the
        // completion to show on a loaded machine, polled every 500 ms from the start; the expiry is seen soon after
        await().atMost(Duration.ofMinutes(4))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    last[0] = task("tasks/get", taskId);
                    return done.test(last[0]);
                });
        return last[0];
    }

    private static JsonNode task(String method, String taskId) {
        return answered(mcp.task(method, taskId));
    }

    private static JsonNode call(String requestKey, Map<String, ?> arguments) {
        return answered(mcp.toolCall("demo.echo", arguments)
                .meta("dev.taskgate/requestKey", requestKey)
                .withTasks());
    }

    private static JsonNode answered(Mcp2026Request request) {
        McpReply reply = request.post();
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return reply.json();
    }
}
