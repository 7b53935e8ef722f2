package dev.taskgate.jobctl.auth.rest;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * Reads the body of every internal request into memory before the REST layer, so that {@link InternalAuthFilter} can
 * check the body hash its caller assertion signed without a blocking read; the resource then reads the same buffer.
 * Internal bodies are small (sessions, audit entries); the limit bounds what an unauthenticated caller can make
 * job-control hold.
 */
@Singleton
public class InternalBodyBuffering {
    /** Larger internal bodies are refused with 413 before authentication. */
    static final long MAX_BODY_BYTES = 1024 * 1024;

    void buffer(@Observes Router router) {
        // runs before the REST routes, which come later in Quarkus' order
        router.route("/internal/*")
                .order(-1000)
                .handler(BodyHandler.create(false).setBodyLimit(MAX_BODY_BYTES));
    }
}
