package dev.taskgate.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.McpStdioClient;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A 2025-era client over {@code bin/taskgate-mcp-stdio}: initialize, tools/list with taskSupport, a synchronous
 * call answered without {@code resultType}, {@code logging/setLevel} bringing a call's log messages ahead of its
 * result, a 2025-11-25 task polled and fetched with tasks/result, a task's progress and log messages written by
 * {@code tasks/result} before its answer, and a {@code demo.confirm} task whose elicitation is asked over stdio and
 * answered on standard input. Every message the server writes is checked against the 2025-11-25 schema.
 */
@ExtendWith(LocalStack.class)
class Mcp2025StdioE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String RELATED_TASK_ID = "/params/_meta/io.modelcontextprotocol~1related-task/taskId";

    @Test
    void servesA2025ClientOverStdio() throws Exception {
        Path repo = LocalStack.repo();
        Path stderr = repo.resolve("e2e/target/e2e-logs/mcp-2025-stdio.stderr.log");
        Files.createDirectories(stderr.getParent());
        ProcessBuilder pb = new ProcessBuilder(
                        repo.resolve("bin/taskgate-mcp-stdio").toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()));
        pb.environment().putAll(LocalStack.get().sharedEnv());
        pb.environment()
                .put(
                        "TASKGATE_TOKEN",
                        Tokens.forSubject("stdio-2025")
                                .org("acme")
                                .project("demo")
                                .scopes("tools:call")
                                .sign());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = pb.start();
        try {
            McpStdioClient stdio = McpTestClient.stdio(process.getInputStream(), process.getOutputStream());

            ObjectNode init = JSON.createObjectNode().put("protocolVersion", "2025-11-25");
            init.putObject("capabilities").putObject("elicitation");
            init.putObject("clientInfo").put("name", "e2e").put("version", "1");
            JsonNode initialized = result(stdio.request("initialize", init));
            Mcp2025Client.assertValid("InitializeResult", initialized);
            assertThat(initialized.at("/protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(initialized.at("/capabilities/tasks/requests/tools/call").isObject())
                    .isTrue();
            stdio.notify("notifications/initialized", null);

            JsonNode tools = result(stdio.request("tools/list", JSON.createObjectNode()));
            Mcp2025Client.assertValid("ListToolsResult", tools);
            assertThat(tools.at("/tools/0/execution/taskSupport").isTextual()).isTrue();

            ObjectNode echo = JSON.createObjectNode().put("name", "demo.echo");
            echo.putObject("arguments").put("word", "old");
            JsonNode echoed = result(stdio.request("tools/call", echo));
            Mcp2025Client.assertValid("CallToolResult", echoed);
            assertThat(echoed.at("/structuredContent/word").asText()).isEqualTo("old");
            assertThat(echoed.has("resultType")).isFalse();

            // the connection is the session: its log level is kept here, and the call's log messages precede it
            result(stdio.request("logging/setLevel", JSON.createObjectNode().put("level", "info")));
            ObjectNode count = JSON.createObjectNode().put("name", "demo.count");
            count.putObject("arguments").put("to", 2).put("step_ms", 50);
            long counted = stdio.send("tools/call", count);
            assertThat(result(stdio.awaitResponse(counted, PATIENCE))
                            .at("/content/0/text")
                            .asText())
                    .isEqualTo("counted to 2");
            // other notifications may interleave (tools/list_changed when a test elsewhere changes the catalog)
            List<JsonNode> logs = notifications(stdio, counted).stream()
                    .filter(n -> "notifications/message".equals(n.path("method").asText()))
                    .toList();
            logs.forEach(n -> Mcp2025Client.assertValid("LoggingMessageNotification", n));
            assertThat(logs)
                    .extracting(n -> n.at("/params/data").asText())
                    .containsExactly("counting to 2 from 0", "counted to 2");

            ObjectNode sleep = JSON.createObjectNode().put("name", "demo.sleep");
            sleep.putObject("arguments").put("seconds", 1);
            sleep.putObject("task");
            String taskId = task(stdio, sleep);
            ObjectNode get = JSON.createObjectNode().put("taskId", taskId);
            await().atMost(PATIENCE)
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> "completed"
                            .equals(result(stdio.request("tasks/get", get))
                                    .at("/status")
                                    .asText()));
            JsonNode slept = result(stdio.request("tasks/result", get));
            assertThat(slept.at("/content/0/text").asText()).contains("slept 1 second");

            streamsATasksProgressAndLogMessagesBeforeItsResult(stdio);
            asksForATasksInputAndTakesTheAnswerFromStandardInput(stdio);

            stdio.close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            stdio.received().forEach(Mcp2025StdioE2E::assertValidMessage);
        } finally {
            if (process.isAlive()) {
                process.destroy();
                process.waitFor(20, TimeUnit.SECONDS);
            }
        }
    }

    // tasks/result writes the task's progress (under the token its tools/call carried) and log messages first
    private static void streamsATasksProgressAndLogMessagesBeforeItsResult(McpStdioClient stdio) {
        ObjectNode count = JSON.createObjectNode().put("name", "demo.count");
        count.putObject("arguments").put("to", 4).put("step_ms", 600);
        count.putObject("task");
        count.putObject("_meta").put("progressToken", "stdio-count");
        String taskId = task(stdio, count);

        long request = stdio.send("tasks/result", JSON.createObjectNode().put("taskId", taskId));
        JsonNode answer = stdio.awaitResponse(request, PATIENCE);

        assertThat(result(answer).at("/content/0/text").asText()).isEqualTo("counted to 4");
        List<JsonNode> before = notifications(stdio, request);
        List<JsonNode> progress = before.stream()
                .filter(n -> "notifications/progress".equals(n.path("method").asText()))
                .toList();
        assertThat(progress).as("%s", before).isNotEmpty();
        progress.forEach(p -> {
            Mcp2025Client.assertValid("ProgressNotification", p);
            assertThat(p.at("/params/progressToken").asText()).isEqualTo("stdio-count");
            assertThat(p.at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
        });
        List<Double> values =
                progress.stream().map(p -> p.at("/params/progress").asDouble()).toList();
        assertThat(values).as("strictly increasing").isSorted().doesNotHaveDuplicates();
        List<JsonNode> logs = before.stream()
                .filter(n -> "notifications/message".equals(n.path("method").asText()))
                .toList();
        logs.forEach(l -> {
            Mcp2025Client.assertValid("LoggingMessageNotification", l);
            assertThat(l.at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
        });
        assertThat(logs).extracting(l -> l.at("/params/data").asText()).contains("counted to 4");
        System.out.printf("[measure] stdio tasks/result of demo.count: progress %s, logs %d%n", values, logs.size());
    }

    // demo.confirm asks its elicitation over stdio (the client declared elicitation); the answer goes to stdin
    private static void asksForATasksInputAndTakesTheAnswerFromStandardInput(McpStdioClient stdio) {
        ObjectNode confirm = JSON.createObjectNode().put("name", "demo.confirm");
        confirm.putObject("arguments").put("message", "Ship it over stdio?");
        confirm.putObject("task");
        String taskId = task(stdio, confirm);

        long request = stdio.send("tasks/result", JSON.createObjectNode().put("taskId", taskId));
        JsonNode asked = stdio.awaitMessage(
                m -> "elicitation/create".equals(m.path("method").asText()) && m.has("id"), PATIENCE);
        Mcp2025Client.assertValid("ElicitRequest", asked);
        assertThat(asked.at("/params/message").asText()).isEqualTo("Ship it over stdio?");
        assertThat(asked.at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
        ObjectNode answer = JSON.createObjectNode().put("action", "accept");
        answer.putObject("content").put("confirm", true);
        stdio.respond(asked.get("id"), "result", answer);

        JsonNode done = result(stdio.awaitResponse(request, PATIENCE));
        Mcp2025Client.assertValid("CallToolResult", done);
        assertThat(done.at("/structuredContent/action").asText()).isEqualTo("accept");
        assertThat(done.at("/structuredContent/content/confirm").asBoolean()).isTrue();
    }

    private static String task(McpStdioClient stdio, ObjectNode call) {
        JsonNode created = result(stdio.request("tools/call", call));
        Mcp2025Client.assertValid("CreateTaskResult", created);
        return created.at("/task/taskId").asText();
    }

    // The notifications written before the response to request id (other requests' responses left out).
    private static List<JsonNode> notifications(McpStdioClient stdio, long id) {
        return stdio.receivedDuring(id).stream()
                .filter(m -> m.has("method") && !m.has("id"))
                .toList();
    }

    private static JsonNode result(JsonNode response) {
        Mcp2025Client.assertValid("JSONRPCResultResponse", response);
        return response.get("result");
    }

    private static void assertValidMessage(JsonNode message) {
        if (message.has("method") && message.has("id")) {
            Mcp2025Client.assertValid("JSONRPCRequest", message);
        } else if (message.has("method")) {
            Mcp2025Client.assertValid("JSONRPCNotification", message);
        } else if (message.has("error")) {
            Mcp2025Client.assertValid("JSONRPCErrorResponse", message);
        } else {
            Mcp2025Client.assertValid("JSONRPCResultResponse", message);
        }
    }
}
