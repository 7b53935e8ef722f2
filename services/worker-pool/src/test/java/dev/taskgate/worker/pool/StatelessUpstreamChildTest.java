package dev.taskgate.worker.pool;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.RawJson;
import dev.taskgate.testsupport.mcp.RecordingProxy;
import dev.taskgate.worker.child.ChildServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real children calling an upstream of the stateless 2026-07-28 generation (the fixtures' StatelessUpstream, its own
 * process, which counts every request) through a {@link RecordingProxy}: plain calls, task-augmented calls of the
 * tasks extension, input rounds of both kinds, cancellation, and a replacement run that resumes a saved task.
 */
class StatelessUpstreamChildTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TOKEN = "Bearer s3cret-stateless-token-41ad";

    private static CountingUpstreamProcess upstream;

    @TempDir
    Path workRoot;

    private RecordingProxy proxy;
    private ChildProcess child;

    @BeforeAll
    static void startUpstream() throws Exception {
        upstream = CountingUpstreamProcess.startStateless();
    }

    @AfterAll
    static void stopUpstream() {
        upstream.close();
    }

    @BeforeEach
    void startChild() throws Exception {
        proxy = RecordingProxy.in(upstream.url());
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

    private ObjectNode target(String tool, String taskSupport) {
        ObjectNode target = MAPPER.createObjectNode()
                .put("id", "stateless")
                .put("url", proxy.url().toString())
                .put("protocol", "2026-07-28")
                .put("tool", tool)
                .put("taskSupport", taskSupport)
                .put("connectTimeoutMs", 5000)
                .put("callTimeoutMs", 60000);
        target.putObject("headers").put("Authorization", TOKEN);
        return target;
    }

    private RunRecorder call(ChildProcess in, ObjectNode target, String input, JsonNode resume) throws Exception {
        RunRecorder run = new RunRecorder();
        in.run(
                "stateless." + target.get("tool").asText(),
                MAPPER.readTree(input),
                null,
                resume == null ? 0 : 1,
                resume,
                null,
                target,
                run);
        return run;
    }

    /** The JSON text of {@code /result[/result]} exactly as the upstream sent it in its last answer to {@code method}. */
    private String sentResult(String method, String prefix) {
        var exchanges = proxy.exchangesOf(method);
        String answer = exchanges.get(exchanges.size() - 1).answerText().strip();
        return RawJson.memberAfter(answer, prefix);
    }

    /**
     * The stored result: the upstream's {@code CallToolResult} as sent but without the 2026-07-28 framing member
     * {@code resultType}, which the fixture writes first.
     */
    private static String withoutFraming(String sent) {
        return sent.replace("\"resultType\":\"complete\",", "");
    }

    @Test
    void aPlainCallIsOneSelfDescribingRequestAndItsResultIsReturnedExactly() throws Exception {
        int before = upstream.invocations("echo");

        ChildMessage result = call(child, target("echo", "forbidden"), "{\"text\":\"héllo\",\"n\":1.50}", null)
                .terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result()).isEqualTo(withoutFraming(sentResult("tools/call", "\"result\":")));
        assertThat(MAPPER.readTree(result.result())
                        .at("/structuredContent/text")
                        .asText())
                .isEqualTo("héllo");
        assertThat(sentResult("tools/call", "\"result\":")).startsWith("{\"resultType\":\"complete\",");
        assertThat(result.result())
                .as("2025-era clients and REST see the tool's result, not the 2026-07-28 framing")
                .doesNotContain("resultType")
                .contains("\"_meta\":{\"io.modelcontextprotocol/serverInfo\"");
        assertThat(proxy.rpcMethods()).as("no initialize, no session").containsExactly("tools/call");
        JsonNode sent = proxy.posted("tools/call").get(0);
        assertThat(sent.at("/params/_meta/io.modelcontextprotocol~1protocolVersion")
                        .asText())
                .isEqualTo("2026-07-28");
        assertThat(sent.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities/extensions")
                        .isMissingNode())
                .as("a tool that is never a task is called without the extension")
                .isTrue();
        RecordingProxy.Exchange exchange = proxy.exchangesOf("tools/call").get(0);
        assertThat(exchange.header("Mcp-Method")).contains("tools/call");
        assertThat(exchange.header("Mcp-Name")).contains("echo");
        assertThat(exchange.header("MCP-Protocol-Version")).contains("2026-07-28");
        assertThat(exchange.header("Mcp-Session-Id")).isEmpty();
        assertThat(upstream.invocations("echo")).isEqualTo(before + 1);
    }

    @Test
    void anIsErrorResultCompletesTheRunWithThatResult() throws Exception {
        ChildMessage result = call(child, target("echo", "optional"), "{\"isError\":true}", null)
                .terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).path("isError").asBoolean()).isTrue();
        assertThat(result.result()).isEqualTo(withoutFraming(sentResult("tools/call", "\"result\":")));
    }

    @Test
    void aTaskIsCheckpointedFirstThenPolledToItsInlineResult() throws Exception {
        int before = upstream.invocations("slow");

        RunRecorder run = call(child, target("slow", "optional"), "{\"seconds\":0.5}", null);

        ChildMessage checkpoint = run.next();
        assertThat(checkpoint.kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);
        assertThat(checkpoint.plan().path("revision").asText()).isEqualTo("upstream-task");
        JsonNode frontier = MAPPER.readTree(checkpoint.plan().path("frontier").asText());
        String taskId = frontier.path("taskId").asText();
        assertThat(taskId).isNotBlank();
        assertThat(frontier.path("sessionId").isNull())
                .as("no session in 2026-07-28")
                .isTrue();
        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result())
                .isEqualTo(withoutFraming(sentResult("tasks/get", "\"resultType\":\"complete\",\"result\":")));
        assertThat(proxy.rpcMethods()).startsWith("tools/call", "tasks/get").doesNotContain("tasks/result");
        assertThat(proxy.posted("tools/call")
                        .get(0)
                        .at(
                                "/params/_meta/io.modelcontextprotocol~1clientCapabilities/extensions/io.modelcontextprotocol~1tasks")
                        .isObject())
                .isTrue();
        assertThat(proxy.exchangesOf("tasks/get"))
                .allSatisfy(get -> assertThat(get.header("Mcp-Name")).contains(taskId));
        assertThat(upstream.invocations("slow")).isEqualTo(before + 1);
    }

    @Test
    void aReplacementRunPollsTheSavedTaskAndNeverCallsTheToolAgain() throws Exception {
        int before = upstream.invocations("slow");
        RunRecorder first = call(child, target("slow", "optional"), "{\"seconds\":2}", null);
        ChildMessage checkpoint = first.next();
        assertThat(checkpoint.kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);
        child.kill(); // the owner is lost right after the task was created
        assertThat(child.exit().get(10, TimeUnit.SECONDS)).isNotNull();

        child = newChild();
        ChildMessage result = call(child, target("slow", "optional"), "{\"seconds\":2}", checkpoint.plan())
                .terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("slept");
        assertThat(proxy.posted("tools/call")).hasSize(1);
        assertThat(upstream.invocations("slow")).as("invoked once").isEqualTo(before + 1);
    }

    @Test
    void theMarkedArgumentsAreRepeatedAsParamHeadersWhichTheUpstreamRequires() throws Exception {
        int before = upstream.invocations("route");
        ObjectNode target = target("route", "forbidden");
        ArrayNode marks = target.putArray("paramHeaders");
        marks.addObject().put("header", "Region").putArray("path").add("region");
        marks.addObject().put("header", "Priority").putArray("path").add("priority");
        marks.addObject()
                .put("header", "Urgent")
                .putArray("path")
                .add("options")
                .add("urgent");

        ChildMessage result = call(child, target, "{\"region\":\"Zürich\",\"priority\":7,\"options\":{}}", null)
                .terminal();

        assertThat(result.kind()).as(result.message()).isEqualTo(ChildMessage.Kind.RESULT);
        RecordingProxy.Exchange exchange = proxy.exchangesOf("tools/call").get(0);
        assertThat(exchange.header("Mcp-Param-Region")).contains("=?base64?WsO8cmljaA==?=");
        assertThat(exchange.header("Mcp-Param-Priority")).contains("7");
        assertThat(exchange.header("Mcp-Param-Urgent"))
                .as("an argument left out has no header")
                .isEmpty();
        assertThat(upstream.invocations("route")).isEqualTo(before + 1);
    }

    @Test
    void aCallWithoutTheParamHeadersItsUpstreamRequiresFailsClearlyWithoutInvokingTheTool() throws Exception {
        int before = upstream.invocations("route");

        ChildMessage error = call(child, target("route", "forbidden"), "{\"region\":\"eu\"}", null)
                .terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("upstream 'stateless' tool 'route'")
                .contains("400")
                .doesNotContain("s3cret");
        assertThat(upstream.invocations("route")).isEqualTo(before);
    }

    @Test
    void aTaskTheUpstreamNoLongerKnowsFailsWithoutCallingTheTool() throws Exception {
        ObjectNode resume = MAPPER.createObjectNode()
                .put("sequence", 1)
                .put("revision", "upstream-task")
                .put("frontier", "{\"taskId\":\"no-such-task\",\"sessionId\":null}");

        ChildMessage error =
                call(child, target("slow", "optional"), "{}", resume).terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("upstream 'stateless' tool 'slow'")
                .contains("remote task no-such-task is unknown to the upstream")
                .doesNotContain("s3cret");
        assertThat(proxy.posted("tools/call")).isEmpty();
    }

    @Test
    void aStopCancelsTheRemoteTask() throws Exception {
        int cancels = upstream.invocations("tasks/cancel");
        RunRecorder run = call(child, target("slow", "optional"), "{\"seconds\":60}", null);
        ChildMessage checkpoint = run.next();
        assertThat(checkpoint.kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);
        String taskId = MAPPER.readTree(checkpoint.plan().path("frontier").asText())
                .path("taskId")
                .asText();

        child.stop();

        ChildMessage stopped = run.terminal();
        assertThat(stopped.kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        assertThat(stopped.message()).contains(taskId);
        assertThat(proxy.posted("tasks/cancel"))
                .singleElement()
                .satisfies(c -> assertThat(c.at("/params/taskId").asText()).isEqualTo(taskId));
        assertThat(upstream.invocations("tasks/cancel")).isEqualTo(cancels + 1);
    }

    @Test
    void aPlainCallReportsProgressAndAStopCancelsItOnTheUpstream() throws Exception {
        int cancelled = upstream.invocations("notifications/cancelled");
        RunRecorder run = call(child, target("slow", "forbidden"), "{\"seconds\":60}", null);

        assertThat(run.next().kind()).isEqualTo(ChildMessage.Kind.PROGRESS);
        child.stop();

        assertThat(run.terminal().kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> upstream.invocations("notifications/cancelled") == cancelled + 1);
        await().atMost(Duration.ofSeconds(10)).until(() -> upstream.invocations("disconnected") > 0);
    }

    @Test
    void aTaskThatNeedsInputAsksTheCallerAndSendsTheAnswerWithTasksUpdate() throws Exception {
        RunRecorder run = call(child, target("greet", "optional"), "{}", null);
        assertThat(run.next().kind()).isEqualTo(ChildMessage.Kind.CHECKPOINT);

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        assertThat(input.requests().get(key).path("method").asText()).isEqualTo("elicitation/create");
        assertThat(input.requests().get(key).at("/params/message").asText()).isEqualTo("Whom shall I greet?");
        child.provideInput(key, MAPPER.readTree("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("Hello, Ada!");
        assertThat(proxy.posted("tasks/update"))
                .singleElement()
                .satisfies(update -> assertThat(update.at("/params/inputResponses/name/content/name")
                                .asText())
                        .isEqualTo("Ada"));
    }

    @Test
    void aPlainCallThatNeedsInputIsRepeatedWithTheAnswerAndTheRequestState() throws Exception {
        RunRecorder run = call(child, target("greet", "forbidden"), "{}", null);

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        child.provideInput(key, MAPPER.readTree("{\"action\":\"accept\",\"content\":{\"name\":\"Grace\"}}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("Hello, Grace!");
        assertThat(proxy.posted("tools/call")).hasSize(2);
        JsonNode repeated = proxy.posted("tools/call").get(1);
        assertThat(repeated.at("/params/requestState").asText()).isEqualTo("greet-1");
        assertThat(repeated.at("/params/inputResponses/name/action").asText()).isEqualTo("accept");
    }

    @Test
    void samplingAndRootsRequestsAreAskedOfTheCallerAndTheirAnswersSentAsInputResponses() throws Exception {
        RunRecorder run = call(child, target("consult", "forbidden"), "{}", null);

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        Map<String, String> methods = new HashMap<>();
        input.requests()
                .properties()
                .forEach(e -> methods.put(e.getValue().path("method").asText(), e.getKey()));
        assertThat(methods).containsOnlyKeys("sampling/createMessage", "roots/list");
        assertThat(input.requests()
                        .get(methods.get("sampling/createMessage"))
                        .at("/params/maxTokens")
                        .asInt())
                .isEqualTo(50);
        child.provideInput(
                methods.get("sampling/createMessage"),
                MAPPER.readTree("{\"role\":\"assistant\",\"model\":\"m\","
                        + "\"content\":{\"type\":\"text\",\"text\":\"fine\"}}"));
        child.provideInput(methods.get("roots/list"), MAPPER.readTree("{\"roots\":[{\"uri\":\"file:///srv\"}]}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("model said: fine; roots: file:///srv");
        assertThat(proxy.posted("tools/call")).hasSize(2);
        JsonNode repeated = proxy.posted("tools/call").get(1);
        assertThat(repeated.at("/params/requestState").asText()).isEqualTo("consult-1");
        assertThat(repeated.at("/params/inputResponses/model/content/text").asText())
                .isEqualTo("fine");
        assertThat(repeated.at("/params/inputResponses/roots/roots/0/uri").asText())
                .isEqualTo("file:///srv");
        JsonNode capabilities = repeated.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities");
        assertThat(capabilities.has("sampling")).isTrue();
        assertThat(capabilities.has("roots")).isTrue();
    }

    @Test
    void aRefusedSamplingFailsThePlainCallWithoutRepeatingIt() throws Exception {
        RunRecorder run = call(child, target("consult", "forbidden"), "{}", null);

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        for (var entry : input.requests().properties()) {
            child.provideInput(
                    entry.getKey(),
                    entry.getValue().path("method").asText().equals("roots/list")
                            ? MAPPER.readTree("{\"roots\":[]}")
                            : MAPPER.readTree("{\"action\":\"decline\"}"));
        }

        ChildMessage error = run.terminal();
        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("the caller refused the sampling/createMessage request (decline)")
                .contains("not called again");
        assertThat(proxy.posted("tools/call")).hasSize(1);
    }
}
