package dev.taskgate.worker.pool;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.EverythingServer;
import dev.taskgate.testsupport.RepositoryRoot;
import dev.taskgate.testsupport.mcp.RecordingProxy;
import dev.taskgate.worker.child.ChildServer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real children calling a tool of the pinned server-everything that requires tasks ({@code simulate-research-query},
 * {@code execution.taskSupport: required}, four stages of a second each, {@code pollInterval} 1000 ms; with
 * {@code ambiguous: true} it asks for a clarification through {@code tasks/result} while {@code input_required}).
 */
class UpstreamTaskChildTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TOOL = "simulate-research-query";

    private static EverythingServer everything;

    @TempDir
    Path workRoot;

    private RecordingProxy proxy;
    private ChildProcess child;

    @BeforeAll
    static void startEverything() throws Exception {
        everything = EverythingServer.start(RepositoryRoot.find());
    }

    @AfterAll
    static void stopEverything() {
        everything.close();
    }

    @BeforeEach
    void startChild() throws Exception {
        proxy = RecordingProxy.in(everything.url());
        child = newChild();
    }

    @AfterEach
    void stop() {
        child.kill();
        proxy.close();
    }

    private ChildProcess newChild() throws Exception {
        ChildProcess started =
                ChildProcess.start(TestSandboxes.plain(workRoot), ChildCommand.build("64m"), (c, code) -> {});
        assertThat(started.awaitReady(READY)).as("ready line").isTrue();
        return started;
    }

    private ObjectNode target() {
        return MAPPER.createObjectNode()
                .put("id", "everything")
                .put("url", proxy.url().toString())
                .put("protocol", "2025-11-25")
                .put("tool", TOOL)
                .put("taskSupport", "required")
                .put("callTimeoutMs", 60000);
    }

    private RunRecorder call(ChildProcess in, String input, JsonNode resume) throws Exception {
        RunRecorder run = new RunRecorder();
        in.run("everything." + TOOL, MAPPER.readTree(input), null, resume == null ? 0 : 1, resume, null, target(), run);
        return run;
    }

    @Test
    void aTaskIsCheckpointedPolledAndItsResultReturnedExactly() throws Exception {
        RunRecorder run = call(child, "{\"topic\":\"tides\"}", null);

        ChildMessage checkpoint = run.next();
        assertThat(checkpoint.kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);
        assertThat(checkpoint.plan().path("revision").asText()).isEqualTo("upstream-task");
        JsonNode frontier = MAPPER.readTree(checkpoint.plan().path("frontier").asText());
        assertThat(frontier.path("taskId").asText()).isNotBlank();
        assertThat(frontier.path("sessionId").asText()).isNotBlank();

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .startsWith("# Research Report: tides");
        String sent = proxy.exchangesOf("tasks/result").get(0).answerText();
        assertThat(sent).contains(result.result());
        assertThat(proxy.rpcMethods())
                .containsSubsequence(
                        "initialize", "notifications/initialized", "tools/call", "tasks/get", "tasks/result");
        assertThat(proxy.posted("tools/call"))
                .singleElement()
                .satisfies(
                        call -> assertThat(call.at("/params/task").isObject()).isTrue());
        assertThat(proxy.posted("tasks/get"))
                .allSatisfy(get -> assertThat(get.at("/params/taskId").asText())
                        .isEqualTo(frontier.path("taskId").asText()));
    }

    @Test
    void anInputRequiredTaskRelaysTheElicitationOfTasksResult() throws Exception {
        RunRecorder run = call(child, "{\"topic\":\"python\",\"ambiguous\":true}", null);

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        JsonNode request = input.requests().get(key);
        assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(request.at("/params/message").asText()).contains("python");
        assertThat(request.at("/params/_meta").isMissingNode())
                .as("the upstream's related-task meta")
                .isTrue();

        child.provideInput(key, MAPPER.readTree("{\"action\":\"accept\",\"content\":{\"interpretation\":\"snake\"}}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .startsWith("# Research Report: python (snake)");
    }

    @Test
    void aReplacementRunPollsTheSavedTaskAndNeverCallsTheToolAgain() throws Exception {
        RunRecorder first = call(child, "{\"topic\":\"glaciers\"}", null);
        ChildMessage checkpoint = first.next();
        assertThat(checkpoint.kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);
        child.kill(); // the owner is lost right after the task was created
        assertThat(child.exit().get(10, java.util.concurrent.TimeUnit.SECONDS)).isNotNull();

        child = newChild();
        RunRecorder second = call(child, "{\"topic\":\"glaciers\"}", checkpoint.plan());

        ChildMessage result = second.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .startsWith("# Research Report: glaciers");
        assertThat(proxy.posted("tools/call")).hasSize(1);
        String taskId = MAPPER.readTree(checkpoint.plan().path("frontier").asText())
                .path("taskId")
                .asText();
        assertThat(proxy.posted("tasks/result"))
                .singleElement()
                .satisfies(r -> assertThat(r.at("/params/taskId").asText()).isEqualTo(taskId));
    }

    @Test
    void aTaskTheUpstreamNoLongerKnowsFailsWithoutCallingTheTool() throws Exception {
        ObjectNode resume = MAPPER.createObjectNode()
                .put("sequence", 1)
                .put("revision", "upstream-task")
                .put("frontier", "{\"taskId\":\"no-such-task\",\"sessionId\":\"no-such-session\"}");

        ChildMessage error = call(child, "{\"topic\":\"x\"}", resume).terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("upstream 'everything' tool '" + TOOL + "'")
                .contains("remote task no-such-task is unknown to the upstream")
                .contains("the tool is not invoked again");
        assertThat(proxy.posted("tools/call")).isEmpty();
    }

    @Test
    void aStopCancelsTheRemoteTask() throws Exception {
        RunRecorder run = call(child, "{\"topic\":\"volcanoes\"}", null);
        ChildMessage checkpoint = run.next();
        assertThat(checkpoint.kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);

        child.stop();

        ChildMessage stopped = run.terminal();
        assertThat(stopped.kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        String taskId = MAPPER.readTree(checkpoint.plan().path("frontier").asText())
                .path("taskId")
                .asText();
        assertThat(stopped.message()).contains(taskId);
        assertThat(proxy.posted("tasks/cancel"))
                .singleElement()
                .satisfies(c -> assertThat(c.at("/params/taskId").asText()).isEqualTo(taskId));
    }
}
