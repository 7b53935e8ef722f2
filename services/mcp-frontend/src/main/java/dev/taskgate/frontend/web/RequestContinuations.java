package dev.taskgate.frontend.web;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import jakarta.inject.Singleton;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * Where a request that waited without a thread goes on: the answer to a command or a waiting read completes on
 * whichever thread ended the wait (the instance reader, a timer, a read), and the rest of the request (building its
 * response) should not run there: the instance reader is one thread for every reply, lifecycle record and progress
 * record of the instance. {@link #resumeOnRequestContext} moves it to the request's Vert.x context (its event loop).
 */
@Singleton
public class RequestContinuations {
    private final Vertx vertx;

    RequestContinuations(Vertx vertx) {
        this.vertx = vertx;
    }

    /**
     * The request's Vert.x context when called on the request's thread (a worker thread serving it carries it), else
     * an event-loop context of the instance.
     */
    public Context requestContext() {
        Context current = Vertx.currentContext();
        return current != null ? current : vertx.getOrCreateContext();
    }

    /**
     * A stage completed as {@code stage} is, on the context of the request this is called for: call it on the
     * request's thread, and chain the rest of the request on the result.
     */
    public <T> CompletionStage<T> resumeOnRequestContext(CompletionStage<T> stage) {
        Context context = requestContext();
        CompletableFuture<T> resumed = new CompletableFuture<>();
        stage.whenComplete((value, failure) -> context.runOnContext(ignored -> {
            if (failure == null) {
                resumed.complete(value);
            } else {
                resumed.completeExceptionally(failure);
            }
        }));
        return resumed;
    }
}
