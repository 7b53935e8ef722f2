package dev.taskgate.webhooks.signal.kafka;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * Runs the handling of one record on a Vert.x duplicated context of its own, as the messaging connector did: the
 * reactive SQL client's callbacks then run on it, and what the handling makes current there (its span, the logging
 * context) belongs to that record alone, never to the reader's thread or to an event loop.
 */
@ApplicationScoped
class RecordContexts {
    private final Vertx vertx;
    private volatile Context root;

    RecordContexts(Vertx vertx) {
        this.vertx = vertx;
    }

    /** What the handling ended with; its failure, if it failed. */
    record Outcome(Throwable failure) {}

    /** Subscribes to {@code work} on a new duplicated context and waits for its end. */
    Outcome await(Supplier<Uni<?>> work) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        VertxContext.createNewDuplicatedContext(root()).runOnContext(ignored -> {
            try {
                work.get().subscribe().with(item -> done.complete(null), done::completeExceptionally);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        try {
            done.join();
            return new Outcome(null);
        } catch (CompletionException e) {
            return new Outcome(e.getCause() == null ? e : e.getCause());
        }
    }

    private Context root() {
        Context r = root;
        if (r == null) {
            synchronized (this) {
                if (root == null) {
                    root = vertx.getOrCreateContext();
                }
                r = root;
            }
        }
        return r;
    }
}
