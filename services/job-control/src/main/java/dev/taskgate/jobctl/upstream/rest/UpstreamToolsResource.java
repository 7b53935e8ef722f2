package dev.taskgate.jobctl.upstream.rest;

import java.time.Duration;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.jobctl.JobControlException;

/**
 * The upstream tools as job-control's discovery last saw them, for mcp-frontend and worker-pool, which follow them
 * and merge the tools into their catalogs (docs/gateway.md "Discovery"). A caller that names the revision it holds
 * gets 304 when nothing changed; with {@code wait} (seconds, at most {@value #LONGEST_WAIT_SECONDS}) the answer waits
 * until the tools change or that time has passed, so a follower asks about twice a minute and learns of a change at
 * once.
 */
@Path("/internal/v1/catalog/upstream-tools")
@Produces(MediaType.APPLICATION_JSON)
public class UpstreamToolsResource {
    static final int LONGEST_WAIT_SECONDS = 60;

    private final OperationCatalog catalog;
    private final UpstreamToolsChanges changes;

    UpstreamToolsResource(OperationCatalog catalog, UpstreamToolsChanges changes) {
        this.catalog = catalog;
        this.changes = changes;
    }

    /** 200 {@link UpstreamTools}, or 304 when {@code known} is its revision (after up to {@code wait} seconds). */
    @GET
    public Uni<Response> upstreamTools(@RestQuery String known, @RestQuery String wait, UriInfo uri) {
        // an empty "wait=" reaches here as null, like no wait at all: it is a bad wait, not none
        Duration patience = patience(wait == null && uri.getQueryParameters().containsKey("wait") ? "" : wait);
        if (patience.isZero() || !catalog.upstreamTools().revision().equals(known)) {
            return Uni.createFrom().item(answer(known));
        }
        return changes.awayFrom(known)
                .ifNoItem()
                .after(patience)
                .recoverWithItem((Void) null)
                .map(v -> answer(known));
    }

    private Response answer(String known) {
        UpstreamTools current = catalog.upstreamTools();
        if (current.revision().equals(known)) {
            return Response.notModified().build();
        }
        return Response.ok(current).build();
    }

    private static Duration patience(String wait) {
        if (wait == null) {
            return Duration.ZERO;
        }
        try {
            int seconds = Integer.parseInt(wait);
            if (seconds >= 0 && seconds <= LONGEST_WAIT_SECONDS) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new BadWait();
    }

    /** A {@code wait} that is not a whole number of seconds from 0 to the longest wait. */
    static final class BadWait extends JobControlException {
        private static final long serialVersionUID = 1L;

        BadWait() {
            super(Problem.of(
                    "invalid-request",
                    "Invalid request",
                    400,
                    "wait must be a whole number of seconds from 0 to " + LONGEST_WAIT_SECONDS + "."));
        }
    }
}
