package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.testsupport.Tokens;

import static dev.taskgate.e2e.Mcp2025Session.JSON;
import static dev.taskgate.e2e.Mcp2025Session.call;
import static dev.taskgate.e2e.Mcp2025Session.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code notifications/cancelled} without sticky routing: an ordinary {@code tools/call} waits on frontend A, its
 * cancellation is POSTed to frontend B, which finds the execution by the receipt key derived from session and
 * request id and cancels it in job-control; the execution ends {@code cancelled} and A's call returns.
 */
@ExtendWith(LocalStack.class)
class Mcp2025CancelAcrossReplicasE2E {

    @Test
    void aCancellationPostedToAnotherInstanceCancelsTheCall() throws Exception {
        String token = Tokens.forSubject("cancel-across-replicas")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get()
                        .startExtra("mcp-frontend", "mcp-frontend-cancel-b")
                        .baseUrl() + "/mcp");
        Mcp2025Session session = Mcp2025Session.open(a, token, JSON.createObjectNode());

        CompletableFuture<Mcp2025Session.Reply> waiting = CompletableFuture.supplyAsync(() -> session.request(
                a, 77, "tools/call", call("demo.sleep", JSON.createObjectNode().put("seconds", 40))));
        // admitted: the caller's only execution shows up in tasks/list (through B: any replica reads job-control)
        AtomicReference<String> taskId = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> {
                    JsonNode list = session.request(b, "tasks/list", JSON.createObjectNode())
                            .json();
                    taskId.set(list.at("/result/tasks/0/taskId").asText(null));
                    return taskId.get() != null
                            && "working"
                                    .equals(list.at("/result/tasks/0/status").asText());
                });

        Mcp2025Session.Reply cancelled = session.notify(
                b,
                "notifications/cancelled",
                JSON.createObjectNode().put("requestId", 77).put("reason", "changed my mind"));

        assertThat(cancelled.status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> "cancelled"
                        .equals(session.request(a, "tasks/get", task(taskId.get()))
                                .json()
                                .at("/result/status")
                                .asText()));
        Mcp2025Session.Reply answered = waiting.get(90, TimeUnit.SECONDS);
        System.out.printf(
                "[measure] call on A after cancel through B: HTTP %d %s%n",
                answered.status(),
                answered.text().length() > 300 ? answered.text().substring(0, 300) : answered.text());
    }
}
