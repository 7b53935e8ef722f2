package dev.taskgate.jobctl.operator.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.contracts.operator.OperatorUpstream;
import dev.taskgate.contracts.operator.OperatorUpstreams;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.OperatorCancellationService;
import dev.taskgate.jobctl.operator.OperatorQueries;
import dev.taskgate.jobctl.operator.OperatorRequestException;
import dev.taskgate.jobctl.operator.audit.AuditLog;
import dev.taskgate.jobctl.upstream.UpstreamOperations;
import dev.taskgate.jobctl.upstream.UpstreamRegistrations;

/**
 * job-control's internal operator API (docs/mcp-frontend.md "Operator API"). The frontend has verified the operator's
 * token, its project and the scope of the action; its caller assertion names the operator, the route's project and
 * the public route (for the audit log). Executions are named by their owners' public handles.
 */
@Path("/internal/v1/operator")
@Produces(MediaType.APPLICATION_JSON)
public class OperatorResource {

    private final OperatorQueries queries;
    private final OperatorCancellationService cancellations;
    private final AuditLog audit;
    private final InternalCaller caller;
    private final UpstreamOperations upstreams;
    private final UpstreamRegistrations registrations;

    OperatorResource(
            OperatorQueries queries,
            OperatorCancellationService cancellations,
            AuditLog audit,
            InternalCaller caller,
            UpstreamOperations upstreams,
            UpstreamRegistrations registrations) {
        this.upstreams = upstreams;
        this.registrations = registrations;
        this.queries = queries;
        this.cancellations = cancellations;
        this.audit = audit;
        this.caller = caller;
    }

    /** A page of the project's executions (safe status) that pass the filters, newest first. */
    @GET
    @Path("/executions")
    public Uni<OperatorExecutionPage> list(
            @RestQuery String status,
            @RestQuery String tool,
            @RestQuery String principal,
            @RestQuery("created_from") String createdFrom,
            @RestQuery("created_before") String createdBefore,
            @RestQuery String limit,
            @RestQuery String cursor) {
        return queries.list(
                call(),
                new OperatorQueries.ListParameters(status, tool, principal, createdFrom, createdBefore, limit, cursor));
    }

    /** One execution's safe status; 404 unless the handle is its owner's and it is in this project. */
    @GET
    @Path("/executions/{handle}")
    public Uni<OperatorExecution> get(@RestPath String handle) {
        return queries.get(call(), handle);
    }

    /** One execution's input and result or error. */
    @GET
    @Path("/executions/{handle}/payload")
    public Uni<OperatorPayload> payload(@RestPath String handle) {
        return queries.payload(call(), handle);
    }

    /** Cancels one execution; the outcome says what happened. */
    @POST
    @Path("/executions/{handle}/cancel")
    public Uni<OperatorCancelResult> cancel(@RestPath String handle) {
        return cancellations.cancel(call(), handle);
    }

    /** The upstream MCP servers the project may use, with their state (docs/gateway.md "Operating upstreams"). */
    @GET
    @Path("/upstreams")
    public Uni<OperatorUpstreams> upstreams() {
        return upstreams.list(call());
    }

    /** Lists one upstream's tools again now; 404 when the project may not use it. */
    @POST
    @Path("/upstreams/{id}/refresh")
    public Uni<UpstreamState> refreshUpstream(@RestPath String id) {
        return upstreams.refresh(call(), id).map(state -> state.orElseThrow(NotFoundException::new));
    }

    /** Registers an upstream for the project (docs/gateway.md "Operating upstreams"); 201 with its ETag. */
    @POST
    @Path("/upstreams")
    public Uni<Response> createUpstream(byte[] body) {
        return registrations.create(call(), body).map(created -> answer(Response.Status.CREATED, created));
    }

    /** One upstream the project may see: its own registrations and the file's that admit it. */
    @GET
    @Path("/upstreams/{id}")
    public Uni<Response> getUpstream(@RestPath String id) {
        return registrations.get(call(), id).map(found -> answer(Response.Status.OK, found));
    }

    /** Replaces one of the project's registrations; {@code ifMatch} is the caller's {@code If-Match}, if any. */
    @PUT
    @Path("/upstreams/{id}")
    public Uni<Response> updateUpstream(@RestPath String id, @RestQuery String ifMatch, byte[] body) {
        return registrations.update(call(), id, ifMatch, body).map(updated -> answer(Response.Status.OK, updated));
    }

    /** Deletes one of the project's registrations; 204. */
    @DELETE
    @Path("/upstreams/{id}")
    public Uni<Response> deleteUpstream(@RestPath String id, @RestQuery String ifMatch) {
        return registrations
                .delete(call(), id, ifMatch)
                .map(done -> Response.noContent().build());
    }

    /** A page of the project's audit log, newest first. */
    @GET
    @Path("/audit")
    public Uni<AuditPage> auditPage(@RestQuery String limit, @RestQuery String cursor) {
        return audit.page(call(), limit, cursor);
    }

    /** Records a call the frontend refused itself (no scope, malformed handle, another project); 204. */
    @POST
    @Path("/audit")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Void> recordRefusal(AuditEntry entry) {
        return audit.recordRefusal(call(), entry);
    }

    private static Response answer(Response.Status status, OperatorUpstream upstream) {
        Response.ResponseBuilder response =
                Response.status(status).entity(Wire.toBytes(upstream)).type(MediaType.APPLICATION_JSON);
        if (upstream.revision() != null) {
            response.header(HttpHeaders.ETAG, UpstreamRegistrations.etag(upstream.revision()));
        }
        return response.build();
    }

    private OperatorCall call() {
        InternalCaller.UserCall user = caller.user();
        if (user.route() == null) {
            throw new OperatorRequestException("The caller assertion names no public route for the audit log.");
        }
        return new OperatorCall(user.principal(), user.workspace(), user.route());
    }
}
