package dev.taskgate.frontend.execution.rest;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.mcp.progress.SettledOutcomes;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.ThreadsInside;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.frontend.support.WithPlayedExecution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code wait_ms} on {@code GET …/{id}} and {@code GET …/{id}/result} against the real broker: the read answers
 * when the execution's decisive lifecycle record arrives (the fallback poll is 10 min here, so only the record can
 * end the wait early), reading the outcome once before the wait and once after the record, or only after it when
 * this instance created the execution (and not at all when the record carries the outcome); a wait that runs out answers the state as it is; a bad {@code wait_ms} is 400
 * before any query.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class ToolExecutionWaitTest extends WithPlayedExecution {
    private static final String RESULT =
            "{\"content\":[{\"type\":\"text\",\"text\":\"waited for\"}],\"isError\":false}";
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Inject
    ExecutionHandles handles;

    @Override
    protected Surface surface() {
        return Surface.REST;
    }

    @Test
    void aResultReadThatWaitsAnswersTheResultWhenTheExecutionCompletes() {
        CompletableFuture<Api.Result> read = CompletableFuture.supplyAsync(() -> get("/result?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id) && outcomeReads() == 1);

        execution.complete(queries, RESULT);
        Api.Result answer = read.join();

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.text()).isEqualTo(RESULT);
        assertThat(outcomeReads())
                .as("before the wait, and after the completed record")
                .isEqualTo(2);
        await().atMost(PATIENCE).until(() -> !signals.isWatched(id));
    }

    @Test
    void aReadThatWaitsHoldsNoThreadWhileItWaits() {
        CompletableFuture<Api.Result> read = CompletableFuture.supplyAsync(() -> get("/result?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id) && outcomeReads() == 1);

        // the first read ran on a worker thread; once it returned, nothing is left on a thread but the watch
        await().atMost(PATIENCE)
                .until(() -> ThreadsInside.any(ToolExecutionResource.class, SettledOutcomes.class)
                        .isEmpty());
        assertThat(read).isNotDone();

        execution.complete(queries, RESULT);
        assertThat(read.join().status()).isEqualTo(200);
    }

    @Test
    void anExecutionCreatedHereIsReadOnlyOnceItEnded() {
        String created = create();
        CompletableFuture<Api.Result> read = CompletableFuture.supplyAsync(() -> get("/result?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id));

        execution.complete(queries, RESULT);
        Api.Result answer = read.join();

        assertThat(created).isEqualTo(handle());
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.text()).isEqualTo(RESULT);
        assertThat(outcomeReads()).as("after the completed record only").isEqualTo(1);
    }

    @Test
    void anExecutionCreatedHereWhoseEndCarriesTheOutcomeIsNotReadAtAll() {
        create();
        CompletableFuture<Api.Result> read = CompletableFuture.supplyAsync(() -> get("/result?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id));

        // job-control's read still answers working: only the carried outcome can end the wait
        execution.endCarrying(ExecutionStatus.COMPLETED, RESULT, Fixtures.caller("alice"));
        Api.Result answer = read.join();

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.text()).isEqualTo(RESULT);
        assertThat(outcomeReads()).isZero();
    }

    @Test
    void anExecutionCreatedHereThatEndedBeforeTheWaitIsReadAtOnce() {
        create();
        execution.complete(queries, RESULT);
        await().atMost(PATIENCE).until(() -> signals.decisiveChangeSeen(id));

        Api.Result answer = get("/result?wait_ms=30000");

        assertThat(answer.status()).as("not the wait's end: " + answer).isEqualTo(200);
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void aStatusReadThatWaitsAnswersWhenTheExecutionAsksForInput() {
        CompletableFuture<Api.Result> read = CompletableFuture.supplyAsync(() -> get("?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id) && outcomeReads() == 1);

        execution.answerOutcome(
                queries,
                Fixtures.waitingForInput(id, Surface.REST, Map.of("confirm-1", Fixtures.confirmRequest())),
                null);
        execution.changed(ExecutionStatus.INPUT_REQUIRED);
        Api.Result answer = read.join();

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().path("status").asText()).isEqualTo("input_required");
        assertThat(answer.json().path("execution_id").asText()).isEqualTo(handle());
        assertThat(answer.json().at("/input_requests/confirm-1").isObject()).isTrue();
    }

    @Test
    void aProgressRecordDoesNotEndTheWaitButItsEndDoes() {
        CompletableFuture<Api.Result> read = CompletableFuture.supplyAsync(() -> get("/result?wait_ms=30000"));
        await().atMost(PATIENCE).until(() -> signals.isWatched(id) && outcomeReads() == 1);

        execution.progress(1.0, 2.0, "half");
        execution.changed(ExecutionStatus.WORKING);
        execution.complete(queries, RESULT);

        assertThat(read.join().status()).isEqualTo(200);
        assertThat(outcomeReads())
                .as("neither progress nor working made it read")
                .isEqualTo(2);
    }

    @Test
    void anEndedExecutionIsAnsweredAtOnceWithOneRead() {
        execution.answerOutcome(queries, ExecutionStatus.CANCELLED, null);

        Api.Result answer = get("/result?wait_ms=45000");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(409);
        assertThat(answer.problemSlug()).isEqualTo("execution-cancelled");
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void aWaitThatRunsOutAnswersTheStateAsItIs() {
        Api.Result result = get("/result?wait_ms=100");
        Api.Result status = get("?wait_ms=100");

        assertThat(result.status()).as(result.toString()).isEqualTo(202);
        assertThat(result.header("Retry-After")).isNotBlank();
        assertThat(result.json().path("status").asText()).isEqualTo("working");
        assertThat(status.status()).isEqualTo(200);
        assertThat(status.json().path("status").asText()).isEqualTo("working");
        assertThat(signals.isWatched(id)).isFalse();
    }

    @Test
    void aBadWaitIsRefusedBeforeAnyQuery() {
        for (String bad : new String[] {"-1", "45001", "1.5", "abc", "+5", "%2B5", "999999999999"}) {
            for (String path : new String[] {"?wait_ms=", "/result?wait_ms="}) {
                Api.Result answer = get(path + bad);

                assertThat(answer.status()).as(path + bad + ": " + answer).isEqualTo(400);
                assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
                assertThat(answer.problemSlug()).isEqualTo("invalid-request");
                assertThat(answer.json().path("detail").asText()).contains("wait_ms");
            }
        }
        assertThat(queries.requests()).noneMatch(r -> r.path().contains(id.toString()));
    }

    /** Creates the played execution over REST (job-control's reply: queued) and returns its id. */
    private String create() {
        Api.Result created = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "wait-" + id)
                .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                .post(Api.EXECUTIONS);
        assertThat(created.status()).as(created.toString()).isEqualTo(202);
        return created.json().path("execution_id").asText();
    }

    private Api.Result get(String suffix) {
        return Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle() + suffix);
    }

    private String handle() {
        return handles.mint(id, Surface.REST, Fixtures.caller("alice"));
    }

    private long outcomeReads() {
        return queries.requests().stream()
                .filter(r -> r.path().equals("/internal/v1/executions/" + id + "/outcome"))
                .count();
    }
}
