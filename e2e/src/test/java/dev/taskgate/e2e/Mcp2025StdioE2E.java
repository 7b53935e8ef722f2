package dev.taskgate.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A 2025-era client over {@code bin/taskgate-mcp-stdio}: initialize, tools/list with taskSupport, a synchronous
 * call answered without {@code resultType}, {@code logging/setLevel} bringing a call's log messages ahead of its
 * result, and a 2025-11-25 task polled and fetched with tasks/result.
 */
@ExtendWith(LocalStack.class)
class Mcp2025StdioE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicLong IDS = new AtomicLong();
    private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    private final List<JsonNode> notifications = new ArrayList<>();

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
            OutputStream stdin = process.getOutputStream();
            Thread reader = new Thread(() -> read(process), "stdio-2025-reader");
            reader.setDaemon(true);
            reader.start();

            ObjectNode init = JSON.createObjectNode().put("protocolVersion", "2025-11-25");
            init.putObject("capabilities");
            init.putObject("clientInfo").put("name", "e2e").put("version", "1");
            JsonNode initialized = call(stdin, "initialize", init);
            assertThat(initialized.at("/result/protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(initialized
                            .at("/result/capabilities/tasks/requests/tools/call")
                            .isObject())
                    .isTrue();
            send(stdin, JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"));

            JsonNode tools = call(stdin, "tools/list", JSON.createObjectNode());
            assertThat(tools.at("/result/tools/0/execution/taskSupport").isTextual())
                    .isTrue();

            ObjectNode echo = JSON.createObjectNode().put("name", "demo.echo");
            echo.putObject("arguments").put("word", "old");
            JsonNode echoed = call(stdin, "tools/call", echo);
            assertThat(echoed.at("/result/structuredContent/word").asText()).isEqualTo("old");
            assertThat(echoed.at("/result").has("resultType")).isFalse();

            // the connection is the session: its log level is kept here, and the call's log messages precede it
            assertThat(call(stdin, "logging/setLevel", JSON.createObjectNode().put("level", "info"))
                            .has("result"))
                    .isTrue();
            ObjectNode count = JSON.createObjectNode().put("name", "demo.count");
            count.putObject("arguments").put("to", 2).put("step_ms", 50);
            notifications.clear();
            assertThat(call(stdin, "tools/call", count)
                            .at("/result/content/0/text")
                            .asText())
                    .isEqualTo("counted to 2");
            assertThat(notifications).extracting(n -> n.path("method").asText()).containsOnly("notifications/message");
            assertThat(notifications)
                    .extracting(n -> n.at("/params/data").asText())
                    .containsExactly("counting to 2 from 0", "counted to 2");

            ObjectNode sleep = JSON.createObjectNode().put("name", "demo.sleep");
            sleep.putObject("arguments").put("seconds", 1);
            sleep.putObject("task");
            String taskId =
                    call(stdin, "tools/call", sleep).at("/result/task/taskId").asText();
            ObjectNode get = JSON.createObjectNode().put("taskId", taskId);
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> "completed"
                            .equals(call(stdin, "tasks/get", get)
                                    .at("/result/status")
                                    .asText()));
            JsonNode result = call(stdin, "tasks/result", get);
            assertThat(result.at("/result/content/0/text").asText()).contains("slept 1 second");
            stdin.close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            if (process.isAlive()) {
                process.destroy();
                process.waitFor(20, TimeUnit.SECONDS);
            }
        }
    }

    private void read(Process process) {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                messages.add(JSON.readTree(line));
            }
        } catch (IOException e) {
            // process ended
        }
    }

    private JsonNode call(OutputStream stdin, String method, ObjectNode params) throws Exception {
        long id = IDS.incrementAndGet();
        ObjectNode message =
                JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        message.set("params", params);
        send(stdin, message);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            JsonNode next = messages.poll(1, TimeUnit.SECONDS);
            if (next != null && next.path("id").asLong(-1) == id) {
                return next;
            }
            if (next != null && next.has("method")) {
                notifications.add(next);
            }
        }
        throw new AssertionError("no response to " + method);
    }

    private static void send(OutputStream stdin, ObjectNode message) throws IOException {
        stdin.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }
}
