package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.RawHttp;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.frontend.support.WithProgressStreaming;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Synchronous {@code tools/call} with a {@code progressToken}, against the real broker: the test plays worker-pool
 * (records on {@code fe-test.taskgate.progress.v1}), job-control's lifecycle (records on
 * {@code fe-test.taskgate.lifecycle.v1}) and its command and query APIs. The answer switches to SSE only when
 * progress comes first; progress is strictly increasing and coalesced to the configured rate; heartbeats fill
 * silences; the result is the stored bytes; a dropped connection cancels the execution. Every emitted message is
 * checked against the 2026-07-28 schema.
 */
@QuarkusTest
@TestProfile(WithProgressStreaming.class)
class McpProgressStreamTest extends WithPlayedExecution {
    // exact bytes with a line break as JSON whitespace: the SSE framing must carry it intact
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\n  \"isError\":false}";

    @Override
    protected Surface surface() {
        return Surface.MCP_2026;
    }

    @Test
    void streamsStrictlyIncreasingCoalescedProgressThenTheExactResult() {
        try (McpStream client = sleepCall("p-1").stream()) {
            awaitWatched();
            List<Double> published = new ArrayList<>(List.of(1.0, 2.0, 2.0, 1.5));
            for (int i = 3; i <= 20; i++) {
                published.add((double) i);
            }
            long start = System.nanoTime();
            published.forEach(p -> execution.progress(p, 20.0, "step " + p));
            long publishMs = (System.nanoTime() - start) / 1_000_000;
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> client.messages().stream()
                            .anyMatch(m -> m.at("/params/progress").asDouble() == 20.0));

            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(client::ended);

            assertThat(client.status()).isEqualTo(200);
            assertThat(client.header("Content-Type")).startsWith("text/event-stream");
            assertThat(client.header("X-Accel-Buffering")).isEqualTo("no");
            List<JsonNode> messages = client.messages();
            List<JsonNode> progress = messages.subList(0, messages.size() - 1);
            progress.forEach(m -> {
                assertThat(McpSchemas.errors(McpSchemas.BASE, "ProgressNotification", m))
                        .as(m.toString())
                        .isEmpty();
                assertThat(m.at("/params/progressToken").asText()).isEqualTo("p-1");
                assertThat(m.at("/params/total").asInt()).isEqualTo(20);
                assertThat(m.at("/params/message").asText()).startsWith("step ");
            });
            List<Double> values = progress.stream()
                    .map(m -> m.at("/params/progress").asDouble())
                    .toList();
            for (int i = 1; i < values.size(); i++) {
                assertThat(values.get(i)).as("strictly increasing: " + values).isGreaterThan(values.get(i - 1));
            }
            // the first report goes out at once, then at most one (the newest) per 300 ms while the burst lasts
            assertThat(values).first().isEqualTo(1.0);
            assertThat(values).last().isEqualTo(20.0);
            assertThat(values.size())
                    .as(values.toString())
                    .isLessThanOrEqualTo((int) (publishMs / WithProgressStreaming.PROGRESS_INTERVAL_MS) + 2)
                    .isLessThan(published.size());
            System.out.printf(
                    "progress stream: %d reports published in %d ms, %d notifications sent %s%n",
                    published.size(), publishMs, values.size(), values);

            String last = client.events().get(messages.size() - 1);
            assertThat(last)
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"call-1\",\"result\":{\"resultType\":\"complete\","
                            + STORED.substring(1) + "}");
            McpSchemas.assertValidResult("CallToolResultResponse", null, messages.get(messages.size() - 1));
        }
    }

    @Test
    void progressReadAfterTheEndStillGoesOutBeforeTheResult() {
        try (McpStream client = sleepCall("p-5").stream()) {
            awaitWatched();
            execution.progress(0.0, 10.0, "started");
            await().atMost(Duration.ofSeconds(20)).until(() -> client.messages().size() == 1);

            // job-control recorded 5 and then 10 before the end; the end is published first, the reports after it
            execution.answerOutcome(queries, recorded(10.0), STORED);
            execution.changed(ExecutionStatus.COMPLETED);
            execution.progress(5.0, 10.0, "halfway");
            execution.progress(10.0, 10.0, "done");
            await().atMost(Duration.ofSeconds(20)).until(client::ended);

            List<JsonNode> messages = client.messages();
            List<JsonNode> progress = messages.subList(0, messages.size() - 1);
            List<Double> values = progress.stream()
                    .map(m -> m.at("/params/progress").asDouble())
                    .toList();
            assertThat(values)
                    .as(values.toString())
                    .startsWith(0.0)
                    .endsWith(10.0)
                    .doesNotHaveDuplicates();
            McpSchemas.assertValidResult("CallToolResultResponse", null, messages.get(messages.size() - 1));
        }
    }

    @Test
    void theRecordedProgressIsSentBeforeTheResultWhenItsReportNeverComes() {
        try (McpStream client = sleepCall("p-6").stream()) {
            awaitWatched();
            execution.progress(1.0, 10.0, "one");
            await().atMost(Duration.ofSeconds(20)).until(() -> client.messages().size() == 1);

            execution.answerOutcome(queries, recorded(7.0), STORED);
            execution.changed(ExecutionStatus.COMPLETED);
            await().atMost(Duration.ofSeconds(20)).until(client::ended);

            List<JsonNode> messages = client.messages();
            assertThat(messages).hasSize(3);
            JsonNode last = messages.get(1);
            assertThat(McpSchemas.errors(McpSchemas.BASE, "ProgressNotification", last))
                    .as(last.toString())
                    .isEmpty();
            assertThat(last.at("/params/progressToken").asText()).isEqualTo("p-6");
            assertThat(last.at("/params/progress").asInt()).isEqualTo(7);
            assertThat(last.at("/params/total").asInt()).isEqualTo(10);
            assertThat(last.at("/params").has("message")).isFalse();
            McpSchemas.assertValidResult("CallToolResultResponse", null, messages.get(2));
        }
    }

    @Test
    void sendsHeartbeatsWhileTheOperationIsSilent() {
        try (McpStream client = sleepCall(7).stream()) {
            awaitWatched();
            execution.progress(1.0, null, null);
            await().atMost(Duration.ofSeconds(20)).until(() -> client.comments() >= 3);
            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(client::ended);

            List<JsonNode> messages = client.messages();
            assertThat(messages).hasSize(2);
            assertThat(messages.get(0).at("/params/progressToken").asInt()).isEqualTo(7);
            assertThat(messages.get(0).at("/params/total").isMissingNode()).isTrue();
            McpSchemas.assertValidResult("CallToolResultResponse", null, messages.get(1));
            assertThat(client.lines())
                    .filteredOn(l -> l.startsWith(":"))
                    .allSatisfy(l -> assertThat(l).isEqualTo(": keep-alive"));
        }
    }

    @Test
    void aCallThatReportsNoProgressStaysJsonAndIsWokenByTheLifecycleRecord() {
        try (McpStream client = sleepCall("p-2").stream()) {
            awaitWatched();
            execution.changed(ExecutionStatus.WORKING); // not terminal: no query
            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(client::ended);

            assertThat(client.status()).isEqualTo(200);
            assertThat(client.header("Content-Type")).startsWith("application/json");
            String body = client.text();
            assertThat(body)
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"call-1\",\"result\":{\"resultType\":\"complete\","
                            + STORED.substring(1) + "}");
            // one read right after the acceptance and one on the terminal lifecycle record — or only the first, when
            // the record was already applied as it ran (seen under load); the 10 s poll never ran
            assertThat(queries.requests())
                    .filteredOn(r -> r.path().endsWith(id + "/outcome"))
                    .hasSizeBetween(1, 2);
        }
    }

    @Test
    void closingTheStreamCancelsTheExecution() {
        try (McpStream client = sleepCall("p-3").stream()) {
            awaitWatched();
            execution.progress(1.0, 10.0, "one");
            await().atMost(Duration.ofSeconds(20)).until(() -> client.messages().size() == 1);
            client.drop();

            CancelExecution cancel = awaitCancel();
            assertThat(cancel.caller()).isEqualTo(Fixtures.caller("alice"));
            await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id));
        }
    }

    @Test
    void droppingTheConnectionBeforeAnyProgressCancelsTheExecution() {
        Mcp2026Request call = sleepCall("p-4");
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("Host", "127.0.0.1:" + base.getPort());
        call.headers().forEach((k, v) -> {
            if (v != null) {
                headers.put(k, v);
            }
        });
        headers.put("Authorization", "Bearer " + Fixtures.aliceToken());
        try (RawHttp http =
                RawHttp.post(base, "HTTP/1.1", headers, call.message().toString())) {
            awaitWatched();
            http.drop();
        }
        awaitCancel();
        await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id));
    }

    @Test
    void aProgressTokenThatIsNeitherStringNorIntegerIsRefusedBeforeAnythingIsPublished() {
        Mcp2026Request call =
                mcp().toolCall("bad", "demo.sleep", Map.of("seconds", 1)).progressToken(Map.of("x", 1));

        JsonNode response = call.post().json();

        assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.at("/error/message").asText()).contains("progressToken");
        McpSchemas.assertValidError(response);
        assertThat(mcp().toolCall("bad", "demo.sleep", Map.of("seconds", 1))
                        .progressToken(1.5)
                        .post()
                        .json()
                        .at("/error/code")
                        .asInt())
                .isEqualTo(-32602);
        assertThat(jobControl.received()).isEmpty();
    }

    /** A completed execution whose recorded progress is {@code progress} of 10. */
    private ExecutionSnapshot recorded(double progress) {
        return Fixtures.withProgress(
                Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.COMPLETED, Surface.MCP_2026), null, progress);
    }

    private Mcp2026Request sleepCall(Object token) {
        return mcp().toolCall("call-1", "demo.sleep", Map.of("seconds", 5)).progressToken(token);
    }

    private void awaitWatched() {
        await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
    }

    private CancelExecution awaitCancel() {
        await().atMost(Duration.ofSeconds(20))
                .until(() -> jobControl.received().stream().anyMatch(r -> r.command() instanceof CancelExecution));
        CancelExecution cancel = (CancelExecution) jobControl.received().stream()
                .filter(r -> r.command() instanceof CancelExecution)
                .findFirst()
                .orElseThrow()
                .command();
        assertThat(cancel.executionId()).isEqualTo(id);
        return cancel;
    }
}
