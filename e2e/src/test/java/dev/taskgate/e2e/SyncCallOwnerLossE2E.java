package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static dev.taskgate.testsupport.McpSchemas.assertValid2025;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 6 item 1: a caller waiting synchronously follows the replacement. Ordinary (non-task) {@code tools/call}s of
 * {@code demo.count} — one in a 2025-11-25 session with a progress token, one on 2026-07-28 — are waiting when
 * worker-pool is SIGKILLed; job-control replaces the executions, the restarted worker continues them, and each call
 * answers the undisturbed final result: never a non-terminal state, and the 2025 progress keeps rising strictly.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class SyncCallOwnerLossE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int STEPS = 40;
    private static final Pattern AT = Pattern.compile("^at (\\d+) of " + STEPS);

    @Test
    void synchronousCallersOfBothGenerationsReceiveTheFinalResultAfterAWorkerKill() throws Exception {
        String token = Tokens.forSubject("sync-owner-loss")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI endpoint = URI.create(LocalStack.get().frontendUrl() + "/mcp");
        Mcp2025Session session =
                McpTestClient.http(endpoint).bearer(token).v2025().initialize();
        ObjectNode call2025 =
                call("demo.count", JSON.createObjectNode().put("to", STEPS).put("step_ms", 250));
        call2025.putObject("_meta").put("progressToken", "sync-owner-loss");

        CompletableFuture<McpReply> sync2025 =
                CompletableFuture.supplyAsync(() -> session.request("tools/call", call2025));
        CompletableFuture<McpReply> sync2026 = CompletableFuture.supplyAsync(() -> mcp(token)
                .toolCall("demo.count", Map.of("to", STEPS, "step_ms", 250))
                .post());
        // the 2025 call's execution is a 2025 task id: tasks/list shows how far it got
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> session.request("tasks/list", JSON.createObjectNode())
                                .json()
                                .at("/result/tasks/0/statusMessage")
                                .asText(""),
                        SyncCallOwnerLossE2E::pastStepTwo);

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        long killedAt = System.nanoTime();
        worker.kill();
        worker.restart(Duration.ofSeconds(120));

        McpReply reply2025 = sync2025.get(120, TimeUnit.SECONDS);
        long millis2025 = (System.nanoTime() - killedAt) / 1_000_000;
        McpReply reply2026 = sync2026.get(120, TimeUnit.SECONDS);
        long millis2026 = (System.nanoTime() - killedAt) / 1_000_000;

        assertThat(reply2025.status()).as(reply2025.toString()).isEqualTo(200);
        assertValid2025("JSONRPCResultResponse", reply2025.json());
        assertValid2025("CallToolResult", reply2025.result());
        assertThat(reply2025.result().path("isError").asBoolean()).isFalse();
        assertThat(reply2025.result().at("/content/0/text").asText()).isEqualTo("counted to " + STEPS);
        List<Double> progress = new ArrayList<>();
        List<JsonNode> messages = reply2025.messages();
        for (JsonNode message : messages.subList(0, messages.size() - 1)) {
            assertValid2025("ProgressNotification", message);
            progress.add(message.at("/params/progress").asDouble());
        }
        assertThat(progress).as("progress across the replacement").isSorted().doesNotHaveDuplicates();

        assertThat(reply2026.status()).as(reply2026.toString()).isEqualTo(200);
        JsonNode result2026 = reply2026.json().path("result");
        assertThat(result2026.path("resultType").asText()).as(reply2026.text()).isEqualTo("complete");
        assertThat(result2026.at("/content/0/text").asText()).isEqualTo("counted to " + STEPS);
        System.out.printf(
                "[sync-owner-loss] worker-pool SIGKILL -> 2025 call answered the final result after %d ms, "
                        + "2026 call after %d ms (%d progress notifications, strictly rising)%n",
                millis2025, millis2026, progress.size());
    }

    private static boolean pastStepTwo(String statusMessage) {
        Matcher m = AT.matcher(statusMessage);
        return m.find() && Integer.parseInt(m.group(1)) >= 2;
    }

    private static Mcp2026Client mcp(String token) {
        return LocalStack.get().mcp(token).v2026();
    }
}
