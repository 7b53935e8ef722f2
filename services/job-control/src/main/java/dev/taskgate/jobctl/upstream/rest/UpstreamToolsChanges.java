package dev.taskgate.jobctl.upstream.rest;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.catalog.OperationCatalog;

/**
 * The requests of {@code GET /internal/v1/catalog/upstream-tools} that wait for the upstream tools to change: each is
 * told by the catalog's change listener, or at stop (so that a stopping instance holds no caller).
 */
@Singleton
public class UpstreamToolsChanges {
    private final OperationCatalog catalog;
    private final Set<Runnable> waiting = ConcurrentHashMap.newKeySet();

    UpstreamToolsChanges(OperationCatalog catalog) {
        this.catalog = catalog;
        catalog.onUpstreamChange(this::tellEveryone);
    }

    /**
     * Completes once the upstream tools are no longer at revision {@code known}: at once when they already are not,
     * else at their next change (or at stop). Registered before it looks, so a change in between is not missed.
     */
    Uni<Void> awayFrom(String known) {
        return Uni.createFrom().emitter(emitter -> {
            Runnable tell = () -> emitter.complete(null);
            emitter.onTermination(() -> waiting.remove(tell)); // first: a change right after the add removes it
            waiting.add(tell);
            if (!catalog.upstreamTools().revision().equals(known)) {
                emitter.complete(null);
            }
        });
    }

    /** How many requests wait (tests, diagnostics). */
    public int waiting() {
        return waiting.size();
    }

    void stop(@Observes ShutdownEvent event) {
        tellEveryone();
    }

    private void tellEveryone() {
        waiting.forEach(Runnable::run);
    }
}
