package dev.taskgate.jobctl.query.rest;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.taskgate.contracts.session.OwnerExecutionPage;
import dev.taskgate.jobctl.query.OwnerExecutionListing;
import io.smallrye.mutiny.Uni;

/** The caller's own executions of one surface ({@code mcp-2025} for {@code tasks/list}), newest first. */
@Path("/internal/v1/surfaces/{surface}/executions")
@Produces(MediaType.APPLICATION_JSON)
public class OwnerExecutionListResource {
    private final OwnerExecutionListing listing;

    OwnerExecutionListResource(OwnerExecutionListing listing) {
        this.listing = listing;
    }

    /** One page; {@code cursor} is the previous page's {@code nextCursor}. */
    @GET
    public Uni<OwnerExecutionPage> list(@RestPath String surface, @RestQuery String cursor,
            @RestQuery @DefaultValue("50") int limit, @RestHeader(ExecutionResource.PRINCIPAL) String principal,
            @RestHeader(ExecutionResource.WORKSPACE) String workspace) {
        if (principal == null || principal.isBlank()) {
            throw new MissingCallerException(ExecutionResource.PRINCIPAL);
        }
        if (workspace == null || workspace.isBlank()) {
            throw new MissingCallerException(ExecutionResource.WORKSPACE);
        }
        return listing.page(surface, principal, workspace, cursor, limit);
    }
}
