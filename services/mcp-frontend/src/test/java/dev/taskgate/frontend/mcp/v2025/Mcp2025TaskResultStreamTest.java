package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.WithPlayedExecution;
import dev.taskgate.frontend.support.WithProgressStreaming;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a 2025-11-25 task's {@code tasks/result} stream carries besides its result, against the real broker with the test playing worker-pool's records and
 * job-control: the {@code progressToken} of the task-augmented {@code tools/call} goes to job-control with the
 * submission, and {@code tasks/result} streams the task's progress under it with the related-task {@code _meta},
 * strictly increasing above what was recorded when the stream opened, then the exact result; the operation's log
 * messages at or above the session's {@code logging/setLevel} go out with the same {@code _meta}, those that arrived
 * before the end ahead of it. A task created without
 * a token answers {@code tasks/result} as plain JSON whatever its progress; a token that cannot be kept for the
 * task's lifetime is refused before anything is published. Every message is checked against the 2025-11-25 schema.
 */
@QuarkusTest
@TestProfile(WithProgressStreaming.class)
class Mcp2025TaskResultStreamTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"counted\"}],\"isError\":false}";

    @Inject
    ExecutionHandles handles;

    @Override
    protected Surface surface() {
        return Surface.MCP_2025;
    }

    @Test
    void tasksResultStreamsTheTasksProgressUnderItsTokenThenTheResult() {
        Mcp2025Session client = session();
        ObjectNode call = sleepTask();
        ((ObjectNode) call.get("_meta")).put("progressToken", "tok-7");

        McpReply created = client.request(2, "tools/call", call);

        Mcp2025Client.assertValid("CreateTaskResult", created.json().get("result"));
        String taskId = created.json().at("/result/task/taskId").asText();
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.progressToken()).isEqualTo(TextNode.valueOf("tok-7"));
        execution.answerOutcome(queries, working(TextNode.valueOf("tok-7"), 2.0), null);

        try (McpStream stream =
                client.stream(3, "tasks/result", Mcp2025Client.params().put("taskId", taskId))) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            execution.progress(1, 10.0, "below what was recorded when the stream opened");
            execution.progress(3, 10.0, "three");
            await().atMost(Duration.ofSeconds(20)).until(() -> stream.messages().size() >= 1);
            execution.progress(3, 10.0, "three again");
            execution.progress(5, 10.0, "five");
            await().atMost(Duration.ofSeconds(20)).until(() -> stream.messages().size() >= 2);
            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(stream::ended);

            List<JsonNode> messages = stream.messages();
            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
            assertThat(messages).hasSize(3);
            for (JsonNode progress : messages.subList(0, 2)) {
                Mcp2025Client.assertValid("ProgressNotification", progress);
                assertThat(progress.at("/params/progressToken")).isEqualTo(TextNode.valueOf("tok-7"));
                assertThat(progress.at("/params/_meta/io.modelcontextprotocol~1related-task/taskId")
                                .asText())
                        .isEqualTo(taskId);
                assertThat(progress.at("/params/total").asInt()).isEqualTo(10);
            }
            assertThat(messages.subList(0, 2))
                    .extracting(m -> m.at("/params/progress").asInt())
                    .containsExactly(3, 5);
            assertThat(messages.subList(0, 2))
                    .extracting(m -> m.at("/params/message").asText())
                    .containsExactly("three", "five");
            Mcp2025Client.assertValid("JSONRPCResultResponse", messages.get(2));
            assertThat(messages.get(2)
                            .at("/result/_meta/io.modelcontextprotocol~1related-task/taskId")
                            .asText())
                    .isEqualTo(taskId);
            assertThat(messages.get(2).at("/result/content/0/text").asText()).isEqualTo("counted");
        }
    }

    @Test
    void logMessagesAtOrAboveTheSessionsLevelGoOutOnTasksResultBeforeTheResult() {
        Mcp2025Session client = session();
        McpReply setLevel =
                client.request(2, "logging/setLevel", Mcp2025Client.params().put("level", "warning"));
        Mcp2025Client.assertValid("JSONRPCResultResponse", setLevel.json());
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        execution.answerOutcome(queries, working(null, null), null);

        try (McpStream stream =
                client.stream(3, "tasks/result", Mcp2025Client.params().put("taskId", taskId))) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            execution.log(LogLevel.INFO, "below the level");
            execution.log(LogLevel.WARNING, "disk at 91%");
            await().atMost(Duration.ofSeconds(20)).until(() -> stream.messages().size() >= 1);
            execution.log(LogLevel.ERROR, "retrying the upload");
            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(stream::ended);

            List<JsonNode> messages = stream.messages();
            assertThat(messages).hasSize(3);
            for (JsonNode log : messages.subList(0, 2)) {
                Mcp2025Client.assertValid("LoggingMessageNotification", log);
                assertThat(log.at("/params/_meta/io.modelcontextprotocol~1related-task/taskId")
                                .asText())
                        .isEqualTo(taskId);
            }
            assertThat(messages.subList(0, 2))
                    .extracting(m -> m.at("/params/data").asText())
                    .containsExactly("disk at 91%", "retrying the upload");
            Mcp2025Client.assertValid("JSONRPCResultResponse", messages.get(2));
            assertThat(messages.get(2).at("/result/content/0/text").asText()).isEqualTo("counted");
        }
    }

    @Test
    void aTaskWithoutATokenAnswersTasksResultAsPlainJsonWhateverItsProgress() {
        Mcp2025Session client = session();
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        execution.answerOutcome(queries, working(null, null), null);

        try (McpStream result =
                client.stream(3, "tasks/result", Mcp2025Client.params().put("taskId", taskId))) {
            await().atMost(Duration.ofSeconds(20)).until(() -> signals.isWatched(id));
            execution.progress(1, 10.0, "one");
            execution.progress(2, 10.0, "two");
            execution.complete(queries, STORED);
            await().atMost(Duration.ofSeconds(20)).until(result::ended);

            assertThat(result.header("Content-Type")).startsWith("application/json");
            JsonNode answer =
                    Wire.fromBytes(result.text().getBytes(java.nio.charset.StandardCharsets.UTF_8), JsonNode.class);
            Mcp2025Client.assertValid("JSONRPCResultResponse", answer);
            assertThat(answer.at("/result/content/0/text").asText()).isEqualTo("counted");
        }
    }

    @Test
    void aTokenThatCannotBeKeptForTheTasksLifetimeIsRefusedBeforeAnythingIsPublished() {
        Mcp2025Session client = session();
        List<JsonNode> tokens = List.of(
                TextNode.valueOf("t".repeat(257)),
                Wire.mapper().valueToTree(1.5),
                Wire.mapper().createObjectNode().put("id", 1),
                Wire.mapper().valueToTree(new java.math.BigInteger("123456789012345678901234567890")));
        int requestId = 10;
        for (JsonNode token : tokens) {
            ObjectNode call = sleepTask();
            ((ObjectNode) call.get("_meta")).set("progressToken", token);

            McpReply refused = client.request(requestId++, "tools/call", call);

            Mcp2025Client.assertValid("JSONRPCErrorResponse", refused.json());
            Mcp2025Client.assertError(refused.json(), -32602);
            assertThat(refused.json().at("/error/message").asText())
                    .as(token.toString())
                    .contains("progressToken");
        }
        ObjectNode integer = sleepTask();
        ((ObjectNode) integer.get("_meta")).set("progressToken", IntNode.valueOf(7));
        Mcp2025Client.assertValid(
                "CreateTaskResult",
                client.request(requestId, "tools/call", integer).json().get("result"));
        assertThat(jobControl.received())
                .as("only the task with a storable token was submitted")
                .hasSize(1);
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).progressToken())
                .isEqualTo(IntNode.valueOf(7));
    }

    private ExecutionSnapshot working(JsonNode progressToken, Double progress) {
        ExecutionSnapshot base = Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2025);
        return new ExecutionSnapshot(
                base.executionId(),
                base.toolName(),
                base.toolVersion(),
                base.status(),
                base.surface(),
                base.createdAt(),
                base.updatedAt(),
                base.executionDeadline(),
                base.retentionExpiresAt(),
                null,
                progress,
                progress == null ? null : 10.0,
                null,
                null,
                base.createdAt().plusSeconds(600),
                null,
                progressToken);
    }

    private Mcp2025Session session() {
        return mcp2025().initialize("2025-11-25");
    }

    private static ObjectNode sleepTask() {
        ObjectNode params = Mcp2025Client.params().put("name", "demo.sleep");
        params.set("arguments", Wire.mapper().createObjectNode().put("seconds", 5));
        params.putObject("task").put("ttl", 600_000);
        params.putObject("_meta");
        return params;
    }
}
