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
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code bin/taskgate-mcp-stdio} as a real process against the e2e stack: discovery, the tool list, a synchronous
 * call with progress notifications on stdout, a task created and polled to its result, a parse error, and end of
 * input ending the process. Every line on stdout must be a JSON-RPC message; logs go to stderr.
 */
@ExtendWith(LocalStack.class)
class McpStdioE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TASKS = "io.modelcontextprotocol/tasks";
    private static final AtomicLong IDS = new AtomicLong();

    private static Process process;
    private static OutputStream stdin;
    private static final List<String> stdout = new CopyOnWriteArrayList<>();
    private static final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();

    @BeforeAll
    static void launch() throws IOException {
        Path repo = LocalStack.repo();
        Path stderr = repo.resolve("e2e/target/e2e-logs/mcp-stdio.stderr.log");
        Files.createDirectories(stderr.getParent());
        ProcessBuilder pb = new ProcessBuilder(
                        repo.resolve("bin/taskgate-mcp-stdio").toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()));
        pb.environment().putAll(LocalStack.get().sharedEnv());
        pb.environment()
                .put(
                        "TASKGATE_TOKEN",
                        Tokens.forSubject("stdio-user")
                                .org("acme")
                                .project("demo")
                                .scopes("tools:call")
                                .sign());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        process = pb.start();
        stdin = process.getOutputStream();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader out = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = out.readLine()) != null) {
                            stdout.add(line);
                            try {
                                messages.add(JSON.readTree(line));
                            } catch (IOException notJson) {
                                // kept in stdout; the test below fails on it
                            }
                        }
                    } catch (IOException e) {
                        // process ended
                    }
                },
                "stdio-e2e-reader");
        reader.setDaemon(true);
        reader.start();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            process.waitFor(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void servesTheProtocolOnStdoutAndNothingElse() throws Exception {
        JsonNode discover = call("server/discover", Map.of(), false);
        assertThat(discover.at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(discover.at("/result/capabilities/extensions").has(TASKS)).isTrue();

        JsonNode list = call("tools/list", Map.of(), false);
        assertThat(list.at("/result/tools"))
                .extracting(t -> t.path("name").asText())
                .contains("demo.echo", "demo.sleep");

        JsonNode echo = call("tools/call", Map.of("name", "demo.echo", "arguments", Map.of("word", "stdio")), false);
        assertThat(echo.at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(echo.at("/result/structuredContent/word").asText()).isEqualTo("stdio");

        // a synchronous call with a progress token: progress notifications share stdout, before the response
        List<JsonNode> before = new ArrayList<>();
        JsonNode slept = call(
                "tools/call",
                Map.of(
                        "name",
                        "demo.sleep",
                        "arguments",
                        Map.of("seconds", 2),
                        "_meta",
                        Map.of("progressToken", "stdio-p")),
                false,
                before);
        assertThat(slept.at("/result/isError").asBoolean()).isFalse();
        assertThat(before).isNotEmpty().allSatisfy(n -> {
            assertThat(n.path("method").asText()).isEqualTo("notifications/progress");
            assertThat(n.at("/params/progressToken").asText()).isEqualTo("stdio-p");
        });

        JsonNode created = call("tools/call", Map.of("name", "demo.sleep", "arguments", Map.of("seconds", 1)), true);
        assertThat(created.at("/result/resultType").asText()).isEqualTo("task");
        String taskId = created.at("/result/taskId").asText();
        JsonNode[] last = new JsonNode[1];
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    last[0] = call("tasks/get", Map.of("taskId", taskId), true);
                    return "completed".equals(last[0].at("/result/status").asText());
                });
        assertThat(last[0].at("/result/result/resultType").asText()).isEqualTo("complete");

        stdin.write("{not json\n".getBytes(StandardCharsets.UTF_8));
        stdin.flush();
        JsonNode parseError = messages.poll(30, TimeUnit.SECONDS);
        assertThat(parseError).isNotNull();
        assertThat(parseError.at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(parseError.has("id")).isFalse();

        stdin.close();
        assertThat(process.waitFor(30, TimeUnit.SECONDS))
                .as("exits at end of input")
                .isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(stdout).isNotEmpty().allSatisfy(line -> {
            JsonNode message = JSON.readTree(line);
            assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
        });
        System.out.printf("stdio: %d protocol lines on stdout, no other output%n", stdout.size());
    }

    private static JsonNode call(String method, Map<String, ?> params, boolean tasks) throws Exception {
        return call(method, params, tasks, new ArrayList<>());
    }

    // Sends one request and returns its response; notifications that came before it are added to `before`.
    @SuppressWarnings("unchecked")
    private static JsonNode call(String method, Map<String, ?> params, boolean tasks, List<JsonNode> before)
            throws Exception {
        long id = IDS.incrementAndGet();
        ObjectNode message =
                JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        ObjectNode p = message.putObject("params");
        params.forEach((k, v) -> {
            if (!"_meta".equals(k)) {
                p.set(k, JSON.valueToTree(v));
            }
        });
        ObjectNode meta = p.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        if (params.containsKey("_meta")) {
            ((Map<String, ?>) params.get("_meta")).forEach((k, v) -> meta.set(k, JSON.valueToTree(v)));
        }
        ObjectNode capabilities = meta.putObject("io.modelcontextprotocol/clientCapabilities");
        if (tasks) {
            capabilities.putObject("extensions").putObject(TASKS);
        }
        stdin.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode next = messages.poll(1, TimeUnit.SECONDS);
            if (next == null) {
                assertThat(process.isAlive())
                        .as("stdio process alive; see e2e-logs/mcp-stdio.stderr.log")
                        .isTrue();
                continue;
            }
            if (next.path("id").asLong() == id) {
                return next;
            }
            before.add(next);
        }
        throw new AssertionError("no response to " + method + " id " + id);
    }
}
