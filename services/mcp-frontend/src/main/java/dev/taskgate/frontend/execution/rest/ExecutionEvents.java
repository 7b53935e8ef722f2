package dev.taskgate.frontend.execution.rest;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.UUID;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.frontend.web.ClientDeparture;
import dev.taskgate.problem.ProblemResponses;

/**
 * {@code GET …/tool-executions/{id}/events}: the execution as server-sent events, fed by the progress and lifecycle
 * records this instance already reads for MCP ({@link ExecutionSignals}). A {@code status} event with the
 * representation of {@code GET /{id}} first, then {@code progress} events as the worker reports, and a
 * {@code status} event whenever job-control commits a change that a client sees (status, input requests, a
 * cancellation asked for); the stream ends after the terminal {@code status} event. Lifecycle records are hints:
 * every keep-alive also re-reads the execution, so a lost record delays a {@code status} event but never loses it.
 * Bounded by {@link FrontendConfig.Events}: one place per open stream on this instance (beyond: 503 with
 * Retry-After), keep-alive comments, and an open time after which the server ends the stream.
 */
@Singleton
class ExecutionEvents {
    static final String MEDIA_TYPE = "text/event-stream";

    private static final Logger LOG = Logger.getLogger(ExecutionEvents.class);
    private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);

    private final ExecutionSignals signals;
    private final ExecutionQueries queries;
    private final ExecutionEventStreams streams;
    private final FrontendConfig.Events limits;
    private final long pollIntervalMs;
    private final long retryAfterSeconds;

    ExecutionEvents(
            ExecutionSignals signals, ExecutionQueries queries, ExecutionEventStreams streams, FrontendConfig config) {
        this.signals = signals;
        this.queries = queries;
        this.streams = streams;
        this.limits = config.events();
        this.pollIntervalMs = config.pollInterval().toMillis();
        this.retryAfterSeconds = Problems.retryAfterSeconds(limits.keepAlive());
    }

    /**
     * Opens the stream of {@code executionId} (named {@code handle} by the caller, who owns it), or throws the
     * problem: 404 like {@code GET /{id}}, 503 with Retry-After when every place here is taken.
     */
    Response open(AuthenticatedCaller caller, String handle, UUID executionId, HttpServerResponse connection) {
        ExecutionEventStreams.Place place = streams.take()
                .orElseThrow(() -> Problems.unavailable(
                        "Too many open event streams on this server; retry later or poll GET /{id}.",
                        retryAfterSeconds));
        // watching before the first read: a change committed in between is seen, never lost
        ExecutionWatch watch = signals.watch(executionId);
        ExecutionSnapshot first;
        try {
            first = queries.snapshot(executionId, caller.caller());
        } catch (RuntimeException e) {
            watch.close();
            place.close();
            throw e;
        }
        // a client that leaves before the body is written frees its place here; once it is written, the loop
        // notices (ClientDeparture)
        connection.closeHandler(v -> {
            watch.callerGone();
            watch.close(); // the body may never be written: nothing else would close it
            place.close();
        });
        StreamingOutput body =
                out -> serve(new Stream(caller, handle, executionId, watch, place, connection), first, out);
        return Response.ok(body, MEDIA_TYPE)
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")
                .build();
    }

    private record Stream(
            AuthenticatedCaller caller,
            String handle,
            UUID executionId,
            ExecutionWatch watch,
            ExecutionEventStreams.Place place,
            HttpServerResponse connection) {}

    private void serve(Stream stream, ExecutionSnapshot first, OutputStream out) {
        ExecutionWatch watch = stream.watch();
        try {
            ExecutionRepresentation sent = representation(stream, first);
            event(out, "status", sent);
            if (first.status().isTerminal()) {
                return;
            }
            long keepAlive = limits.keepAlive().toNanos();
            long endAt = System.nanoTime() + limits.maxOpen().toNanos();
            long lastSent = System.nanoTime();
            while (true) {
                if (stream.connection().closed()) {
                    return; // writes to a closed connection do not always fail
                }
                long now = System.nanoTime();
                if (now - endAt >= 0) {
                    return; // bounded worker-thread use: the client opens a new stream
                }
                long wakeAt = ClientDeparture.wakeAt(Math.min(lastSent + keepAlive, endAt), now);
                ExecutionSignal signal = watch.poll(wakeAt - now);
                if (signal == null) {
                    if (System.nanoTime() - (lastSent + keepAlive) >= 0) {
                        out.write(KEEP_ALIVE);
                        out.flush();
                        lastSent = System.nanoTime();
                        sent = reread(stream, sent, out); // a lifecycle record may have been lost
                    }
                } else {
                    switch (signal.kind()) {
                        case PROGRESS:
                            event(out, "progress", ProgressEventRepresentation.of(signal.progress()));
                            lastSent = System.nanoTime();
                            break;
                        case CHANGED:
                            sent = reread(stream, sent, out);
                            lastSent = System.nanoTime();
                            break;
                        case CALLER_GONE:
                            return;
                        case LOG:
                            break; // log messages are an MCP feature
                    }
                }
                if (isTerminal(sent)) {
                    return;
                }
            }
        } catch (IOException e) {
            LOG.debugf("event stream closed by the client execution=%s", stream.executionId());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // the execution could not be read (job-control unreachable, purged): the client falls back to GET /{id}
            LOG.debugf("event stream ended execution=%s reason=%s", stream.executionId(), e.getMessage());
        } finally {
            watch.close();
            stream.place().close();
        }
    }

    // Reads the execution and sends it when a client sees a difference; what was sent last.
    private ExecutionRepresentation reread(Stream stream, ExecutionRepresentation sent, OutputStream out)
            throws IOException {
        ExecutionRepresentation now = representation(
                stream, queries.snapshot(stream.executionId(), stream.caller().caller()));
        if (Objects.equals(now.status(), sent.status())
                && Objects.equals(now.inputRequests(), sent.inputRequests())
                && Objects.equals(now.cancelRequested(), sent.cancelRequested())) {
            return sent;
        }
        event(out, "status", now);
        return now;
    }

    private ExecutionRepresentation representation(Stream stream, ExecutionSnapshot snapshot) {
        return ExecutionRepresentation.of(stream.handle(), snapshot, pollIntervalMs);
    }

    private static boolean isTerminal(ExecutionRepresentation execution) {
        return ExecutionStatus.fromWire(execution.status()).isTerminal();
    }

    // One event on one data line: the representations are rendered on one line.
    private static void event(OutputStream out, String name, Object data) throws IOException {
        out.write(("event: " + name + "\ndata: ").getBytes(StandardCharsets.US_ASCII));
        out.write(ProblemResponses.bytes(data));
        out.write("\n\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }
}
