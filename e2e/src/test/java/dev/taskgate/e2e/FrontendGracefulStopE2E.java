package dev.taskgate.e2e;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18 item 7: a frontend stopped with SIGTERM first turns its readiness DOWN while it still serves, then lets the
 * request in flight finish: a synchronous {@code tools/call} of {@code demo.sleep} sent before the stop gets its
 * result. Its own extra frontend (shutdown delay 3 s, the production default being 5 s), so no other test loses one.
 */
@ExtendWith(LocalStack.class)
class FrontendGracefulStopE2E {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aStoppingFrontendTurnsNotReadyAndFinishesTheCallInFlight() throws Exception {
        ServiceProcess frontend = LocalStack.get()
                .startExtra(
                        "mcp-frontend",
                        "mcp-frontend-graceful",
                        Map.of("TASKGATE_SHUTDOWN_DELAY", "3s", "TASKGATE_SHUTDOWN_TIMEOUT", "20s"));
        String token = Tokens.forSubject("graceful-frontend")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        McpTestClient client = McpTestClient.http(frontend.baseUrl()).bearer(token);
        assertThat(readiness(frontend)).isEqualTo(200);

        CompletableFuture<McpReply> inFlight = CompletableFuture.supplyAsync(() ->
                client.v2026().toolCall("demo.sleep", Map.of("seconds", 4)).post());
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> {
            try {
                frontend.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        AtomicBoolean notReadySeen = new AtomicBoolean();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    if (readiness(frontend) == 503) {
                        notReadySeen.set(true);
                    }
                    return notReadySeen.get() || stopping.isDone();
                });
        McpReply answered = inFlight.get(60, TimeUnit.SECONDS);
        stopping.get(60, TimeUnit.SECONDS);

        assertThat(notReadySeen).as("readiness DOWN while stopping").isTrue();
        assertThat(answered.status()).as(answered.text()).isEqualTo(200);
        assertThat(answered.json().at("/result/content/0/text").asText()).contains("slept 4 second");
    }

    // the readiness status, or 0 once nothing answers
    private static int readiness(ServiceProcess service) {
        try {
            return HTTP.send(
                            HttpRequest.newBuilder(URI.create(service.managementUrl() + "/q/health/ready"))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (java.io.IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
