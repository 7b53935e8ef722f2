package dev.taskgate.frontend.mcp.stdio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
import dev.taskgate.frontend.mcp.ToolListChanges;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionRequests;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionStream;
import dev.taskgate.frontend.mcp.subscriptions.Subscriptions;
import dev.taskgate.frontend.mcp.v2025.ClientResponses;
import dev.taskgate.frontend.mcp.v2025.Mcp2025CallInput;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Server;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Session;
import dev.taskgate.frontend.mcp.v2025.Mcp2025TaskResults;

/**
 * One stdio connection (MCP 2026-07-28 §7, transports 2025-11-25 §1): newline-delimited JSON-RPC read from
 * {@code in}, one message per line written to {@code out}, nothing else there. Requests are served concurrently on
 * a small pool; a synchronous {@code tools/call} and a 2025-11-25 {@code tasks/result} write their notifications
 * (progress, log messages) and the server-to-client requests of their execution ({@code elicitation/create},
 * {@code sampling/createMessage}, as the client's capabilities allow: {@link Mcp2025CallInput},
 * {@link Mcp2025TaskResults}) on the same output before their response. The client's JSON-RPC responses to those
 * requests arrive on {@code in} and are delivered as {@code ProvideInput} ({@link ClientResponses}), as over HTTP.
 * {@code notifications/cancelled} ends an in-flight synchronous call (its execution is cancelled) or
 * {@code tasks/result} wait (the task goes on), and no response is sent for it; end of input cancels what is in
 * flight and ends the connection.
 */
final class StdioConnection {
    private static final Logger LOG = Logger.getLogger(StdioConnection.class);
    private static final String CANCELLED = "notifications/cancelled";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Subscriptions a connection may hold at once: each holds one of its request threads. */
    static final int MAX_SUBSCRIPTIONS = 2;

    /** What the connection serves with (the transport's beans). */
    record Services(
            McpServer server,
            Mcp2025Server mcp2025,
            Mcp2025TaskResults taskResults,
            Mcp2025CallInput callInput,
            ClientResponses clientResponses,
            ToolListChanges toolLists,
            Listening listening) {}

    /** What {@code subscriptions/listen} is served with. */
    record Listening(SubscriptionRequests requests, SubscriptionStream stream, Subscriptions subscriptions) {}

    private final Services services;
    private final Supplier<AuthenticatedCaller> authenticate;
    private final OutputStream out;
    private final ExecutorService pool;
    // answers to server-to-client requests: never behind requests that may be waiting for them
    private final ExecutorService answers;
    private final Runnable onEnd;
    // request id (as JSON) → what ends it early (notifications/cancelled, end of input)
    private final ConcurrentMap<String, Runnable> inFlight = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Boolean> cancelled = new ConcurrentHashMap<>();
    // request ids (as JSON) of the subscriptions open on this connection
    private final Set<String> subscriptions = new HashSet<>();
    // 2025-era clients: over stdio the connection is the session, so it lives here only
    private volatile Mcp2025Session mcp2025Session;
    // 2025-era clients: tells them when the tools they may list changed
    private volatile ToolListChanges.Watch toolListWatch;

    StdioConnection(
            Services services,
            Supplier<AuthenticatedCaller> authenticate,
            OutputStream out,
            int concurrency,
            Runnable onEnd) {
        this.services = services;
        this.authenticate = authenticate;
        this.out = out;
        this.onEnd = onEnd;
        this.pool = threads(concurrency, "mcp-stdio");
        this.answers = threads(1, "mcp-stdio-answers");
    }

    private static ExecutorService threads(int count, String name) {
        return new ThreadPoolExecutor(count, count, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Reads {@code in} on a daemon thread of its own until it ends, then ends the connection. */
    void start(InputStream in) {
        Thread reader = new Thread(() -> read(in), "mcp-stdio-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void read(InputStream input) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    accept(line.getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            LOG.errorf(e, "reading standard input failed; ending the connection");
        }
        shutDown();
    }

    // End of input: the client is gone, so are its requests (§7); synchronous calls' executions are cancelled.
    private void shutDown() {
        LOG.infof("standard input closed; cancelling in-flight requests count=%d", inFlight.size());
        inFlight.values().forEach(Runnable::run);
        ToolListChanges.Watch watch = toolListWatch;
        if (watch != null) {
            watch.close();
        }
        pool.shutdown();
        answers.shutdown();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
            answers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        onEnd.run();
    }

    private void accept(byte[] line) {
        if (mcp2025Session != null && ClientResponses.isResponse(line)) {
            answers.execute(() -> clientResponse(line)); // blocking: the answer goes to job-control
            return;
        }
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

    /**
     * The client's answer to a server-to-client request: delivered like a POSTed one. A response the server cannot
     * take is told with an id-less error (JSON-RPC: a message whose id cannot be answered); an accepted or ignored
     * one gets nothing (responses are never answered).
     */
    private void clientResponse(byte[] line) {
        try {
            AuthenticatedCaller caller = authenticate.get();
            ClientResponses.Outcome outcome = services.clientResponses().accept(line, mcp2025Session, caller);
            if (!outcome.accepted()) {
                write(McpResponses.error(null, outcome.refusal().error()));
            }
        } catch (McpException e) {
            write(McpResponses.error(null, e.error()));
        } catch (RuntimeException e) {
            String correlationId = UUID.randomUUID().toString();
            LOG.errorf(e, "MCP stdio client response failed correlationId=%s", correlationId);
            write(McpResponses.error(null, McpErrors.unexpected(correlationId).error()));
        }
    }

    private void cancel(JsonNode requestId) {
        if (requestId == null || !(requestId.isTextual() || requestId.isIntegralNumber())) {
            return; // invalid cancellations are ignored (§9)
        }
        String key = requestId.toString();
        Runnable stop = inFlight.get(key);
        if (stop != null) {
            cancelled.put(key, Boolean.TRUE);
            stop.run();
        }
    }

    private void serve(JsonRpcRequest request) {
        try {
            AuthenticatedCaller caller = authenticate.get();
            if (Mcp2025Server.isMcp2025Initialize(request)) {
                String version = Mcp2025Server.negotiate(request);
                mcp2025Session = Mcp2025Session.ofConnection(
                        connectionId(), version, request.params().get("capabilities"));
                // watched before the result goes out, and under the lock every write takes: a change the client could
                // miss after reading the result is told, and its notification (a write) waits until the result is out
                synchronized (this) {
                    watchToolList(caller);
                    write(McpResponses.result(
                            request.id(), McpResult.of(services.mcp2025().initializeResult(version))));
                }
                return;
            }
            Mcp2025Session session = mcp2025Session;
            if (session != null && "logging/setLevel".equals(request.method())) {
                // the connection is the session: its level lives here (an invalid one is -32602 before it is kept)
                session = session.withLogLevel(Mcp2025Server.requestedLogLevel(request));
                mcp2025Session = session;
            }
            if (session != null) {
                serve2025(request, session, caller);
                return;
            }
            if (McpServer.isMcp2025Handshake(request.method())) {
                throw McpErrors.methodNotFound(request.method());
            }
            RequestMeta meta = RequestMeta.of(request);
            meta.requireSupportedVersion();
            if (SubscriptionRequests.METHOD.equals(request.method())) {
                listen(request, meta, caller);
                return;
            }
            Served served = services.server().serve(request, meta, caller).awaited(); // one thread per request here
            if (served.result() != null) {
                write(McpResponses.result(request.id(), served.result()));
            } else {
                drive(request.id(), served.pending(), null);
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

    private synchronized void watchToolList(AuthenticatedCaller caller) {
        if (toolListWatch == null) {
            toolListWatch = services.toolLists()
                    .watch(
                            caller.caller().workspace(),
                            () -> write(McpResponses.notification(ToolListChanges.notification())));
        }
    }

    private void serve2025(JsonRpcRequest request, Mcp2025Session session, AuthenticatedCaller caller) {
        if ("tasks/result".equals(request.method()) && services.mcp2025().negotiatesTasks(session.protocolVersion())) {
            taskResult(request, session, caller);
            return;
        }
        Served served = services.mcp2025().serve(request, session, caller).awaited();
        if (served.result() != null) {
            write(McpResponses.result(request.id(), served.result()));
            return;
        }
        served.pending().reportInputRequests(); // the client is asked on this connection (server-to-client requests)
        drive(request.id(), served.pending(), new Mcp2025CallInput.Asker(session, caller));
    }

    /**
     * A synchronous call: its notifications and (2025-era, {@code asker} given) the requests for the input its
     * execution waits for, then its response, all on the output. Blocking.
     */
    private void drive(JsonNode id, SyncCall call, Mcp2025CallInput.Asker asker) {
        String key = id.toString();
        inFlight.put(key, call::callerGone);
        try {
            while (true) {
                SyncCall.Step step = call.next();
                switch (step.kind()) {
                    case PROGRESS:
                    case LOG:
                        write(McpResponses.notification(step.message()));
                        break;
                    case INPUT:
                        Mcp2025CallInput.Asked asked = services.callInput().ask(asker, call, step);
                        if (asked.answer() != null) {
                            write(McpResponses.result(id, asked.answer())); // the client cannot be asked
                            return;
                        }
                        asked.requests().forEach(r -> write(McpResponses.notification(r)));
                        break;
                    case RESULT:
                        write(McpResponses.result(id, step.result()));
                        return;
                    default:
                        break; // a heartbeat: nothing to keep alive on a pipe
                }
            }
        } finally {
            inFlight.remove(key);
            call.close();
        }
    }

    /**
     * {@code subscriptions/listen} (MCP 2026-07-28 §7: notifications for active subscriptions go on the output, tagged
     * with the subscription's id) until nothing is left to tell (then its result), or the client ends it with
     * {@code notifications/cancelled} or the end of input (no result). Blocking: it holds a request thread, so a
     * connection holds at most {@link #MAX_SUBSCRIPTIONS}.
     */
    private void listen(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        Listening listening = services.listening();
        SubscriptionRequests.Agreed agreed = listening.requests().read(request, meta, caller);
        String key = request.id().toString();
        synchronized (subscriptions) {
            if (subscriptions.size() >= MAX_SUBSCRIPTIONS) {
                throw McpErrors.invalidRequest(
                        "This connection already has " + MAX_SUBSCRIPTIONS + " open subscriptions; cancel one first.");
            }
            if (!listening.subscriptions().open(agreed.subscription())) {
                throw McpErrors.unavailable("Too many open subscriptions on this server; retry later.");
            }
            subscriptions.add(key);
        }
        inFlight.put(key, agreed.subscription()::end);
        try {
            listening.stream().run(agreed, new SubscriptionStream.Sink() {
                @Override
                public void send(byte[] message) {
                    write(message);
                }

                @Override
                public void keepAlive() {
                    // a pipe needs none
                }

                @Override
                public boolean gone() {
                    return false; // the end of input ends the subscription (inFlight)
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("a subscription's output failed", e); // write() never throws
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inFlight.remove(key);
            cancelled.remove(key);
            synchronized (subscriptions) {
                subscriptions.remove(key);
            }
        }
    }

    /**
     * 2025-11-25 {@code tasks/result}: the task's input requests, progress and log messages as they come, then the
     * answer. {@code notifications/cancelled} of the request ends the wait (the task goes on). Blocking.
     */
    private void taskResult(JsonRpcRequest request, Mcp2025Session session, AuthenticatedCaller caller) {
        String key = request.id().toString();
        try (Mcp2025TaskResults.Wait wait = services.taskResults().open(request, session, caller)) {
            inFlight.put(key, wait::cancel);
            List<ObjectNode> batch;
            while ((batch = wait.next(Long.MAX_VALUE)) != null) {
                batch.forEach(message -> write(McpResponses.notification(message))); // requests and notifications
            }
        } finally {
            inFlight.remove(key);
        }
        write(McpResponses.result(request.id(), services.taskResults().result(request, caller)));
    }

    // Binds the ids of this connection's server-to-client requests; never leaves the process.
    private static String connectionId() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
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
