package dev.taskgate.e2e;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A task outlives the frontend that created it: created over MCP, the frontend SIGKILLed while the task runs and
 * started again, and the new instance answers {@code tasks/get} with the exact result. Runs last in its JVM only by
 * chance, so it leaves the frontend running and ready.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class McpFrontendRestartE2E {
    @Test
    void aTaskCreatedBeforeASigkillIsReadFromTheRestartedFrontend() throws Exception {
        String token = Tokens.forSubject("restart-user")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        ServiceProcess frontend = LocalStack.get().service("mcp-frontend");
        Mcp2026Client mcp = McpTestClient.http(frontend.baseUrl()).bearer(token).v2026();

        JsonNode created = mcp.toolCall("demo.sleep", Map.of("seconds", 3))
                .withTasks()
                .post()
                .json();
        assertThat(created.at("/result/resultType").asText())
                .as(created.toString())
                .isEqualTo("task");
        String taskId = created.at("/result/taskId").asText();
        long oldPid = frontend.pid();

        frontend.kill();
        frontend.restart(Duration.ofSeconds(120));
        assertThat(frontend.pid()).isNotEqualTo(oldPid);

        JsonNode[] last = new JsonNode[1];
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    last[0] = mcp.task("tasks/get", taskId).post().json();
                    return "completed".equals(last[0].at("/result/status").asText());
                });
        assertThat(last[0].at("/result/taskId").asText()).isEqualTo(taskId);
        assertThat(last[0].at("/result/result/resultType").asText()).isEqualTo("complete");
        assertThat(last[0].at("/result/result/isError").asBoolean()).isFalse();
        assertThat(last[0].at("/result/result/content/0/text").asText()).contains("slept 3 seconds");
    }
}
