package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.v2025.Mcp2025CallInput;
import dev.taskgate.frontend.mcp.v2025.Mcp2025InFlight;

/**
 * Answers a running 2025-era synchronous {@code tools/call} over Streamable HTTP ({@link SyncCallResponder}): plain
 * JSON when the result comes first; an SSE stream of {@code notifications/progress} and {@code notifications/message},
 * the server-to-client requests for the input the execution waits for ({@link Mcp2025CallInput}), keep-alive comments
 * and finally the response when a message comes first. Each event is one {@code data:} line. Unlike 2026-07-28, a
 * disconnect is not a cancellation in this generation (transports §2.1): only {@code notifications/cancelled}
 * (through {@link Mcp2025InFlight}) cancels. Keeps the in-flight registration for the call's whole life.
 */
@Singleton
class Mcp2025CallResponder {
    private final SyncCallResponder responder;
    private final Mcp2025InFlight inFlight;
    private final Mcp2025CallInput input;

    Mcp2025CallResponder(SyncCallResponder responder, Mcp2025InFlight inFlight, Mcp2025CallInput input) {
        this.responder = responder;
        this.inFlight = inFlight;
        this.input = input;
    }

    /**
     * The response for {@code call} of request {@code key}, with no thread waiting for its first message; the input
     * it waits for is asked of {@code asker}.
     */
    CompletableFuture<Response> respond(String key, JsonNode id, SyncCall call, Mcp2025CallInput.Asker asker) {
        call.reportInputRequests();
        inFlight.started(key, call);
        return responder.respond(id, call, new SyncCallResponder.Generation() {
            @Override
            public void event(OutputStream out, byte[] json) throws IOException {
                SseEvents.eventOnOneLine(out, json);
            }

            @Override
            public Mcp2025CallInput.Asked input(SyncCall.Step step) {
                return input.ask(asker, call, step);
            }

            @Override
            public void ended() {
                inFlight.ended(key);
            }
        });
    }
}
