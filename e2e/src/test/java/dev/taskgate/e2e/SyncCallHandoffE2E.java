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
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20 item 8, no ordinary call is thrown away, on the packaged services: a frontend of its own with a short
 * handoff default (2 s) and a short synchronous timeout (5 s). A synchronous call of a tool without a handoff policy
 * of its own ({@code demo.count}) answers the execution's handle at the default; one of {@code demo.sleep} (catalog:
 * 10 s, beyond the timeout) answers it at the timeout instead of being cancelled. Each execution still completes,
 * and {@code execution_get} on its handle returns its result.
 */
@ExtendWith(LocalStack.class)
class SyncCallHandoffE2E {
    private static final Duration DEFAULT_HANDOFF = Duration.ofSeconds(2);
    private static final Duration SYNC_TIMEOUT = Duration.ofSeconds(5);

    private static ServiceProcess frontend;

    @BeforeAll
    static void startFrontend() throws Exception {
        frontend = LocalStack.get()
                .startExtra(
                        "mcp-frontend",
                        "mcp-frontend-handoff",
                        Map.of(
                                "TASKGATE_FRONTEND_COMPAT_DEFAULT_HANDOFF",
                                        "handoff_after=" + DEFAULT_HANDOFF.toSeconds() + "s",
                                "TASKGATE_FRONTEND_MCP_SYNC_CALL_TIMEOUT", SYNC_TIMEOUT.toSeconds() + "s"));
    }

    @Test
    void aToolWithoutItsOwnPolicyAnswersTheHandleAtTheDefaultAndStillCompletes() {
        Mcp2026Client alice = client("alice-" + UUID.randomUUID());

        McpReply handedOff =
                alice.toolCall("demo.count", Map.of("to", 6, "step_ms", 1000)).post();

        JsonNode handle = assertHandedOff(handedOff, DEFAULT_HANDOFF);
        assertCompletesWith(alice, handle, "counted to 6");
    }

    @Test
    void aCallOutlivingTheSyncTimeoutAnswersTheHandleInsteadOfBeingCancelledAndStillCompletes() {
        Mcp2026Client alice = client("alice-" + UUID.randomUUID());

        McpReply handedOff = alice.toolCall("demo.sleep", Map.of("seconds", 8)).post();

        JsonNode handle = assertHandedOff(handedOff, SYNC_TIMEOUT);
        assertCompletesWith(alice, handle, "slept 8 seconds");
    }

    private static JsonNode assertHandedOff(McpReply reply, Duration after) {
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.json().has("error")).as(reply.text()).isFalse();
        JsonNode result = reply.json().path("result");
        assertThat(result.path("isError").asBoolean()).as(reply.text()).isFalse();
        assertThat(result.at("/content/0/text").asText()).contains("after " + after.toMillis() + " ms");
        JsonNode handle = result.path("structuredContent");
        assertThat(handle.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(handle.path("state").asText()).isEqualTo("working");
        assertThat(handle.path("cancel_requested").asBoolean(false))
                .as("not cancelled")
                .isFalse();
        assertThat(handle.at("/next_action/tool").asText()).isEqualTo("execution_get");
        assertThat(handle.at("/next_action/arguments/execution_id").asText())
                .isEqualTo(handle.path("execution_id").asText());
        return handle;
    }

    // follows next_action until the execution ends: its own result, not a handle view
    private static void assertCompletesWith(Mcp2026Client client, JsonNode handle, String text) {
        McpReply got = client.toolCall(
                        handle.at("/next_action/tool").asText(),
                        Map.of("execution_id", handle.path("execution_id").asText(), "wait_ms", 45_000))
                .post();
        assertThat(got.json().has("error")).as(got.text()).isFalse();
        JsonNode result = got.json().path("result");
        assertThat(result.path("isError").asBoolean()).as(got.text()).isFalse();
        assertThat(result.at("/structuredContent/type").asText()).as(got.text()).isNotEqualTo("taskgate.execution/v1");
        assertThat(result.at("/content/0/text").asText()).isEqualTo(text);
        McpReply task =
                client.task("tasks/get", handle.path("execution_id").asText()).post();
        assertThat(task.json().at("/result/status").asText()).as(task.text()).isEqualTo("completed");
    }

    private static Mcp2026Client client(String subject) {
        String token = Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        return McpTestClient.http(frontend.baseUrl()).bearer(token).v2026();
    }
}
