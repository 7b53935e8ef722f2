package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static dev.taskgate.testsupport.mcp.Mcp2025Client.call;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code notifications/cancelled} without sticky routing. An ordinary {@code tools/call} waits on frontend A, its
 * cancellation is POSTed to frontend B, which finds the execution by the receipt key derived from session and
 * request id and cancels it in job-control; the execution ends {@code cancelled} and A's call returns. A
 * cancellation that reaches B before the call reaches A leaves a mark in job-control, and A's call is refused
 * without running.
 */
@ExtendWith(LocalStack.class)
class Mcp2025CancelAcrossReplicasE2E {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aCancellationPostedToAnotherInstanceCancelsTheCall() throws Exception {
        String token = Tokens.forSubject("cancel-across-replicas")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI a = frontendA();
        URI b = frontendB();
        Mcp2025Session session =
                McpTestClient.http(a).bearer(token).v2025().initialize(Mcp2025Client.VERSION, JSON.createObjectNode());

        CompletableFuture<McpReply> waiting = CompletableFuture.supplyAsync(() -> session.at(a)
                .request(
                        77,
                        "tools/call",
                        call("demo.sleep", JSON.createObjectNode().put("seconds", 40))));
        // admitted: the caller's only execution shows up in tasks/list (through B: any replica reads job-control)
        AtomicReference<String> taskId = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> {
                    JsonNode list = session.at(b)
                            .request("tasks/list", JSON.createObjectNode())
                            .json();
                    taskId.set(list.at("/result/tasks/0/taskId").asText(null));
                    return taskId.get() != null
                            && "working"
                                    .equals(list.at("/result/tasks/0/status").asText());
                });

        McpReply cancelled = session.at(b)
                .notify(
                        "notifications/cancelled",
                        JSON.createObjectNode().put("requestId", 77).put("reason", "changed my mind"));

        assertThat(cancelled.status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> "cancelled"
                        .equals(session.at(a)
                                .request("tasks/get", task(taskId.get()))
                                .json()
                                .at("/result/status")
                                .asText()));
        McpReply answered = waiting.get(90, TimeUnit.SECONDS);
        System.out.printf(
                "[measure] call on A after cancel through B: HTTP %d %s%n",
                answered.status(),
                answered.text().length() > 300 ? answered.text().substring(0, 300) : answered.text());
    }

    @Test
    void aCancellationThatReachesAnotherInstanceFirstRefusesTheCallWithoutRunningIt() throws Exception {
        String token = Tokens.forSubject("cancel-before-admission")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI a = frontendA();
        URI b = frontendB();
        Mcp2025Session session =
                McpTestClient.http(a).bearer(token).v2025().initialize(Mcp2025Client.VERSION, JSON.createObjectNode());

        McpReply cancelled = session.at(b)
                .notify(
                        "notifications/cancelled",
                        JSON.createObjectNode().put("requestId", 78).put("reason", "too late"));
        McpReply refused = session.at(a)
                .request(
                        78,
                        "tools/call",
                        call("demo.sleep", JSON.createObjectNode().put("seconds", 40)));

        assertThat(cancelled.status()).isEqualTo(202);
        assertThat(refused.json().at("/id").asInt()).as(refused.toString()).isEqualTo(78);
        assertThat(refused.json().at("/error/message").asText()).contains("cancelled before it was admitted");
        JsonNode list =
                session.at(a).request("tasks/list", JSON.createObjectNode()).json();
        assertThat(list.at("/result/tasks").size())
                .as("nothing was admitted: " + list)
                .isZero();
    }

    private static URI frontendA() {
        return URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
    }

    private static URI frontendB() throws Exception {
        return URI.create(LocalStack.get().secondFrontend().baseUrl() + "/mcp");
    }
}
