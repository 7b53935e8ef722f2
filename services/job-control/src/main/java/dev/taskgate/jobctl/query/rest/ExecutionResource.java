package dev.taskgate.jobctl.query.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.jobctl.query.ExecutionQueries;

/**
 * The internal query API (docs/job-control.md "Internal HTTP API"). Not exposed outside the cluster: the frontend forwards the
 * verified caller in {@code Taskgate-Principal} and {@code Taskgate-Workspace}.
 */
@Path("/internal/v1/executions")
@Produces(MediaType.APPLICATION_JSON)
public class ExecutionResource {

    public static final String PRINCIPAL = "Taskgate-Principal";
    public static final String WORKSPACE = "Taskgate-Workspace";

    private final ExecutionQueries queries;

    ExecutionResource(ExecutionQueries queries) {
        this.queries = queries;
    }

    /**
     * A page of the caller's own visible executions, newest first; {@code surface} keeps only those created
     * through that API generation. {@code limit} 1–100 (default 20), {@code cursor} from {@code nextCursor}; else 400.
     */
    @GET
    public Uni<ExecutionPage> list(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestQuery String surface,
            @RestQuery String limit,
            @RestQuery String cursor) {
        requireCaller(principal, workspace);
        return queries.list(principal, workspace, surface, limit, cursor);
    }

    /** The execution's safe status; 404 when unknown or not the caller's. */
    @GET
    @Path("/{executionId}")
    public Uni<ExecutionSnapshot> get(
            @RestPath String executionId,
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace) {
        requireCaller(principal, workspace);
        return queries.getSnapshot(executionId, principal, workspace);
    }

    /** The execution's status with its exact result or its error; 404 when unknown or not the caller's. */
    @GET
    @Path("/{executionId}/outcome")
    public Uni<ExecutionOutcome> outcome(
            @RestPath String executionId,
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace) {
        requireCaller(principal, workspace);
        return queries.getOutcome(executionId, principal, workspace);
    }

    private static void requireCaller(String principal, String workspace) {
        MissingCallerException.requireCaller(principal, workspace);
    }
}
