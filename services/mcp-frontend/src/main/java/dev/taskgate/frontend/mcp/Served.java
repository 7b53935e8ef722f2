package dev.taskgate.frontend.mcp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * How {@link McpServer#serve} answered a request: a result that is ready, a synchronous {@code tools/call} still
 * waiting for its execution, which the transport drives (and closes) itself so that it can stream progress, or
 * either of them once job-control's reply has come (a task being created, a synchronous call being submitted:
 * nothing waits on a thread for the reply).
 *
 * @param result  the result, or {@code null}
 * @param pending the waiting call, or {@code null}
 * @param later   the answer to come (a result or a waiting call), failed with the {@link McpException} to answer
 *                instead; or {@code null}
 */
public record Served(McpResult result, SyncCall pending, CompletableFuture<Served> later) {
    /** A ready result. */
    public static Served done(McpResult result) {
        return new Served(result, null, null);
    }

    /** A call still running. */
    public static Served waiting(SyncCall pending) {
        return new Served(null, pending, null);
    }

    /** An answer to come; it completes on whichever thread ended the wait (hand longer work on). */
    public static Served later(CompletableFuture<Served> later) {
        return new Served(null, null, later);
    }

    /**
     * This answer with an answer to come waited for on the calling thread (blocking), for a transport that answers
     * on the request's own thread; its failure is thrown.
     */
    public Served awaited() {
        if (later == null) {
            return this;
        }
        try {
            return later.join().awaited();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw e;
        }
    }
}
