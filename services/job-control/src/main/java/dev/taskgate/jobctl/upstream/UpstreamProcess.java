package dev.taskgate.jobctl.upstream;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.upstream.UpstreamCommand;
import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * The process of a stdio upstream (MCP 2025-11-25 "Transports", stdio): started from the operator's argv without a
 * shell, in its working directory, with {@code PATH} and the command's own environment only (the service's variables
 * hold its keys); newline-delimited JSON-RPC on standard input and output, read by a thread of its own; standard error
 * drained to the log, at most {@value #MAX_LOGGED_LINES} lines. Stopped by closing its input, then, after a grace,
 * by destroying it and its descendants through its own handle.
 */
final class UpstreamProcess {
    private static final Logger LOG = Logger.getLogger(UpstreamProcess.class);

    static final int MAX_LOGGED_LINES = 50;
    private static final int MAX_LOGGED_CHARACTERS = 300;
    private static final Duration GRACE = Duration.ofSeconds(2);

    /** One line of the process's output, or its end. */
    record Output(String line, IOException failure) {
        boolean ended() {
            return line == null;
        }
    }

    private final UpstreamDefinition upstream;
    private final Process process;
    private final OutputStream input;
    private final BlockingQueue<Output> output = new LinkedBlockingQueue<>();
    private final Thread errorDrain;
    private volatile String lastError;

    private UpstreamProcess(UpstreamDefinition upstream, Process process) {
        this.upstream = upstream;
        this.process = process;
        this.input = process.getOutputStream();
        Thread reader = new Thread(() -> readOutput(process.getInputStream()), "upstream-stdout-" + upstream.id());
        reader.setDaemon(true);
        reader.start();
        this.errorDrain = new Thread(() -> drainErrors(process.getErrorStream()), "upstream-stderr-" + upstream.id());
        errorDrain.setDaemon(true);
        errorDrain.start();
    }

    /** Starts the command of {@code upstream}; a program that cannot be started is an exception saying why. */
    static UpstreamProcess start(UpstreamDefinition upstream) throws UpstreamException {
        UpstreamCommand command = upstream.command().orElseThrow();
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
            return new UpstreamProcess(upstream, builder.start());
        } catch (IOException e) {
            throw new UpstreamException(
                    "upstream " + upstream.id() + ": its command could not be started (" + e.getMessage() + ")");
        }
    }

    /** Writes one message, a line of JSON; one writer at a time, so that lines never interleave. */
    synchronized void send(byte[] message, String what) throws UpstreamException {
        try {
            input.write(message);
            input.write('\n');
            input.flush();
        } catch (IOException e) {
            throw new UpstreamException("upstream " + upstream.id() + ": could not send " + what + " to its process ("
                    + exitStatus() + ")");
        }
    }

    /** The next line of output, waiting at most {@code timeout}; {@code null} when none came in time. */
    Output next(Duration timeout) throws InterruptedException {
        return output.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The next line of output, or its end, waiting as long as it takes. */
    Output take() throws InterruptedException {
        return output.take();
    }

    /** Whether the process is still running. */
    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Why the output ended: the exit status if the process exits within a grace, and the last line it wrote to
     * standard error.
     */
    String exitStatus() {
        try {
            if (process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                errorDrain.join(GRACE.toMillis());
                String last = lastError;
                return "its process exited with status " + process.exitValue()
                        + (last == null ? "" : "; its last error output: " + last);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "its process closed its output and is still running";
    }

    /** Closes the process's input, then destroys it and its descendants if it has not ended after a grace. */
    void stop() {
        try {
            input.close();
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

    private void readOutput(InputStream stdout) {
        try (stdout) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = stdout.read()) >= 0) {
                if (b == '\n') {
                    output.add(new Output(line.toString(StandardCharsets.UTF_8), null));
                    line.reset();
                } else if (line.size() < DiscoverySession.MAX_MESSAGE_BYTES) {
                    line.write(b);
                } else {
                    output.add(new Output(
                            null,
                            new IOException("a line longer than " + DiscoverySession.MAX_MESSAGE_BYTES + " bytes")));
                    return;
                }
            }
            output.add(new Output(null, null));
        } catch (IOException e) {
            output.add(new Output(null, e));
        }
    }

    private void drainErrors(InputStream stderr) {
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
                String text = line.toString(StandardCharsets.UTF_8).replaceAll("\\p{Cntrl}", " ");
                line.reset();
                lastError = text;
                if (logged < MAX_LOGGED_LINES) {
                    logged++;
                    LOG.infof("Upstream stderr [upstream=%s] %s", upstream.id(), text);
                } else if (logged == MAX_LOGGED_LINES) {
                    logged++;
                    LOG.infof("Upstream stderr [upstream=%s] (more lines not logged)", upstream.id());
                }
            }
        } catch (IOException e) {
            // the process ended; what it wrote last is in lastError
        }
    }
}
