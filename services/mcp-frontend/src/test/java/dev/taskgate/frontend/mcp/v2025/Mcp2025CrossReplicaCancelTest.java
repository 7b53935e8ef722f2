package dev.taskgate.frontend.mcp.v2025;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code notifications/cancelled} for an ordinary call that does not wait on this replica: an ordinary call is
 * submitted under the receipt key derived from session and request id; a cancellation of a request this replica
 * does not hold marks the key in job-control (played by the test), which names the execution the key admitted (it is
 * cancelled unless it ended) or keeps the mark; a call job-control refuses as cancelled before admission answers an
 * error. Task-augmented calls keep a fresh key.
 */
@QuarkusTest
class Mcp2025CrossReplicaCancelTest extends McpComponentTest {
    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;
    private Mcp2025Session client;

    @BeforeEach
    void connect() {
        queries.reset();
        client = mcp2025().initialize("2025-11-25");
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void anOrdinaryCallIsSubmittedUnderTheKeyDerivedFromSessionAndRequestId() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.COMPLETED, "demo.echo", Surface.MCP_2025));
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new dev.taskgate.contracts.ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                        "{\"content\":[]}",
                        null)));

        client.request("r-1", "tools/call", call("demo.echo"));
        ObjectNode asTask = call("demo.echo");
        asTask.putObject("task");
        client.request("r-2", "tools/call", asTask);

        await().atMost(Duration.ofSeconds(20)).until(() -> submits().count() == 2);
        assertThat(submits().map(SubmitExecution::receiptKey))
                .containsExactly(
                        Mcp2025RemoteCancel.receiptKey(client.id(), TextNode.valueOf("r-1")),
                        submits().skip(1).findFirst().orElseThrow().receiptKey());
        assertThat(submits().skip(1).findFirst().orElseThrow().receiptKey())
                .as("a task keeps a fresh key")
                .doesNotStartWith("mcp-2025:call:");
        assertThat(Mcp2025RemoteCancel.receiptKey(client.id(), IntNode.valueOf(1)))
                .as("a number id and a string id differ")
                .isNotEqualTo(Mcp2025RemoteCancel.receiptKey(client.id(), TextNode.valueOf("1")));
    }

    @Test
    void aCancellationOfACallHeldElsewhereCancelsItsExecution() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.sleep", Surface.MCP_2025));
        answerReceipt(IntNode.valueOf(41), id, ExecutionStatus.WORKING);

        McpReply accepted =
                client.notify("notifications/cancelled", Mcp2025Client.params().put("requestId", 41));

        assertThat(accepted.status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(20)).until(() -> cancels().findAny().isPresent());
        CancelExecution cancel = cancels().findFirst().orElseThrow();
        assertThat(cancel.executionId()).isEqualTo(id);
        assertThat(cancel.caller()).isEqualTo(Fixtures.caller("alice"));
        assertThat(queries.requests())
                .anyMatch(r -> r.path().startsWith("/internal/v1/receipts/")
                        && r.path().endsWith("/cancel-mark")
                        && "PUT".equals(r.method())
                        && Fixtures.caller("alice").principal().equals(r.principal()));
    }

    @Test
    void anUnadmittedRequestOrAnEndedExecutionCancelsNothingMore() {
        UUID ended = UUID.randomUUID();
        jobControl = JobControlResponder.answering(c -> null);
        answerMarked(IntNode.valueOf(51));
        answerReceipt(IntNode.valueOf(52), ended, ExecutionStatus.COMPLETED);

        McpReply unknown =
                client.notify("notifications/cancelled", Mcp2025Client.params().put("requestId", 51));
        McpReply terminal =
                client.notify("notifications/cancelled", Mcp2025Client.params().put("requestId", 52));

        assertThat(unknown.status()).isEqualTo(202);
        assertThat(terminal.status()).isEqualTo(202);
        // both marks answered (the notification returns after its mark), and no command was sent to job-control
        assertThat(queries.requests().stream().filter(r -> r.path().startsWith("/internal/v1/receipts/")))
                .hasSize(2)
                .allMatch(r -> "PUT".equals(r.method()));
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aCallRefusedAsCancelledBeforeAdmissionAnswersAnErrorAndRunsNothing() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of(
                        "cancelled-before-admission",
                        "Cancelled before admission",
                        409,
                        "The request was cancelled before it was admitted; nothing ran.")));

        McpReply refused = client.request("r-9", "tools/call", call("demo.echo"));

        assertThat(refused.json().at("/error/code").asInt())
                .as(refused.toString())
                .isEqualTo(-32603);
        assertThat(refused.json().at("/error/message").asText()).contains("cancelled before it was admitted");
        assertThat(refused.json().at("/id").asText()).isEqualTo("r-9");
        assertThat(submits().map(SubmitExecution::receiptKey))
                .containsExactly(Mcp2025RemoteCancel.receiptKey(client.id(), TextNode.valueOf("r-9")));
    }

    private void answerMarked(com.fasterxml.jackson.databind.JsonNode requestId) {
        String key = Mcp2025RemoteCancel.receiptKey(client.id(), requestId);
        queries.answer("PUT", "/internal/v1/receipts/" + key + "/cancel-mark", 202, new byte[0]);
        queries.answer(
                "PUT",
                "/internal/v1/receipts/" + URLEncoder.encode(key, StandardCharsets.UTF_8) + "/cancel-mark",
                202,
                new byte[0]);
    }

    private void answerReceipt(com.fasterxml.jackson.databind.JsonNode requestId, UUID id, ExecutionStatus status) {
        String key = Mcp2025RemoteCancel.receiptKey(client.id(), requestId);
        byte[] snapshot = Wire.toBytes(Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2025));
        // ':' may travel as is or percent-encoded in a path segment; either way it names this key
        queries.answer("PUT", "/internal/v1/receipts/" + key + "/cancel-mark", 200, snapshot);
        queries.answer(
                "PUT",
                "/internal/v1/receipts/" + URLEncoder.encode(key, StandardCharsets.UTF_8) + "/cancel-mark",
                200,
                snapshot);
    }

    private java.util.stream.Stream<SubmitExecution> submits() {
        return jobControl.received().stream()
                .map(JobControlResponder.Received::command)
                .filter(SubmitExecution.class::isInstance)
                .map(SubmitExecution.class::cast);
    }

    private java.util.stream.Stream<CancelExecution> cancels() {
        return jobControl.received().stream()
                .map(JobControlResponder.Received::command)
                .filter(CancelExecution.class::isInstance)
                .map(CancelExecution.class::cast);
    }

    private static ObjectNode call(String tool) {
        ObjectNode params = Mcp2025Client.params().put("name", tool);
        params.set("arguments", Wire.mapper().valueToTree(Map.of("message", "hi")));
        return params;
    }
}
