package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.RequestMeta;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionRequests;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionStream;
import dev.taskgate.frontend.mcp.subscriptions.Subscriptions;

/**
 * {@code subscriptions/listen} of MCP 2026-07-28 over Streamable HTTP: the subscription ({@link SubscriptionRequests},
 * {@link SubscriptionStream}) as a long-lived SSE answer, with keep-alive comments when quiet. Closing the stream is
 * the client's way to end it. At most {@code max-per-instance} open on this instance (each holds a worker thread):
 * one more is -32603 with HTTP 503.
 */
@Singleton
class Mcp2026Listen {
    private static final Logger LOG = Logger.getLogger(Mcp2026Listen.class);

    private final SubscriptionRequests requests;
    private final SubscriptionStream stream;
    private final Subscriptions subscriptions;

    Mcp2026Listen(SubscriptionRequests requests, SubscriptionStream stream, Subscriptions subscriptions) {
        this.requests = requests;
        this.stream = stream;
        this.subscriptions = subscriptions;
    }

    /** Opens the subscription (its SSE answer), or throws the JSON-RPC error that refuses it. */
    Response open(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller, HttpServerResponse connection) {
        SubscriptionRequests.Agreed agreed = requests.read(request, meta, caller);
        if (!subscriptions.open(agreed.subscription())) {
            throw McpErrors.unavailable("Too many open subscriptions on this server; retry later.");
        }
        connection.closeHandler(v -> agreed.subscription().end());
        StreamingOutput body = out -> serve(agreed, out, connection);
        return SseEvents.response(body);
    }

    private void serve(SubscriptionRequests.Agreed agreed, OutputStream out, HttpServerResponse connection) {
        try {
            stream.run(agreed, new SubscriptionStream.Sink() {
                @Override
                public void send(byte[] message) throws IOException {
                    SseEvents.eventOnOneLine(out, message);
                }

                @Override
                public void keepAlive() throws IOException {
                    SseEvents.keepAlive(out);
                }

                @Override
                public boolean gone() {
                    return connection.closed();
                }
            });
        } catch (IOException e) {
            LOG.debugf("subscription stream closed by the client");
        } catch (McpException e) {
            LOG.debugf("subscription ended: a task could not be read reason=%s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscriptions.closed(agreed.subscription());
        }
    }
}
