package dev.taskgate.worker.pool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.ChildServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real child JVMs calling a stdio upstream: tools/upstream-fixtures' StdioCountingUpstream (the official SDK's stdio
 * server transport), which the child starts for the run and stops after it. The upstream appends each call, session
 * and cancellation to a counts file of the test's, since the test does not start it.
 */
class UpstreamStdioChildTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    static Path workRoot;

    private static ChildProcess child;

    @TempDir
    Path scratch;

    private Path counts;
    private RunRecorder lastRun;

    @BeforeEach
    void startChild() throws Exception {
        counts = scratch.resolve("counts.txt");
        lastRun = null;
        if (child == null || !child.isAlive()) {
            child = ChildProcess.start(TestSandboxes.plain(workRoot), ChildCommand.build("64m"), (c, code) -> {});
            assertThat(child.awaitReady(READY)).as("ready line").isTrue();
        }
    }

    @AfterEach
    void replaceABusyChild() {
        if (lastRun != null && !lastRun.ended()) {
            child.kill();
            child = null;
        }
    }

    @AfterAll
    static void stopChild() {
        if (child != null) {
            child.kill();
        }
    }

    private ObjectNode stdioTarget(String tool, String... argv) {
        ObjectNode upstream = MAPPER.createObjectNode()
                .put("id", "counting-stdio")
                .put("protocol", "2025-11-25")
                .put("tool", tool)
                .put("connectTimeoutMs", 5000)
                .put("callTimeoutMs", 60000);
        ObjectNode command = upstream.putObject("command");
        ArrayNode args = command.putArray("argv");
        List.of(argv).forEach(args::add);
        command.put("workingDirectory", scratch.toString());
        command.putObject("environment").put("COUNTING_SECRET", "s3cret-env-value-91ad");
        return upstream;
    }

    private ObjectNode counting(String tool) throws IOException {
        return stdioTarget(
                tool,
                CountingUpstreamProcess.java(),
                "-Xmx64m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-XX:ReservedCodeCacheSize=32m",
                "-XX:CompressedClassSpaceSize=64m",
                "-cp",
                CountingUpstreamProcess.classpath(),
                "dev.taskgate.upstream.fixtures.StdioCountingUpstream",
                counts.toString());
    }

    private RunRecorder call(ObjectNode target, String input) throws Exception {
        RunRecorder run = new RunRecorder();
        lastRun = run;
        child.run("counting." + target.get("tool").asText(), MAPPER.readTree(input), null, 0, null, null, target, run);
        return run;
    }

    /** How often the upstream's counts file names {@code event} (a tool, {@code initialize} or {@code cancelled}). */
    private long count(String event) throws IOException {
        if (!Files.exists(counts)) {
            return 0;
        }
        return Files.readAllLines(counts).stream().filter(event::equals).count();
    }

    /** Whether a process started for this test's counts file is still running. */
    private boolean upstreamRunning() {
        String marker = counts.toString();
        return ProcessHandle.allProcesses()
                .anyMatch(
                        p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false));
    }

    @Test
    void aCallReturnsTheUpstreamsResultExactlyCallsOnceAndKeepsTheProcessForTheNextCall() throws Exception {
        ChildMessage result =
                call(counting("echo"), "{\"text\":\"héllo\",\"n\":[1,true]}").terminal();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        // the bytes the SDK wrote, not a re-serialisation: member order and "isError": false stay the upstream's
        assertThat(result.result())
                .isEqualTo(
                        "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"text\\\":\\\"héllo\\\",\\\"n\\\":[1,true]}\"}],"
                                + "\"isError\":false,\"structuredContent\":{\"text\":\"héllo\",\"n\":[1,true]}}");
        assertThat(count("echo")).isEqualTo(1);
        assertThat(count("initialize")).isEqualTo(1);
        assertThat(upstreamRunning()).as("kept idle for the next call").isTrue();
    }

    @Test
    void callsOfOneCommandShareItsProcessAndADeadOneIsReplacedWithoutCallingTwice() throws Exception {
        assertThat(call(counting("echo"), "{\"n\":1}").terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(call(counting("echo"), "{\"n\":2}").terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);

        assertThat(count("echo")).isEqualTo(2);
        assertThat(count("initialize"))
                .as("the second call used the first call's process")
                .isEqualTo(1);

        String marker = counts.toString();
        List<ProcessHandle> kept = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .toList();
        kept.forEach(ProcessHandle::destroyForcibly);
        // gone from the process table, not only dead: the child reaped it, so the child knows it is dead (a zombie
        // shows no command line, yet the child's Process still counts it as alive until its reaper has run)
        await().atMost(Duration.ofSeconds(15))
                .until(() ->
                        kept.stream().noneMatch(p -> ProcessHandle.of(p.pid()).isPresent()));

        ChildMessage third = call(counting("echo"), "{\"n\":3}").terminal();

        assertThat(third.kind()).as(String.valueOf(third.message())).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(count("echo")).as("each call reached the tool once").isEqualTo(3);
        assertThat(count("initialize")).as("a new process for the dead one").isEqualTo(2);
    }

    @Test
    void aProcessThatWasToldTheCallersRootsIsNotKeptForAnotherCall() throws Exception {
        RunRecorder run = call(counting("roots"), "{}");
        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        child.provideInput(
                input.requests().fieldNames().next(), MAPPER.readTree("{\"roots\":[{\"uri\":\"file:///private\"}]}"));
        assertThat(run.terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);
        await().atMost(Duration.ofSeconds(15)).until(() -> !upstreamRunning());

        assertThat(call(counting("echo"), "{}").terminal().kind()).isEqualTo(ChildMessage.Kind.RESULT);

        assertThat(count("initialize"))
                .as("the echo ran in a process of its own")
                .isEqualTo(2);
    }

    @Test
    void progressIsRelayedAndAnIsErrorResultCompletesTheRun() throws Exception {
        RunRecorder run = call(counting("slow"), "{\"seconds\":2}");
        ChildMessage first = run.next();
        ChildMessage second = run.next();
        ChildMessage result = run.next();
        assertThat(List.of(first.kind(), second.kind(), result.kind()))
                .containsExactly(ChildMessage.Kind.PROGRESS, ChildMessage.Kind.PROGRESS, ChildMessage.Kind.RESULT);
        assertThat(first.message()).isEqualTo("slept 1 of 2 seconds");
        assertThat(second.progress()).isEqualTo(2.0);

        ChildMessage refused = call(counting("slow"), "{\"seconds\":-1}").terminal();

        assertThat(refused.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(refused.result()).path("isError").asBoolean())
                .isTrue();
        assertThat(count("slow")).isEqualTo(2);
    }

    @Test
    void aStopSendsCancelledToTheUpstreamAndStopsItsProcess() throws Exception {
        RunRecorder run = call(counting("slow"), "{\"seconds\":600}");
        assertThat(run.next().kind()).isEqualTo(ChildMessage.Kind.PROGRESS);

        child.stop();

        ChildMessage stopped = run.terminal();
        assertThat(stopped.kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        assertThat(stopped.message()).contains("upstream was told to cancel");
        await().atMost(Duration.ofSeconds(15)).until(() -> !upstreamRunning());
        assertThat(count("cancelled")).isEqualTo(1);
        assertThat(count("slow")).isEqualTo(1);
    }

    @Test
    void anElicitationIsRelayedAndItsAnswerReturned() throws Exception {
        RunRecorder run = call(counting("ask"), "{}");

        ChildMessage input = run.nextOf(ChildMessage.Kind.INPUT);
        String key = input.requests().fieldNames().next();
        assertThat(input.requests().get(key).path("method").asText()).isEqualTo("elicitation/create");
        child.provideInput(key, MAPPER.readTree("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"));

        ChildMessage result = run.terminal();
        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(MAPPER.readTree(result.result()).at("/content/0/text").asText())
                .isEqualTo("action=ACCEPT content={name=Ada}");
        assertThat(count("ask")).isEqualTo(1);
    }

    @Test
    void anUpstreamProcessThatDiesMidCallFailsTheRunOnceWithItsExitStatus() throws Exception {
        ChildMessage error = call(counting("crash"), "{}").terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message())
                .contains("upstream 'counting-stdio' tool 'crash'")
                .contains("ended its output before answering tools/call")
                .contains("exited with status 70");
        assertThat(count("crash")).isEqualTo(1);
    }

    @Test
    void aLineThatIsNotJsonRpcFailsTheRunClearly() throws Exception {
        ChildMessage error = call(counting("malformed"), "{}").terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).isEqualTo(ChildServer.UPSTREAM_FAILED);
        assertThat(error.message()).contains("not a JSON-RPC message");
        await().atMost(Duration.ofSeconds(15)).until(() -> !upstreamRunning());
    }

    @Test
    void aCommandThatCannotBeStartedIsUnavailableWithoutItsEnvironment() throws Exception {
        ChildMessage error = call(
                        stdioTarget("echo", scratch.resolve("no-such-upstream").toString()), "{}")
                .terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code())
                .as("nothing was sent: the circuit breaker counts it")
                .isEqualTo(ChildServer.UPSTREAM_UNAVAILABLE);
        assertThat(error.message())
                .contains("upstream 'counting-stdio' tool 'echo'")
                .contains("could not be started")
                .doesNotContain("s3cret");
    }

    @Test
    void aCommandThatExitsAtOnceFailsClearly() throws Exception {
        ChildMessage error = call(stdioTarget("echo", "/bin/sh", "-c", "echo gone >&2; exit 3"), "{}")
                .terminal();

        assertThat(error.kind()).isEqualTo(ChildMessage.Kind.ERROR);
        assertThat(error.code()).as("it ended before the call was sent").isEqualTo(ChildServer.UPSTREAM_UNAVAILABLE);
        assertThat(error.message())
                .contains("upstream 'counting-stdio' tool 'echo'")
                .contains("exited with status 3")
                .contains("gone");
    }
}
