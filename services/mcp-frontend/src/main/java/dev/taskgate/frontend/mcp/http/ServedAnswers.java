package dev.taskgate.frontend.mcp.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.SyncCall;

/**
 * The HTTP answer to what an MCP server served, for both generations: a result as it is; a synchronous call answered
 * by the generation's responder, with no thread waiting for its first message; an answer to come (a task being
 * created, a call being submitted) once job-control accepted it, with no thread waiting for that either. RESTEasy
 * Reactive then finishes the request on a worker thread; a stage already complete continues on the thread that
 * served it. A failure is the {@link dev.taskgate.frontend.mcp.McpException} to answer instead.
 */
final class ServedAnswers {
    private ServedAnswers() {}

    /** The answer to request {@code id}; a waiting call is answered by {@code waiting}, which takes it over. */
    static CompletionStage<Response> of(
            JsonNode id, Served served, Function<SyncCall, CompletionStage<Response>> waiting) {
        if (served.later() != null) {
            return served.later().thenCompose(next -> of(id, next, waiting));
        }
        if (served.pending() != null) {
            return waiting.apply(served.pending());
        }
        return now(Response.ok(McpResponses.result(id, served.result()), MediaType.APPLICATION_JSON)
                .build());
    }

    /** An answer that is ready. */
    static CompletionStage<Response> now(Response response) {
        return CompletableFuture.completedFuture(response);
    }
}
