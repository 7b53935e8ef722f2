package dev.taskgate.worker.child.upstream;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The process of a stdio upstream (MCP 2025-11-25 "Transports", stdio), started for a run and kept idle between runs by
 * {@link UpstreamSessions}: started from the operator's argv
 * without a shell, with {@code PATH} and the command's own environment only (the child's variables are not the
 * upstream's business); its output read line by line into the run's queue; its standard error drained into the
 * child's, which the worker logs, at most {@value #MAX_LOGGED_LINES} lines. Stopped by closing its input, then, after a
 * grace, by destroying it and its descendants through its own handle. A child that exits takes its upstream processes
 * with it: a stdio upstream never outlives the child that started it.
 */
final class StdioProcess {

    static final int MAX_LOGGED_LINES = 50;
    private static final int MAX_LINE_BYTES = 8 * 1024 * 1024;
    private static final int MAX_LOGGED_CHARACTERS = 300;
    private static final Duration GRACE = Duration.ofSeconds(2);

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> RUNNING.forEach(p -> {
                            p.descendants().forEach(ProcessHandle::destroyForcibly);
                            p.destroyForcibly();
                        }),
                        "stdio-upstreams-stop"));
    }

    private final UpstreamTarget target;
    private final Process process;
    private final OutputStream input;
    private final Thread errorDrain;
    private volatile String lastError;

    private StdioProcess(UpstreamTarget target, Process process, BlockingQueue<StreamItem> output, PrintStream log) {
        this.target = target;
        this.process = process;
        this.input = process.getOutputStream();
        Thread reader = new Thread(() -> readOutput(process.getInputStream(), output), "upstream-stdout");
        reader.setDaemon(true);
        reader.start();
        this.errorDrain = new Thread(() -> drainErrors(process.getErrorStream(), log), "upstream-stderr");
        errorDrain.setDaemon(true);
        errorDrain.start();
    }

    /**
     * Starts {@code target}'s command; its messages (and then its end) go to {@code output}.
     *
     * @throws UpstreamException (unreachable: nothing was sent) when the program cannot be started
     */
    static StdioProcess start(UpstreamTarget target, BlockingQueue<StreamItem> output) {
        StdioCommand command = target.command().orElseThrow();
        ProcessBuilder builder = new ProcessBuilder(command.argv());
        command.workingDirectory().map(File::new).ifPresent(builder::directory);
        Map<String, String> environment = builder.environment();
        String path = environment.get("PATH");
        environment.clear();
        if (path != null) {
            environment.put("PATH", path);
        }
        environment.putAll(command.environment());
        try {
            Process process = builder.start();
            RUNNING.add(process);
            process.onExit().thenRun(() -> RUNNING.remove(process));
            return new StdioProcess(target, process, output, System.err);
        } catch (IOException e) {
            throw new UpstreamException(
                    target.redact(target.describe() + ": its command could not be started (" + e.getMessage() + ")"),
                    0,
                    true);
        }
    }

    /** Writes one message, a line of JSON; {@code unreachable} classifies a failure to write it. */
    void send(byte[] message, String what, boolean unreachable) {
        try {
            synchronized (input) {
                input.write(message);
                input.write('\n');
                input.flush();
            }
        } catch (IOException e) {
            throw new UpstreamException(
                    target.redact(target.describe() + ": could not send " + what + " to the upstream process ("
                            + exitStatus() + ")"),
                    0,
                    unreachable);
        }
    }

    /**
     * How the process ended: its exit status if it exits within a grace, and the last line it wrote to standard error.
     */
    String exitStatus() {
        try {
            if (process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                errorDrain.join(GRACE.toMillis());
                String last = lastError;
                return "the upstream process exited with status " + process.exitValue()
                        + (last == null ? "" : "; its last error output: " + last);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "the upstream process closed its output and is still running";
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** {@link #stop()} on a thread of its own, for a process no run is waiting on. */
    void stopInBackground() {
        Thread stopper = new Thread(this::stop, "stdio-upstream-stop");
        stopper.setDaemon(true);
        stopper.start();
    }

    /** Closes the process's input, then destroys it and its descendants if it has not ended after a grace. */
    void stop() {
        try {
            synchronized (input) {
                input.close();
            }
        } catch (IOException e) {
            // it may have gone already; destroyed below if not
        }
        try {
            if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
                if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static void readOutput(InputStream stdout, BlockingQueue<StreamItem> output) {
        try (stdout) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = stdout.read()) >= 0) {
                if (b != '\n') {
                    if (line.size() >= MAX_LINE_BYTES) {
                        output.add(new StreamItem.NotJsonRpc("a line longer than " + MAX_LINE_BYTES + " bytes"));
                        return;
                    }
                    line.write(b);
                    continue;
                }
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                if (text.isBlank()) {
                    continue;
                }
                java.util.Optional<RpcMessage> message = RpcMessage.parse(text);
                if (message.isEmpty()) {
                    output.add(new StreamItem.NotJsonRpc(McpSession.sample(text)));
                    return;
                }
                output.add(new StreamItem.Message(message.get()));
            }
            output.add(new StreamItem.End());
        } catch (IOException e) {
            output.add(new StreamItem.Failed(e));
        }
    }

    private void drainErrors(InputStream stderr, PrintStream log) {
        try (stderr) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int logged = 0;
            int b;
            while ((b = stderr.read()) >= 0) {
                if (b != '\n') {
                    if (line.size() < MAX_LOGGED_CHARACTERS) {
                        line.write(b);
                    }
                    continue;
                }
                String text =
                        target.redact(line.toString(StandardCharsets.UTF_8).replaceAll("\\p{Cntrl}", " "));
                line.reset();
                lastError = text;
                if (logged < MAX_LOGGED_LINES) {
                    logged++;
                    log.println("upstream " + target.id() + " stderr: " + text);
                } else if (logged == MAX_LOGGED_LINES) {
                    logged++;
                    log.println("upstream " + target.id() + " stderr: (more lines not logged)");
                }
            }
        } catch (IOException e) {
            // the process ended; what it wrote last is in lastError
        }
    }
}
