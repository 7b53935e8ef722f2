package dev.taskgate.frontend.execution.rest;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.command.CommandGateway;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.ToolCalls;
import dev.taskgate.frontend.mcp.http.McpResource;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.ThreadsInside;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Commands awaiting job-control's reply (a REST creation, an MCP task's) and reads waiting with {@code wait_ms} hold
 * no thread, so what bounds them is
 * a count per instance ({@code taskgate.frontend.commands-in-flight}, {@code taskgate.frontend.waiting-reads}; one of
 * each in {@link WithLongFallbacks}; nothing there times out or polls on its own during a test): past it a request is answered 503 {@code unavailable} with {@code Retry-After} at once, without
 * publishing or reading anything, and the place is free again once the request before it ended.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class RequestCapacityTest extends WithPlayedExecution {
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String RESULT =
            "{\"content\":[{\"type\":\"text\",\"text\":\"waited for\"}],\"isError\":false}";

    @Inject
    ExecutionHandles handles;

    @Override
    protected Surface surface() {
        return Surface.REST;
    }

    @Test
    void aCreationAwaitingItsReplyHoldsNoThreadAndTakesTheOnlyPlace() {
        CountDownLatch replies = slowJobControl();
        try {
            CompletableFuture<Api.Result> first = CompletableFuture.supplyAsync(() -> create("capacity-1"));
            awaitTheCommandWithNoThreadOn(ToolExecutionResource.class);

            Api.Result second = create("capacity-2");

            assertThat(second.status()).as(second.toString()).isEqualTo(503);
            assertThat(second.header("Content-Type")).startsWith("application/problem+json");
            assertThat(second.problemSlug()).isEqualTo("unavailable");
            assertThat(second.header("Retry-After")).isNotBlank();
            assertThat(first).isNotDone();

            replies.countDown();
            Api.Result answered = first.join();
            Api.Result third = create("capacity-3");

            assertThat(answered.status()).as(answered.toString()).isEqualTo(202);
            assertThat(third.status()).as("the place is free again: " + third).isEqualTo(202);
            // one partition (one caller's key), in order: had the refused one been published, it came second
            assertThat(jobControl.received())
                    .extracting(r -> ((SubmitExecution) r.command()).receiptKey())
                    .containsExactly("capacity-1", "capacity-3");
        } finally {
            replies.countDown();
        }
    }

    @Test
    void anMcpTaskAwaitingItsReplyHoldsNoThreadAndTakesTheOnlyPlace() {
        CountDownLatch replies = slowJobControl();
        try {
            CompletableFuture<McpReply> first =
                    CompletableFuture.supplyAsync(() -> mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                            .withTasks()
                            .post());
            awaitTheCommandWithNoThreadOn(McpResource.class, ToolCalls.class);

            McpReply second = mcp().toolCall(2, "demo.sleep", Map.of("seconds", 5))
                    .withTasks()
                    .post();

            assertThat(second.status()).as(second.text()).isEqualTo(503);
            assertThat(second.body().at("/error/code").asInt()).isEqualTo(McpErrors.INTERNAL_ERROR);
            assertThat(second.header("Retry-After")).isNotBlank();
            assertThat(first).isNotDone();

            replies.countDown();
            McpReply answered = first.join();

            assertThat(answered.body().at("/result/resultType").asText())
                    .as(answered.text())
                    .isEqualTo("task");
            assertThat(jobControl.received())
                    .as("the refused one was not published")
                    .hasSize(1);
        } finally {
            replies.countDown();
        }
    }

    /** job-control answers every command as accepted, but only once the returned latch is counted down. */
    private CountDownLatch slowJobControl() {
        CountDownLatch replies = new CountDownLatch(1);
        jobControl.close();
        jobControl = JobControlResponder.answering(command -> {
            try {
                replies.await(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Fixtures.accepted(command, id, true, ExecutionStatus.QUEUED, "demo.sleep");
        });
        return replies;
    }

    /** Waits until job-control received the one command and no thread is left serving the request that sent it. */
    private void awaitTheCommandWithNoThreadOn(Class<?>... resource) {
        await().atMost(PATIENCE).until(() -> jobControl.received().size() == 1);
        Class<?>[] classes = Stream.concat(
                        Arrays.stream(resource), Stream.of(ExecutionCommands.class, CommandGateway.class))
                .toArray(Class<?>[]::new);
        await().atMost(PATIENCE).until(() -> ThreadsInside.any(classes).isEmpty());
    }

    @Test
    void aWaitingReadTakesTheOnlyPlaceAndReadsWithoutAWaitStillAnswer() {
        CompletableFuture<Api.Result> waiting = CompletableFuture.supplyAsync(() -> get("/result?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id) && outcomeReads() == 1);

        Api.Result refused = get("?wait_ms=30000");

        assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
        assertThat(refused.problemSlug()).isEqualTo("unavailable");
        assertThat(refused.header("Retry-After")).isNotBlank();
        assertThat(outcomeReads()).as("refused before any read").isEqualTo(1);

        Api.Result unbounded = get("/result");

        assertThat(unbounded.status())
                .as("a read that does not wait: " + unbounded)
                .isEqualTo(202);
        assertThat(waiting).isNotDone();

        execution.complete(queries, RESULT);
        assertThat(waiting.join().status()).isEqualTo(200);
        Api.Result next = get("/result?wait_ms=30000");

        assertThat(next.status()).as("the place is free again: " + next).isEqualTo(200);
        assertThat(next.text()).isEqualTo(RESULT);
    }

    private Api.Result create(String idempotencyKey) {
        return Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", idempotencyKey)
                .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                .post(Api.EXECUTIONS);
    }

    private Api.Result get(String suffix) {
        return Api.at(base)
                .bearer(Fixtures.aliceToken())
                .get(Api.EXECUTIONS + "/" + handles.mint(id, Surface.REST, Fixtures.caller("alice")) + suffix);
    }

    private long outcomeReads() {
        return queries.requests().stream()
                .filter(r -> r.path().equals("/internal/v1/executions/" + id + "/outcome"))
                .count();
    }
}
