package dev.taskgate.worker.child.upstream;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * MCP's stdio transport (2025-11-25, "Transports"): the upstream is a process ({@link StdioProcess}) that an earlier
 * run of this child left idle, or one started for this run at the first message; one JSON-RPC message per line each
 * way. There is no session id: the process is the session. {@link #terminate()} stops it; {@link #detach} hands it
 * over to be kept instead. Every request's answer comes out of the same output, in which a late answer to an
 * abandoned request is skipped by its id.
 */
final class McpStdioTransport implements McpTransport {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final UpstreamTarget target;
    private final BlockingQueue<StreamItem> output;
    private StdioProcess process;
    private boolean sentBeyondInitialize;

    McpStdioTransport(UpstreamTarget target) {
        this.target = target;
        this.output = new LinkedBlockingQueue<>();
    }

    /** Over a process an earlier run initialized and left idle. */
    McpStdioTransport(UpstreamTarget target, UpstreamSessions.IdleProcess kept) {
        this.target = target;
        this.output = kept.output();
        this.process = kept.process();
    }

    /**
     * Hands the process over to be kept for a later run, if there is one and it is alive; {@link #terminate()} does
     * nothing afterwards.
     */
    synchronized Optional<UpstreamSessions.IdleProcess> detach(String version, long nextId) {
        if (process == null || !process.isAlive()) {
            return Optional.empty();
        }
        UpstreamSessions.IdleProcess kept = new UpstreamSessions.IdleProcess(process, output, version, nextId);
        process = null;
        return Optional.of(kept);
    }

    @Override
    public Incoming send(ObjectNode request, String method, Deadline deadline, boolean stoppable) {
        write(request, method);
        return new Incoming() {
            @Override
            public StreamItem poll(Duration timeout) throws InterruptedException {
                return output.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
            }

            @Override
            public UpstreamException ended(StreamItem ending, String what) {
                // the output has ended for good: later requests of this run see the same end
                output.add(ending);
                String why = ending instanceof StreamItem.Failed failed
                        ? "reading the upstream process's output failed before it answered " + what + " ("
                                + failed.cause().getMessage() + ")"
                        : "the upstream ended its output before answering " + what + ": " + process.exitStatus();
                return new UpstreamException(target.redact(target.describe() + ": " + why), 0, !delivered());
            }

            @Override
            public void close() {
                // the output belongs to the process, not to one request
            }
        };
    }

    @Override
    public void post(ObjectNode message, String what, Deadline deadline) {
        write(message, what);
    }

    private synchronized void write(ObjectNode message, String what) {
        if (process == null) {
            process = StdioProcess.start(target, output);
        }
        if (!what.equals("initialize") && !what.equals("notifications/initialized")) {
            sentBeyondInitialize = true;
        }
        byte[] line;
        try {
            line = MAPPER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree serialises", e);
        }
        process.send(line, what, !delivered());
    }

    /**
     * Whether anything but the handshake was written: until then the upstream cannot have acted on the call, so a
     * process that fails is unavailable (counted by the circuit breaker) rather than failed.
     */
    private synchronized boolean delivered() {
        return sentBeyondInitialize;
    }

    @Override
    public Optional<String> sessionId() {
        return Optional.empty();
    }

    @Override
    public void adopt(String sessionId, String version) {
        // no session ids over stdio: a saved one is never handed to this transport
    }

    @Override
    public void negotiated(String version) {
        // stdio carries no protocol header
    }

    @Override
    public void reset() {
        // the process is the session; it is not restarted within a run
    }

    @Override
    public synchronized void terminate() {
        if (process != null) {
            process.stop();
        }
    }
}
