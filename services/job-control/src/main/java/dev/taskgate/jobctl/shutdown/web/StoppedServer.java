package dev.taskgate.jobctl.shutdown.web;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;

import dev.taskgate.jobctl.shutdown.kafka.PartitionHandover;

/**
 * From the moment the instance tears down its services (after the HTTP drain of the shutdown timeout; the PostgreSQL
 * pool closes right after), a request still arriving — on a connection the caller kept alive — is answered 503 with
 * {@code Connection: close} instead of failing on the closed pool: the caller retries on a new connection, which the
 * Service sends to a ready instance.
 */
@ApplicationScoped
public class StoppedServer {
    static final String BODY =
            "{\"type\":\"about:blank\",\"title\":\"Service Unavailable\",\"status\":503,\"detail\":\"This instance is"
                    + " stopping; retry on a new connection.\"}";
    // ahead of every application route
    private static final int ORDER = -10_000;

    private volatile boolean stopped;

    void routes(@Observes Router router) {
        router.route().order(ORDER).handler(context -> {
            if (!stopped) {
                context.next();
                return;
            }
            context.response()
                    .setStatusCode(503)
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .putHeader(HttpHeaders.CONTENT_TYPE, "application/problem+json")
                    .putHeader("Retry-After", "1")
                    .end(BODY);
        });
    }

    void onStop(@Observes @Priority(PartitionHandover.FIRST) ShutdownEvent event) {
        refuse();
    }

    /** Refuses every request from now on. */
    public void refuse() {
        stopped = true;
    }
}
