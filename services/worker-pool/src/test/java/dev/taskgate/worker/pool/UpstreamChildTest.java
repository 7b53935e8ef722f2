package dev.taskgate.worker.pool;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.testsupport.mcp.RecordingProxy;
import dev.taskgate.worker.child.ChildServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real child JVMs calling a real upstream MCP server (CountingUpstream, its own process) on loopback, through a
 * {@link RecordingProxy} that shows what the upstream received and sent.
 */
class UpstreamChildTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TOKEN = "Bearer s3cret-upstream-token-7f2c";

    private static CountingUpstreamProcess upstream;

    @TempDir
    static Path workRoot;

    // one child for the class, as the pool reuses one for run after run; replaced when a test leaves it busy
    private static ChildProcess child;
    private RecordingProxy proxy;
    private RunRecorder lastRun;

    @BeforeAll
    static void startUpstream() throws Exception {
        upstream = CountingUpstreamProcess.start();
    }

    @AfterAll
    static void stopUpstream() throws Exception {
        if (child != null) {
            child.kill();
        }
        upstream.close();
    }

    @BeforeEach
    void startChild() throws Exception {
        lastRun = null;
        proxy = RecordingProxy.in(upstream.url());
        if (child == null || !child.isAlive()) {
            child = ChildProcess.start(TestSandboxes.plain(workRoot), ChildCommand.build("64m"), (c, code) -> {});
            assertThat(child.awaitReady(READY)).as("ready line").isTrue();
        }
    }

    @AfterEach
    void stop() {
        if (lastRun != null && !lastRun.ended()) {
            child.kill();
            child = null;
        }
        proxy.close();
    }

    static ObjectNode upstreamFor(URI url, String tool) {
        ObjectNode upstream = MAPPER.createObjectNode()
                .put("id", "counting")
                .put("url", url.toString())
                .put("protocol", "2025-11-25")
                .put("tool", tool)
                .put("connectTimeoutMs", 5000)
                .put("callTimeoutMs", 60000);
        upstream.putObject("headers").put("Authorization", TOKEN);
        return upstream;
    }

    private RunRecorder call(String tool, String input) throws Exception {
        return call(upstreamFor(proxy.url(), tool), input);
    }

    private RunRecorder call(ObjectNode target, String input) throws Exception {
        RunRecorder run = new RunRecorder();
        lastRun = run;
        child.run("counting." + target.get("tool").asText(), MAPPER.readTree(input), null, 0, null, null, target, run);
        return run;
    }

    /** The {@code result} member of the upstream's answer to {@code tools/call}, cut from the recorded bytes. */
    private String resultAsSent() {
        String answer = proxy.exchangesOf("tools/call").get(0).answerText();
        String data = answer.lines()
                .filter(line -> line.startsWith("data:") && line.contains("\"result\""))
                .map(line -> line.substring("data:".length()).strip())
                .findFirst()
                .orElse(answer.strip());
        int start = data.indexOf("\"result\":") + "\"result\":".length();
        return data.substring(start, data.lastIndexOf('}'));
    }

    @Test
    void echoReturnsTheUpstreamsResultBytesExactly() throws Exception {
        RunRecorder run = call(
                "echo",
                "{\"text\":\"héllo \\\"wörld\\\"\",\"n\":1.50,\"big\":123456789012345678901234567890,"
                        + "\"nested\":{\"z\":1,\"a\":[true,null]}}");

        ChildMessage result = run.terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result()).isEqualTo(resultAsSent());
        assertThat(MAPPER.readTree(result.result())
                        .path("structuredContent")
                        .path("text")
                        .asText())
                .isEqualTo("héllo \"wörld\"");
        assertThat(upstream.invocations("echo")).isPositive();
    }

    @Test
    void callsOfOneUpstreamShareASessionAndAForgottenOneIsReplacedWithoutCallingTwice() throws Exception {
        assertThat(call("echo", "{\"text\":\"a\"}").terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);
        int sessions = upstream.invocations("initialize");
        int echoes = upstream.invocations("echo");

        assertThat(call("echo", "{\"text\":\"b\"}").terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(call("echo", "{\"text\":\"c\"}").terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(upstream.invocations("initialize"))
                .as("the session the first call left idle serves the next ones")
                .isEqualTo(sessions);
        assertThat(proxy.rpcMethods())
                .containsExactly("initialize", "notifications/initialized", "tools/call", "tools/call", "tools/call");

        upstream.forgetSessions();
        ChildMessage afterRestart = call("echo", "{\"text\":\"d\"}").terminal();

        assertThat(afterRestart.kind()).as(afterRestart.toString()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(afterRestart.result())
                        .at("/structuredContent/text")
                        .asText())
                .isEqualTo("d");
        assertThat(upstream.invocations("initialize")).as("a new session").isEqualTo(sessions + 1);
        assertThat(upstream.invocations("echo"))
                .as("the call refused with 404 was never made: each call reached the tool once")
                .isEqualTo(echoes + 3);
    }

    @Test
    void anIsErrorResultIsAResultNotAFailure() throws Exception {
        ChildMessage result = call("slow", "{\"seconds\":-1}").terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        JsonNode tree = MAPPER.readTree(result.result());
        assertThat(tree.path("isError").asBoolean()).isTrue();
        assertThat(result.result()).isEqualTo(resultAsSent());
    }

    @Test
    void progressOfTheCallIsForwarded() throws Exception {
        RunRecorder run = call("slow", "{\"seconds\":2}");

        ChildMessage first = run.next();
        ChildMessage second = run.next();
        ChildMessage result = run.next();

        assertThat(List.of(first.kind(), second.kind(), result.kind()))
                .containsExactly(ChildMessage.Kind.PROGRESS, ChildMessage.Kind.PROGRESS, ChildMessage.Kind.RESULT);
        assertThat(first.progress()).isEqualTo(1.0);
        assertThat(first.total()).isEqualTo(2.0);
        assertThat(first.message()).isEqualTo("slept 1 of 2 seconds");
        assertThat(second.progress()).isEqualTo(2.0);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("slept 2 seconds");
    }

    @Test
    void aStopCancelsTheUpstreamCallAndTheRunEndsStopped() throws Exception {
        RunRecorder run = call("slow", "{\"seconds\":600}");
        assertThat(run.next().kind()).isEqualTo(ChildMessage.Kind.PROGRESS);

        child.stop();

        ChildMessage stopped = run.terminal();
        assertThat(stopped.kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        assertThat(stopped.message()).contains("upstream was told to cancel");
        JsonNode call = proxy.posted("tools/call").get(0);
        JsonNode cancelled = proxy.posted("notifications/cancelled").get(0);
        assertThat(cancelled.at("/params/requestId")).isEqualTo(call.get("id"));
        assertThat(cancelled.at("/params/reason").asText()).isNotBlank();
    }

    @Test
    void anElicitationIsRelayedToTheCallerAndItsAnswerReturned() throws Exception {
        RunRecorder run = call("ask", "{}");

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        JsonNode request = input.requests().get(key);
        assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(request.at("/params/message").asText()).isEqualTo("What is your name?");
        assertThat(request.at("/params/requestedSchema/required/0").asText()).isEqualTo("name");

        child.provideInput(key, MAPPER.readTree("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("action=ACCEPT content={name=Ada}");
    }

    @Test
    void aSamplingRequestIsRelayedToTheCallerAndItsResultReturnedToTheUpstream() throws Exception {
        int before = upstream.invocations("sample");
        RunRecorder run = call("sample", "{}");

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        JsonNode request = input.requests().get(key);
        assertThat(key).startsWith("upstream-sampling-");
        assertThat(request.path("method").asText()).isEqualTo("sampling/createMessage");
        assertThat(request.at("/params/messages/0/content/text").asText()).isEqualTo("Greet the caller");
        assertThat(request.at("/params/maxTokens").asInt()).isEqualTo(50);

        child.provideInput(
                key,
                MAPPER.readTree("{\"role\":\"assistant\",\"model\":\"test-model\","
                        + "\"content\":{\"type\":\"text\",\"text\":\"Hello, caller\"}}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("model test-model said: Hello, caller");
        assertThat(upstream.invocations("sample")).isEqualTo(before + 1);
        // the child told the upstream it can be asked for samplings and roots
        JsonNode capabilities = proxy.posted("initialize").get(0).at("/params/capabilities");
        assertThat(capabilities.has("sampling")).isTrue();
        assertThat(capabilities.has("roots")).isTrue();
        assertThat(capabilities.has("elicitation")).isTrue();
    }

    @Test
    void aRefusedSamplingIsAnErrorForTheUpstreamAndTheToolIsCalledOnce() throws Exception {
        int before = upstream.invocations("sample");
        RunRecorder run = call("sample", "{}");

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        child.provideInput(input.requests().fieldNames().next(), MAPPER.readTree("{\"action\":\"decline\"}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        JsonNode answered = MAPPER.readTree(result.result());
        assertThat(answered.path("isError").asBoolean()).isTrue();
        assertThat(answered.at("/content/0/text").asText())
                .startsWith("sampling refused:")
                .contains("the caller refused the sampling/createMessage request (decline)");
        assertThat(upstream.invocations("sample")).isEqualTo(before + 1);
        JsonNode refusal = proxy.exchanges().stream()
                .flatMap(e -> e.message().stream())
                .filter(m -> m.has("error") && !m.has("method"))
                .findFirst()
                .orElseThrow();
        assertThat(refusal.at("/error/code").asInt()).isEqualTo(-1);
    }

    @Test
    void aRootsRequestIsRelayedToTheCallerAndItsRootsReturnedToTheUpstream() throws Exception {
        RunRecorder run = call("roots", "{}");

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        assertThat(key).startsWith("upstream-roots-");
        assertThat(input.requests().get(key).path("method").asText()).isEqualTo("roots/list");

        child.provideInput(
                key,
                MAPPER.readTree(
                        "{\"roots\":[{\"uri\":\"file:///srv/a\",\"name\":\"a\"}," + "{\"uri\":\"file:///srv/b\"}]}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("roots: file:///srv/a, file:///srv/b");
        // the session learned this caller's roots: it is ended, not left for another caller's call
        await().atMost(Duration.ofSeconds(15))
                .until(() -> proxy.exchanges().stream().anyMatch(e -> e.method().equals("DELETE")));
    }

    @Test
    void anUpstreamNotRelayedRootsIsNotToldOfThemAndItsRootsRequestIsRefusedWithoutAskingTheCaller() throws Exception {
        ObjectNode target = upstreamFor(proxy.url(), "roots");
        target.putArray("relay").add("elicitation").add("sampling");

        RunRecorder run = call(target, "{}");
        List<ChildMessage.Kind> before = new ArrayList<>();
        ChildMessage terminal = run.next();
        while (!terminal.kind().isTerminal()) {
            before.add(terminal.kind());
            terminal = run.next();
        }

        JsonNode capabilities = proxy.posted("initialize").get(0).at("/params/capabilities");
        assertThat(capabilities.has("roots")).as("not declared").isFalse();
        assertThat(capabilities.has("elicitation")).isTrue();
        assertThat(capabilities.has("sampling")).isTrue();
        assertThat(before).as("the caller was never asked").doesNotContain(ChildMessage.Kind.INPUT);
        JsonNode refusal = proxy.exchanges().stream()
                .flatMap(e -> e.message().stream())
                .filter(m -> m.has("error") && !m.has("method"))
                .findFirst()
                .orElseThrow();
        assertThat(refusal.at("/error/code").asInt()).isEqualTo(-32601);
        assertThat(refusal.at("/error/message").asText()).contains("does not relay roots/list");
        assertThat(terminal.kind())
                .as("the upstream decided what followed")
                .isIn(ChildMessage.Kind.RESULT, ChildMessage.Kind.ERROR);
    }

    @Test
    void aJsonRpcErrorAnswerFailsClearly() throws Exception {
        ChildMessage error = call("no_such_tool", "{}").terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .startsWith("counting.no_such_tool failed: upstream 'counting' tool 'no_such_tool': tools/call failed:"
                        + " JSON-RPC error ")
                .contains("no_such_tool");
    }

    @Test
    void aMalformedAnswerFailsClearly() throws Exception {
        ChildMessage error = call("malformed", "{}").terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("upstream 'counting' tool 'malformed'")
                .contains("not a JSON-RPC message");
    }

    @Test
    void anUpstreamAskingForAnInteractionNoClientOffersFailsClearlyAndIsCalledOnce() throws Exception {
        int before = upstream.invocations("unsupported");

        ChildMessage error = call("unsupported", "{}").terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("upstream 'counting' tool 'unsupported'")
                .contains("the upstream asked for 'experimental/unsupported', an interaction Taskgate cannot relay");
        assertThat(upstream.invocations("unsupported")).isEqualTo(before + 1);
        // the upstream was answered with the JSON-RPC error for a method Taskgate cannot serve
        assertThat(upstream.invocations("answered experimental/unsupported")).isPositive();
    }

    @Test
    void aRefusedConnectionFailsClearly() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ChildMessage error = call(upstreamFor(URI.create("http://127.0.0.1:" + port + "/mcp"), "echo"), "{}")
                .terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code())
                .as("unreachable: the circuit breaker counts it")
                .isEqualTo(ChildServer.UPSTREAM_UNAVAILABLE);
        assertThat(error.message())
                .contains("upstream 'counting' tool 'echo'")
                .contains("could not connect to http://127.0.0.1:" + port + "/mcp");
    }

    @Test
    void aGatewaysServiceUnavailableInFrontOfTheUpstreamCountsAsUnreachable() throws Exception {
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/mcp", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        gateway.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + gateway.getAddress().getPort() + "/mcp");
            ChildMessage error = call(upstreamFor(url, "echo"), "{}").terminal();

            assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
            assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_UNAVAILABLE);
            assertThat(error.message())
                    .contains("upstream 'counting' tool 'echo'")
                    .contains("HTTP 503");
        } finally {
            gateway.stop(0);
        }
    }

    @Test
    void theCallTimeoutFailsTheRunAndCancelsTheCall() throws Exception {
        ObjectNode target = upstreamFor(proxy.url(), "slow").put("callTimeoutMs", 1500);

        ChildMessage error = call(target, "{\"seconds\":600}").terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.message())
                .contains("upstream 'counting' tool 'slow'")
                .contains("no answer to tools/call within the call timeout of 1500 ms");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !proxy.posted("notifications/cancelled").isEmpty());
    }

    @Test
    void theCredentialReachesTheUpstreamAndNoErrorText() throws Exception {
        ChildMessage result = call("whoami", "{}").terminal();
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo(TOKEN);
        assertThat(proxy.exchanges())
                .allSatisfy(e -> assertThat(e.header("Authorization")).contains(TOKEN));

        // an upstream that quotes the credential back in its refusal
        HttpServer echoing = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        echoing.createContext("/", exchange -> {
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32001,\"message\":\"bad token "
                            + exchange.getRequestHeaders().getFirst("Authorization") + "\"}}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(401, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        echoing.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + echoing.getAddress().getPort() + "/mcp");
            ChildMessage error = call(upstreamFor(url, "echo"), "{}").terminal();

            assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
            assertThat(error.message())
                    .contains("refused initialize with HTTP 401")
                    .contains("bad token [redacted]")
                    .doesNotContain("s3cret");
        } finally {
            echoing.stop(0);
        }
    }

    @Test
    void anUpstreamThatDiesMidCallFailsTheRunClearly() throws Exception {
        try (CountingUpstreamProcess doomed = CountingUpstreamProcess.start()) {
            ChildMessage error = call(upstreamFor(doomed.url(), "crash"), "{}").terminal();

            assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
            assertThat(error.message()).contains("upstream 'counting' tool 'crash'");
            assertThat(error.message()).containsAnyOf("connection dropped", "ended its answer");
            await().atMost(Duration.ofSeconds(10)).until(() -> !doomed.isAlive());
        }
    }

    @Test
    void theCallGoesToTheAddressTheWorkerCheckedWithTheUrlsOwnHost() throws Exception {
        // a name the system resolver never answers (RFC 6761): only the checked address can be reached
        String authority = "pinned-upstream.invalid:" + proxy.url().getPort();
        URI url = URI.create("http://" + authority + proxy.url().getRawPath());

        ChildMessage result = call(upstreamFor(url, "echo").put("address", "127.0.0.1"), "{\"text\":\"pinned\"}")
                .terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(proxy.exchanges())
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.header("Host")).contains(authority));
    }

    @Test
    void anInvalidUpstreamIsAMalformedRun() throws Exception {
        ChildMessage error = call(upstreamFor(proxy.url(), "echo").put("url", "ftp://127.0.0.1/mcp"), "{}")
                .terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.MALFORMED_MESSAGE);
        assertThat(error.message()).contains("http or https");
        assertThat(Optional.ofNullable(error.message())).get().asString().doesNotContain("s3cret");
    }
}
