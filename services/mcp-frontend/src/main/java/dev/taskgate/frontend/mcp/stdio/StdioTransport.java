package dev.taskgate.frontend.mcp.stdio;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.McpServer;
import dev.taskgate.frontend.mcp.RequestMeta;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Server;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;

/**
 * MCP 2026-07-28 over stdio (§7), active when {@code taskgate.frontend.stdio.enabled} (the {@code stdio}
 * profile): newline-delimited JSON-RPC on standard input, one message per line on standard output, and nothing
 * else there: {@code System.out} is pointed at standard error before the first line is read, and the profile sends
 * console logging to standard error. Same checks as HTTP minus the header layer; requests are served concurrently
 * on a small pool; {@code notifications/cancelled} cancels an in-flight synchronous call (no response is sent for
 * it); end of input cancels what is in flight and exits.
 */
@Singleton
public class StdioTransport {
    private static final Logger LOG = Logger.getLogger(StdioTransport.class);
    private static final String CANCELLED = "notifications/cancelled";

    private final FrontendConfig config;
    private final McpServer server;
    private final StdioCredentials credentials;
    private final ConcurrentMap<String, SyncCall> inFlight = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Boolean> cancelled = new ConcurrentHashMap<>();
    private final Mcp2025Server mcp2025;
    // 2025-era clients (issue 4): over stdio the connection is the session, so it lives in this process only.
    private volatile Mcp2025Session mcp2025Session;
    private OutputStream out;
    private ExecutorService pool;

    StdioTransport(FrontendConfig config, McpServer server, StdioCredentials credentials, Mcp2025Server mcp2025) {
        this.config = config;
        this.server = server;
        this.credentials = credentials;
        this.mcp2025 = mcp2025;
    }

    // Late: the command-reply consumer must be positioned before the first request is read.
    void onStart(@Observes @Priority(10_000) StartupEvent event) {
        if (!config.stdio().enabled()) {
            return;
        }
        out = new FileOutputStream(FileDescriptor.out);
        System.setOut(System.err);
        int threads = config.stdio().concurrency();
        pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "mcp-stdio");
            t.setDaemon(true);
            return t;
        });
        Thread reader = new Thread(this::read, "mcp-stdio-reader");
        reader.setDaemon(true);
        reader.start();
        LOG.info("serving MCP over stdio");
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    accept(line.getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            LOG.errorf(e, "reading standard input failed; exiting");
        }
        shutDown();
    }

    // End of input: the client is gone, so are its requests (§7); their executions are cancelled.
    private void shutDown() {
        LOG.infof("standard input closed; cancelling in-flight requests count=%d and exiting", inFlight.size());
        inFlight.values().forEach(SyncCall::callerGone);
        pool.shutdown();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Quarkus.asyncExit(0);
    }

    private void accept(byte[] line) {
        JsonRpcRequest request;
        try {
            request = JsonRpcRequest.parse(line);
        } catch (McpException e) {
            write(McpResponses.error(
                    e.error().code() == McpErrors.PARSE_ERROR ? null : JsonRpcRequest.readableId(line), e.error()));
            return;
        }
        if (request.isNotification()) {
            if (CANCELLED.equals(request.method())) {
                cancel(request.params().get("requestId"));
            }
            return; // no other client notification means anything here, and notifications are never answered
        }
        pool.execute(() -> serve(request));
    }

    private void cancel(JsonNode requestId) {
        if (requestId == null || !(requestId.isTextual() || requestId.isIntegralNumber())) {
            return; // invalid cancellations are ignored (§9)
        }
        String key = requestId.toString();
        SyncCall call = inFlight.get(key);
        if (call != null) {
            cancelled.put(key, Boolean.TRUE);
            call.callerGone();
        }
    }

    private void serve(JsonRpcRequest request) {
        try {
            AuthenticatedCaller caller = credentials.authenticate();
            if (Mcp2025Server.isMcp2025Initialize(request)) {
                String version = Mcp2025Server.negotiate(request);
                mcp2025Session =
                        new Mcp2025Session(null, version, request.params().get("capabilities"));
                write(McpResponses.result(request.id(), McpResult.of(mcp2025.initializeResult(version))));
                return;
            }
            Mcp2025Session session = mcp2025Session;
            if (session != null && "logging/setLevel".equals(request.method())) {
                // the connection is the session: its level lives here (an invalid one is -32602 before it is kept)
                session = session.withLogLevel(Mcp2025Server.requestedLogLevel(request));
                mcp2025Session = session;
            }
            if (session != null) {
                Served served = mcp2025.serve(request, session, caller);
                if (served.result() != null) {
                    write(McpResponses.result(request.id(), served.result()));
                } else {
                    drive(request.id(), served.pending());
                }
                return;
            }
            if (McpServer.isMcp2025Handshake(request.method())) {
                throw McpErrors.methodNotFound(request.method());
            }
            RequestMeta meta = RequestMeta.of(request);
            meta.requireSupportedVersion();
            Served served = server.serve(request, meta, caller);
            if (served.result() != null) {
                write(McpResponses.result(request.id(), served.result()));
            } else {
                drive(request.id(), served.pending());
            }
        } catch (McpException e) {
            if (cancelled.remove(request.id().toString()) == null) {
                write(McpResponses.error(request.id(), e.error()));
            }
        } catch (RuntimeException e) {
            String correlationId = UUID.randomUUID().toString();
            LOG.errorf(e, "MCP stdio request failed correlationId=%s method=%s", correlationId, request.method());
            write(McpResponses.error(
                    request.id(), McpErrors.unexpected(correlationId).error()));
        }
    }

    private void drive(JsonNode id, SyncCall call) {
        String key = id.toString();
        inFlight.put(key, call);
        try {
            while (true) {
                SyncCall.Step step = call.next();
                if (step.kind() == SyncCall.Kind.PROGRESS || step.kind() == SyncCall.Kind.LOG) {
                    write(McpResponses.notification(step.message()));
                } else if (step.kind() == SyncCall.Kind.RESULT) {
                    write(McpResponses.result(id, step.result()));
                    return;
                }
            }
        } finally {
            inFlight.remove(key);
            call.close();
        }
    }

    /**
     * Writes one message as one line. A stored tool result is written as produced and may hold line breaks as JSON
     * whitespace (never inside a string, where JSON forbids raw control characters): they become spaces, as a line
     * must not contain a raw newline (§7).
     */
    private synchronized void write(byte[] message) {
        try {
            for (int i = 0; i < message.length; i++) {
                if (message[i] == '\n' || message[i] == '\r') {
                    message[i] = ' ';
                }
            }
            out.write(message);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            LOG.warnf("writing to standard output failed reason=%s", e.getMessage());
        }
    }
}
