package dev.taskgate.frontend.operator;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.taskgate.frontend.query.JobControlApi;

/**
 * job-control's internal operator API ({@code docs/job-control.md}, "Internal HTTP API"). Returns raw responses: the caller
 * decides what a 404, 400 or 5xx means.
 */
@Path("/internal/v1/operator")
@Produces(MediaType.APPLICATION_JSON)
public interface JobControlOperatorApi {
    /** Names the operator ({@code Caller.principal()}); signed into the caller assertion, never sent as is. */
    String PRINCIPAL = JobControlApi.PRINCIPAL;
    /** Names the route's project ({@code org/project}), as {@link #PRINCIPAL}. */
    String WORKSPACE = JobControlApi.WORKSPACE;
    /** The public route as called, for the audit log, as {@link #PRINCIPAL}. */
    String ROUTE = JobControlApi.ROUTE;

    /** 200 {@code OperatorExecutionPage}, or 400. */
    @GET
    @Path("/executions")
    Response list(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @QueryParam("status") String status,
            @QueryParam("tool") String tool,
            @QueryParam("principal") String owner,
            @QueryParam("created_from") String createdFrom,
            @QueryParam("created_before") String createdBefore,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor);

    /** 200 {@code OperatorExecution}, or 404. */
    @GET
    @Path("/executions/{handle}")
    Response get(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("handle") String handle);

    /** 200 {@code OperatorPayload}, or 404. */
    @GET
    @Path("/executions/{handle}/payload")
    Response payload(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("handle") String handle);

    /** 200 {@code OperatorCancelResult}, or 404. */
    @POST
    @Path("/executions/{handle}/cancel")
    Response cancel(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("handle") String handle);

    /** 200 {@code OperatorUpstreams}. */
    @GET
    @Path("/upstreams")
    Response upstreams(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route);

    /** 200 {@code UpstreamState} after listing the upstream again, or 404. */
    @POST
    @Path("/upstreams/{id}/refresh")
    Response refreshUpstream(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("id") String id);

    /** 201 {@code OperatorUpstream}, or 400, 409, 422 (problem). */
    @POST
    @Path("/upstreams")
    @Consumes(MediaType.APPLICATION_JSON)
    Response createUpstream(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            byte[] body);

    /** 200 {@code OperatorUpstream}, or 404. */
    @GET
    @Path("/upstreams/{id}")
    Response getUpstream(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("id") String id);

    /** 200 {@code OperatorUpstream}, or 400, 404, 409, 412, 422 (problem). */
    @PUT
    @Path("/upstreams/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    Response updateUpstream(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("id") String id,
            @QueryParam("ifMatch") String ifMatch,
            byte[] body);

    /** 204, or 404, 409, 412 (problem). */
    @DELETE
    @Path("/upstreams/{id}")
    Response deleteUpstream(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("id") String id,
            @QueryParam("ifMatch") String ifMatch);

    /** 200 {@code DeadLetterPage}, or 400, 403, 503 (problem). */
    @GET
    @Path("/dead-letters")
    Response deadLetters(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @QueryParam("topic") String topic,
            @QueryParam("partition") String partition,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor);

    /** 200 {@code DeadLetterReplays}, or 400, 403, 404, 409, 422, 503 (problem). */
    @POST
    @Path("/dead-letters/{topic}/{partition}/{offset}/replay")
    Response replayDeadLetter(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("topic") String topic,
            @PathParam("partition") String partition,
            @PathParam("offset") String offset,
            @QueryParam("force") String force);

    /** 200 {@code DeadLetterReplays}, or 400, 403, 404, 409, 422, 503 (problem). */
    @POST
    @Path("/dead-letters/{topic}/{partition}/replay")
    Response replayDeadLetters(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @PathParam("topic") String topic,
            @PathParam("partition") String partition,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("force") String force);

    /** 200 {@code AuditPage}, or 400. */
    @GET
    @Path("/audit")
    Response audit(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor);

    /** 204 once a refused call is recorded ({@code AuditEntry} body). */
    @POST
    @Path("/audit")
    @Consumes(MediaType.APPLICATION_JSON)
    Response recordRefusal(
            @HeaderParam(PRINCIPAL) String principal,
            @HeaderParam(WORKSPACE) String workspace,
            @HeaderParam(ROUTE) String route,
            byte[] entry);
}
