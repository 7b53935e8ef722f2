package dev.taskgate.jobctl.query.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.jobctl.query.ExecutionQueries;

/**
 * The internal query API (docs/job-control.md "Internal HTTP API"), for the caller the frontend's verified caller
 * assertion names ({@link InternalCaller}).
 */
@Path("/internal/v1/executions")
@Produces(MediaType.APPLICATION_JSON)
public class ExecutionResource {

    private final ExecutionQueries queries;
    private final InternalCaller caller;

    ExecutionResource(ExecutionQueries queries, InternalCaller caller) {
        this.queries = queries;
        this.caller = caller;
    }

    /**
     * A page of the caller's own visible executions, newest first; {@code surface} keeps only those created
     * through that API generation. {@code limit} 1–100 (default 20), {@code cursor} from {@code nextCursor}; else 400.
     */
    @GET
    public Uni<ExecutionPage> list(@RestQuery String surface, @RestQuery String limit, @RestQuery String cursor) {
        InternalCaller.UserCall user = caller.user();
        return queries.list(user.principal(), user.workspace(), surface, limit, cursor);
    }

    /** The execution's safe status; 404 when unknown or not the caller's. */
    @GET
    @Path("/{executionId}")
    public Uni<ExecutionSnapshot> get(@RestPath String executionId) {
        InternalCaller.UserCall user = caller.user();
        return queries.getSnapshot(executionId, user.principal(), user.workspace());
    }

    /** The execution's status with its exact result or its error; 404 when unknown or not the caller's. */
    @GET
    @Path("/{executionId}/outcome")
    public Uni<ExecutionOutcome> outcome(@RestPath String executionId) {
        InternalCaller.UserCall user = caller.user();
        return queries.getOutcome(executionId, user.principal(), user.workspace());
    }
}
