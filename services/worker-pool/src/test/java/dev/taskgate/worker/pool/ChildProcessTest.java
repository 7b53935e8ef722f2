package dev.taskgate.worker.pool;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Real child JVMs started the way the pool starts them. */
class ChildProcessTest {
    private static final Duration READY = Duration.ofSeconds(30);
    private final ObjectMapper mapper = new ObjectMapper();

    @TempDir
    Path workRoot;

    private final List<Process> rawProcesses = new ArrayList<>();
    private final List<ChildProcess> children = new ArrayList<>();
    private final List<Integer> exits = new CopyOnWriteArrayList<>();

    @AfterEach
    void killChildren() {
        children.forEach(ChildProcess::kill);
        rawProcesses.forEach(Process::destroyForcibly);
    }

    private ChildProcess start() throws Exception {
        ChildProcess child = ChildProcess.start(
                TestSandboxes.plain(workRoot), ChildCommand.build("64m"), (c, code) -> exits.add(code));
        children.add(child);
        assertThat(child.awaitReady(READY)).as("ready line").isTrue();
        return child;
    }

    /** Collects the lines of one run. */
    private static final class Recorder implements RunObserver {
        final BlockingQueue<ChildMessage> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<Integer> exitCodes = new LinkedBlockingQueue<>();

        @Override
        public void onMessage(ChildProcess child, ChildMessage message) {
            messages.add(message);
        }

        @Override
        public void onExit(ChildProcess child, int exitCode) {
            exitCodes.add(exitCode);
        }

        ChildMessage next() throws InterruptedException {
            ChildMessage m = messages.poll(20, TimeUnit.SECONDS);
            assertThat(m).as("a line from the child").isNotNull();
            return m;
        }
    }

    @Test
    void echoRoundTripReturnsTheExactResultAndTheChildIsReused() throws Exception {
        ChildProcess child = start();
        JsonNode input = mapper.readTree("{\"greeting\":\"hé\\n\",\"n\":[1,2]}");

        Recorder first = new Recorder();
        child.run("demo.echo", input, first);
        ChildMessage result = first.next();

        assertThat(result.kind()).isEqualTo(ChildMessage.Kind.RESULT);
        assertThat(result.result())
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":"
                        + "\"{\\\"greeting\\\":\\\"hé\\\\n\\\",\\\"n\\\":[1,2]}\"}],"
                        + "\"structuredContent\":{\"greeting\":\"hé\\n\",\"n\":[1,2]},\"isError\":false}");

        Recorder second = new Recorder();
        child.run("demo.fail", mapper.readTree("{\"message\":\"nope\"}"), second);
        assertThat(second.next().result())
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"nope\"}],\"isError\":true}");
        assertThat(child.isAlive()).isTrue();
    }

    @Test
    void sleepStopsCooperativelyWhenAsked() throws Exception {
        ChildProcess child = start();
        Recorder run = new Recorder();
        child.run("demo.sleep", mapper.readTree("{\"seconds\":30}"), run);
        ChildMessage progress = run.next();
        assertThat(progress.kind()).isEqualTo(ChildMessage.Kind.PROGRESS);
        assertThat(progress.progress()).isEqualTo(1.0);
        assertThat(progress.total()).isEqualTo(30.0);

        child.stop();
        ChildMessage stopped = run.next();

        // the message proves the stop came at the next safe point, not after the 30 s
        assertThat(stopped.kind()).isEqualTo(ChildMessage.Kind.STOPPED);
        assertThat(stopped.message()).matches("stopped after [12] of 30 seconds");
        assertThat(child.isAlive()).isTrue();
    }

    @Test
    void crashIsSeenAsAnExitWithItsCode() throws Exception {
        ChildProcess child = start();
        Recorder run = new Recorder();

        child.run("demo.crash", mapper.readTree("{\"exit_code\":42}"), run);

        assertThat(run.exitCodes.poll(20, TimeUnit.SECONDS)).isEqualTo(42);
        assertThat(run.messages).isEmpty();
        await().atMost(Duration.ofSeconds(5)).until(() -> exits.contains(42));
        assertThat(child.isAlive()).isFalse();
    }

    @Test
    void aRunOnAChildThatAlreadyExitedIsReportedAsAnExit() throws Exception {
        ChildProcess child = start();
        child.kill();
        await().atMost(Duration.ofSeconds(10)).until(() -> child.exit().isDone());
        Recorder run = new Recorder();

        child.run("demo.echo", mapper.createObjectNode(), run);

        assertThat(run.exitCodes.poll(5, TimeUnit.SECONDS)).isEqualTo(137);
    }

    @Test
    void shutdownEndsAnIdleChild() throws Exception {
        ChildProcess child = start();

        child.shutdown(Duration.ofSeconds(2));

        await().atMost(Duration.ofSeconds(5)).until(() -> child.exit().isDone());
        assertThat(child.exit().join()).isZero();
    }

    @Test
    void stdoutCarriesOnlyProtocolLines() throws Exception {
        Process process = new ProcessBuilder(ChildCommand.build("64m"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        rawProcesses.add(process);
        OutputStream stdin = process.getOutputStream();
        for (String line : List.of(
                "{\"type\":\"run\",\"operation\":\"demo.echo\",\"input\":{\"a\":1}}",
                "this is not json",
                "{\"type\":\"run\",\"operation\":\"no.such.op\",\"input\":{}}",
                "{\"type\":\"run\",\"operation\":\"demo.sleep\",\"input\":{\"seconds\":0}}",
                "{\"type\":\"run\",\"operation\":\"demo.fail\",\"input\":{}}",
                "{\"type\":\"run\",\"operation\":\"demo.sleep\",\"input\":{\"seconds\":\"x\"}}")) {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            Thread.onSpinWait();
        }
        stdin.close();

        List<String> lines = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            out.lines().forEach(lines::add);
        }
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();

        assertThat(lines).isNotEmpty();
        Set<String> protocolTypes = Set.of("ready", "progress", "result", "error", "stopped");
        for (String line : lines) {
            JsonNode node = mapper.readTree(line);
            assertThat(node.isObject()).as(line).isTrue();
            assertThat(protocolTypes).as(line).contains(node.path("type").asText());
        }
        assertThat(mapper.readTree(lines.get(0)).path("type").asText()).isEqualTo("ready");
        assertThat(mapper.readTree(lines.get(0)).path("operations")).isNotEmpty();
        assertThat(mapper.readTree(lines.get(0)).path("problems")).isEmpty();
        assertThat(lines).anyMatch(l -> l.contains("\"unknown_operation\""));
        assertThat(lines).anyMatch(l -> l.contains("\"malformed_message\""));
    }
}
