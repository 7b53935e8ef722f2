package dev.taskgate.worker.pool;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ObjIntConsumer;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.pool.sandbox.ChildSandbox;
import dev.taskgate.worker.pool.sandbox.WorkDirectories;

/**
 * One child JVM seen from the parent: writes {@code run}/{@code stop}/{@code input-response} lines to its stdin, reads protocol lines
 * from its stdout on a dedicated thread and hands them to the observer of the current run, and drains its
 * stderr into the worker log (a full stderr pipe would block the child). The child lives in its own directory,
 * removed once the process has ended and before {@link #exit()} completes.
 */
public final class ChildProcess {
    private static final Logger LOG = Logger.getLogger(ChildProcess.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Process process;
    private final Path workDirectory;
    private final OutputStream stdin;
    private final ObjIntConsumer<ChildProcess> exitListener;
    private final CompletableFuture<ChildReadiness> ready = new CompletableFuture<>();
    private final CompletableFuture<Integer> exited = new CompletableFuture<>();
    private final AtomicReference<RunObserver> observer = new AtomicReference<>();
    private final AtomicInteger completedRuns = new AtomicInteger();
    private volatile boolean retired;

    private ChildProcess(Process process, Path workDirectory, ObjIntConsumer<ChildProcess> exitListener) {
        this.process = process;
        this.workDirectory = workDirectory;
        this.stdin = process.getOutputStream();
        this.exitListener = exitListener;
    }

    /**
     * Starts a child in {@code sandbox}; it is usable once {@link #awaitReady(Duration)} returns {@code true}.
     *
     * @param sandbox      how the child is confined (directory, environment, limits, user)
     * @param command      the {@code java} command line, see {@link ChildCommand}
     * @param exitListener told (after the run observer, if any) when the process has exited, with its status
     */
    public static ChildProcess start(
            ChildSandbox sandbox, List<String> command, ObjIntConsumer<ChildProcess> exitListener) throws IOException {
        ChildSandbox.Launch launch = sandbox.prepare(command);
        Process process;
        try {
            process = launch.builder().start();
        } catch (IOException | RuntimeException e) {
            WorkDirectories.delete(launch.workDirectory());
            throw e;
        }
        ChildProcess child = new ChildProcess(process, launch.workDirectory(), exitListener);
        String name = "child-" + process.pid();
        Thread out = new Thread(child::readStdout, name + "-out");
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(child::drainStderr, name + "-err");
        err.setDaemon(true);
        err.start();
        return child;
    }

    /** The child's own directory: its working directory, {@code HOME} and temporary directory. */
    public Path workDirectory() {
        return workDirectory;
    }

    /**
     * Empties the child's directory between two runs, so that nothing one operation leaves there is seen by the
     * next. Call it only while the child runs nothing.
     */
    void clearWorkDirectory() {
        try {
            WorkDirectories.clear(workDirectory);
        } catch (IOException e) {
            LOG.warnf(e, "Could not empty the child's directory; retiring the child [pid=%d]", pid());
            throw new UncheckedIOException(e);
        }
    }

    /** The operating-system process id. */
    public long pid() {
        return process.pid();
    }

    /** Waits for the child's {@code ready} line; {@code false} if it did not come in time or the child exited. */
    public boolean awaitReady(Duration timeout) throws InterruptedException {
        try {
            ready.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /** What the child said when it became ready; call it only after {@link #awaitReady} returned {@code true}. */
    public ChildReadiness readiness() {
        return ready.getNow(null);
    }

    /** Whether the child said it is ready and is still running. */
    public boolean isReady() {
        return ready.isDone() && !ready.isCompletedExceptionally() && isAlive();
    }

    /** Whether the process is still running. */
    public boolean isAlive() {
        return !exited.isDone() && process.isAlive();
    }

    /** Completes with the exit status once the process has exited and its stdout has been read to the end. */
    public CompletableFuture<Integer> exit() {
        return exited;
    }

    /**
     * Sends {@code run}. Every later line up to the terminal one goes to {@code runObserver}; if the child is
     * already gone, the observer hears {@link RunObserver#onExit} instead.
     */
    public void run(String operation, JsonNode input, RunObserver runObserver) {
        run(operation, input, null, runObserver);
    }

    /**
     * Like {@link #run(String, JsonNode, RunObserver)}; with a {@code journal}, a reconciliation run: the child
     * reconstructs the journaled rewrite's outcome instead of running the operation.
     */
    public void run(String operation, JsonNode input, JsonNode journal, RunObserver runObserver) {
        run(operation, input, journal, 0, null, runObserver);
    }

    /**
     * Like {@link #run(String, JsonNode, JsonNode, RunObserver)}, numbering checkpoints on from {@code sequenceBase}
     * and offering the operation {@code resume} ({@code {sequence, revision, frontier}}, already verified), if any.
     */
    public void run(
            String operation,
            JsonNode input,
            JsonNode journal,
            long sequenceBase,
            JsonNode resume,
            RunObserver runObserver) {
        run(operation, input, journal, sequenceBase, resume, null, runObserver);
    }

    /**
     * Like {@link #run(String, JsonNode, JsonNode, long, JsonNode, RunObserver)}, handing the operation the
     * {@code workspace} it works over ({@code Workspace.toJson()}), if any.
     */
    public void run(
            String operation,
            JsonNode input,
            JsonNode journal,
            long sequenceBase,
            JsonNode resume,
            JsonNode workspace,
            RunObserver runObserver) {
        run(operation, input, journal, sequenceBase, resume, workspace, null, runObserver);
    }

    /**
     * Like {@link #run(String, JsonNode, JsonNode, long, JsonNode, JsonNode, RunObserver)}; with an {@code upstream}
     * ({@code {id, url, protocol, tool, headers, connectTimeoutMs, callTimeoutMs, taskSupport}}), the child calls that
     * upstream MCP server's tool and {@code operation} is the namespaced tool name, used in messages only. The
     * upstream's headers carry credentials: this line is never logged.
     */
    public void run(
            String operation,
            JsonNode input,
            JsonNode journal,
            long sequenceBase,
            JsonNode resume,
            JsonNode workspace,
            JsonNode upstream,
            RunObserver runObserver) {
        if (!observer.compareAndSet(null, runObserver)) {
            throw new IllegalStateException("child " + pid() + " is already running an operation");
        }
        ObjectNode line = MAPPER.createObjectNode().put("type", "run").put("operation", operation);
        line.set("input", input);
        if (journal != null) {
            line.set("journal", journal);
        }
        if (sequenceBase > 0) {
            line.put("sequenceBase", sequenceBase);
        }
        if (resume != null) {
            line.set("resume", resume);
        }
        if (workspace != null) {
            line.set("workspace", workspace);
        }
        if (upstream != null) {
            line.set("upstream", upstream);
        }
        try {
            send(line);
        } catch (UncheckedIOException e) {
            LOG.debugf(e, "Could not send run to the child [pid=%d]", pid());
        }
        // The child may have exited before the observer was set; then nobody else will tell it.
        if (exited.isDone() && observer.compareAndSet(runObserver, null)) {
            runObserver.onExit(this, exited.join());
        }
    }

    /** Asks the running operation to stop at its next safe point. */
    public void stop() {
        try {
            send(MAPPER.createObjectNode().put("type", "stop"));
        } catch (UncheckedIOException e) {
            LOG.debugf(e, "Could not send stop to the child [pid=%d]", pid());
        }
    }

    /** Hands the caller's response to the input request the running operation made under {@code key}. */
    /** Hands job-control's answer to a commit request to the child. */
    public void decideCommit(String planHash, boolean granted, String reason) {
        ObjectNode line = MAPPER.createObjectNode()
                .put("type", granted ? "commit-granted" : "commit-refused")
                .put("planHash", planHash);
        if (reason != null) {
            line.put("reason", reason);
        }
        try {
            send(line);
        } catch (UncheckedIOException e) {
            LOG.debugf(e, "Could not send a commit decision to the child [pid=%d]", pid());
        }
    }

    public void provideInput(String key, JsonNode response) {
        ObjectNode line =
                MAPPER.createObjectNode().put("type", "input-response").put("key", key);
        line.set("response", response);
        try {
            send(line);
        } catch (UncheckedIOException e) {
            LOG.debugf(e, "Could not send an input response to the child [pid=%d]", pid());
        }
    }

    /** Answers an {@code artifact-save}: stored under {@code artifact} ({@code {id, name, mediaType, sha256, size, path}}). */
    public void artifactSaved(long requestId, JsonNode artifact) {
        ObjectNode line =
                MAPPER.createObjectNode().put("type", "artifact-saved").put("requestId", requestId);
        line.set("artifact", artifact);
        sendQuietly(line);
    }

    /** Answers an {@code artifact-load}: the content in base64, or {@code null} when nothing is retained under the key. */
    public void artifactLoaded(long requestId, String contentBase64) {
        ObjectNode line =
                MAPPER.createObjectNode().put("type", "artifact-loaded").put("requestId", requestId);
        if (contentBase64 != null) {
            line.put("contentBase64", contentBase64);
        }
        sendQuietly(line);
    }

    /**
     * Refuses an artifact request; the operation sees an {@code IllegalArgumentException} for code
     * {@code invalid_argument}, an {@code ArtifactException} otherwise.
     */
    public void artifactFailed(long requestId, String code, String message) {
        sendQuietly(MAPPER.createObjectNode()
                .put("type", "artifact-failed")
                .put("requestId", requestId)
                .put("code", code)
                .put("message", message));
    }

    private void sendQuietly(ObjectNode line) {
        try {
            send(line);
        } catch (UncheckedIOException e) {
            LOG.debugf(
                    e,
                    "Could not send %s to the child [pid=%d]",
                    line.path("type").asText(),
                    pid());
        }
    }

    /** Kills the process at once (SIGKILL). */
    public void kill() {
        process.destroyForcibly();
    }

    /**
     * Ends the child without reporting anything for a run it may hold: closes its stdin (it exits on end of
     * input), waits up to {@code grace}, then kills it.
     */
    public void shutdown(Duration grace) {
        observer.set(null);
        try {
            stdin.close();
        } catch (IOException e) {
            LOG.debugf(e, "Closing the child's stdin failed [pid=%d]", pid());
        }
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warnf("Child did not exit within %s; killing it [pid=%d]", grace, pid());
                process.destroyForcibly();
            }
            // the reader thread removes the child's directory before it completes exit()
            exited.get(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debugf(e, "The child's exit was not handled within %s [pid=%d]", grace, pid());
        }
    }

    /** Counts one finished run; returns the total so far. */
    int countCompletedRun() {
        return completedRuns.incrementAndGet();
    }

    void retire() {
        retired = true;
    }

    boolean isRetired() {
        return retired;
    }

    private synchronized void send(ObjectNode line) {
        try {
            stdin.write(MAPPER.writeValueAsBytes(line));
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readStdout() {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                dispatch(line);
            }
        } catch (IOException e) {
            LOG.debugf(e, "Reading the child's stdout failed [pid=%d]", pid());
        } catch (RuntimeException e) {
            LOG.errorf(e, "Handling a child's line failed; killing the child [pid=%d]", pid());
            process.destroyForcibly();
        }
        int status = awaitExit();
        removeWorkDirectory();
        ready.completeExceptionally(new IllegalStateException("child exited with " + status));
        exited.complete(status);
        RunObserver current = observer.getAndSet(null);
        if (current != null) {
            current.onExit(this, status);
        }
        exitListener.accept(this, status);
    }

    private void dispatch(String line) {
        ChildMessage message = ChildMessage.parse(line).orElse(null);
        if (message == null) {
            LOG.warnf("Ignoring a line that is not protocol JSON [pid=%d length=%d]", pid(), line.length());
            return;
        }
        if (message.kind() == ChildMessage.Kind.READY) {
            ready.complete(ChildReadiness.of(ChildMessage.tree(line)));
            return;
        }
        // A terminal line detaches the observer first, so that it can hand the child to the next run.
        RunObserver current = message.kind().isTerminal() ? observer.getAndSet(null) : observer.get();
        if (current == null) {
            LOG.warnf("Ignoring a %s line with no run in progress [pid=%d]", message.kind(), pid());
            return;
        }
        current.onMessage(this, message);
    }

    private void removeWorkDirectory() {
        try {
            WorkDirectories.delete(workDirectory);
        } catch (IOException | RuntimeException e) {
            LOG.warnf(e, "Could not remove the directory of an ended child [pid=%d dir=%s]", pid(), workDirectory);
        }
    }

    private int awaitExit() {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // This thread is the only one that reports the exit; it must not give up.
                Thread.interrupted();
            }
        }
    }

    private void drainStderr() {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                LOG.infof("[child pid=%d] %s", pid(), line);
            }
        } catch (IOException e) {
            LOG.debugf(e, "Reading the child's stderr failed [pid=%d]", pid());
        }
    }
}
