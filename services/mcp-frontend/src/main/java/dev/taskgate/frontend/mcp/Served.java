package dev.taskgate.frontend.mcp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * How {@link McpServer#serve} answered a request: a result that is ready, a result that job-control's reply
 * completes (a task being created: nothing waits on a thread for it), or a synchronous {@code tools/call} still
 * waiting for its execution, which the transport drives (and closes) itself so that it can stream progress.
 *
 * @param result  the result, or {@code null}
 * @param pending the waiting call, or {@code null}
 * @param later   the result to come, failed with the {@link McpException} to answer instead; or {@code null}
 */
public record Served(McpResult result, SyncCall pending, CompletableFuture<McpResult> later) {
    /** A ready result. */
    public static Served done(McpResult result) {
        return new Served(result, null, null);
    }

    /** A call still running. */
    public static Served waiting(SyncCall pending) {
        return new Served(null, pending, null);
    }

    /** A result to come; it completes on whichever thread ended the wait (hand longer work on). */
    public static Served later(CompletableFuture<McpResult> later) {
        return new Served(null, null, later);
    }

    /**
     * This answer with a result to come waited for on the calling thread (blocking), for a transport that answers
     * on the request's own thread; its failure is thrown.
     */
    public Served awaited() {
        if (later == null) {
            return this;
        }
        try {
            return done(later.join());
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw e;
        }
    }
}
