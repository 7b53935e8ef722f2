package dev.taskgate.jobctl.upstream.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestQuery;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;

/**
 * The upstream tools as job-control's discovery last saw them, for mcp-frontend and worker-pool, which poll it and
 * merge the tools into their catalogs (docs/gateway.md "Discovery"). A caller that names the revision it holds gets
 * 304 when nothing changed.
 */
@Path("/internal/v1/catalog/upstream-tools")
@Produces(MediaType.APPLICATION_JSON)
public class UpstreamToolsResource {
    private final OperationCatalog catalog;

    UpstreamToolsResource(OperationCatalog catalog) {
        this.catalog = catalog;
    }

    /** 200 {@link UpstreamTools}, or 304 when {@code known} is its revision. */
    @GET
    public Response upstreamTools(@RestQuery String known) {
        UpstreamTools current = catalog.upstreamTools();
        if (current.revision().equals(known)) {
            return Response.notModified().build();
        }
        return Response.ok(current).build();
    }
}
