package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * When a synchronous {@code tools/call} reads job-control's outcome: once, when there is something to read. A fresh
 * submission's reply says {@code queued}, so the call waits for the lifecycle record of its end (read before its
 * watch was open or after); a reply that already saw the end (a receipt's earlier execution) is read at once. The
 * fallback poll is 10 minutes here, so a call that ends proves which of these woke it. A record of the end that
 * carries the outcome for the caller is not followed by a read at all; one carried for someone else, or that does not
 * open, is.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class SyncCallOutcomeReadsTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\"isError\":false}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    ExecutionHandles handles;

    @Override
    protected Surface surface() {
        return Surface.MCP_2026;
    }

    @Test
    void aQueuedReplyIsNotReadTheEndIsReadOnce() {
        try (McpStream client = echoCall().progressToken("p").stream()) {
            await().atMost(WAIT).until(() -> signals.isWatched(id));
            // a call handles its signals only after its opening step: once this progress is out, that step is past
            execution.progress(1.0, 10.0, "started");
            client.awaitMessages(1, WAIT);
            execution.complete(queries, STORED);

            assertThat(client.awaitResponse(WAIT).at("/result/content/0/text").asText())
                    .isEqualTo("slept");
        }
        assertThat(outcomeReads())
                .as("read when the completed record arrived, not before")
                .isEqualTo(1);
    }

    @Test
    void anEndReadBeforeTheWatchOpenedIsNotMissed() {
        jobControl.close();
        jobControl = JobControlResponder.answering(c -> {
            // the execution ends, and this instance reads its record, before the reply reaches the call
            execution.complete(queries, STORED);
            await().atMost(WAIT).until(() -> signals.decisiveChangeSeen(id));
            return Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.echo", surface());
        });

        JsonNode response = echoCall().stream().awaitResponse(WAIT);

        assertThat(response.at("/result/content/0/text").asText())
                .as(response.toString())
                .isEqualTo("slept");
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void aReplyThatSawTheEndIsReadAtOnce() {
        jobControl.close();
        execution.answerOutcome(queries, ExecutionStatus.COMPLETED, STORED);
        // no lifecycle record at all: the receipt's execution ended long ago
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.COMPLETED, "demo.echo", surface()));

        JsonNode response = echoCall().stream().awaitResponse(WAIT);

        assertThat(response.at("/result/content/0/text").asText())
                .as(response.toString())
                .isEqualTo("slept");
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void anEndWhoseRecordCarriesTheOutcomeIsNotRead() {
        try (McpStream client = echoCall().stream()) {
            await().atMost(WAIT).until(() -> signals.isWatched(id));
            // job-control's read still answers working: only the carried outcome can end the call
            execution.endCarrying(ExecutionStatus.COMPLETED, STORED, Fixtures.caller("alice"));

            assertThat(client.awaitResponse(WAIT).at("/result/content/0/text").asText())
                    .isEqualTo("slept");
        }
        assertThat(outcomeReads()).isZero();
    }

    @Test
    void anOutcomeCarriedForAnotherOwnerIsReadInstead() {
        String carried = "{\"content\":[{\"type\":\"text\",\"text\":\"bob's\"}],\"isError\":false}";
        try (McpStream client = echoCall().stream()) {
            await().atMost(WAIT).until(() -> signals.isWatched(id));
            execution.answerOutcome(queries, ExecutionStatus.COMPLETED, STORED);
            execution.endCarrying(ExecutionStatus.COMPLETED, carried, Fixtures.caller("bob"));

            assertThat(client.awaitResponse(WAIT).at("/result/content/0/text").asText())
                    .isEqualTo("slept");
        }
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void anOutcomeThatDoesNotOpenIsReadInstead() {
        try (McpStream client = echoCall().stream()) {
            await().atMost(WAIT).until(() -> signals.isWatched(id));
            execution.answerOutcome(queries, ExecutionStatus.COMPLETED, STORED);
            execution.endWithUnreadableOutcome(ExecutionStatus.COMPLETED);

            assertThat(client.awaitResponse(WAIT).at("/result/content/0/text").asText())
                    .isEqualTo("slept");
        }
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void aWaitingExecutionGetRefusesACarriedOutcomeOfAnotherSurface() {
        String handle = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
        CompletableFuture<JsonNode> get = CompletableFuture.supplyAsync(
                () -> mcp().toolCall("get-1", "execution_get", Map.of("execution_id", handle, "wait_ms", 30_000))
                        .post()
                        .json());
        await().atMost(WAIT).until(() -> signals.isWatched(id));

        // the read before the wait answered this surface; the record's outcome names another one
        execution.endCarrying(ExecutionStatus.COMPLETED, STORED, Fixtures.caller("alice"), Surface.REST);
        JsonNode answer = get.join();

        assertThat(answer.at("/error/message").asText()).as(answer.toString()).contains("not found");
    }

    private long outcomeReads() {
        return queries.requests().stream()
                .filter(r -> r.path().equals("/internal/v1/executions/" + id + "/outcome"))
                .count();
    }

    // demo.echo: no handoff policy of its own, so nothing but a read ends the call before the 10-minute timeout
    private Mcp2026Request echoCall() {
        return mcp().toolCall("call-1", "demo.echo", Map.of("message", "hi"));
    }
}
