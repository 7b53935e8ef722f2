package dev.taskgate.frontend.operator.rest;

import java.util.Optional;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.security.Authenticated;
import io.quarkus.security.UnauthorizedException;
import io.smallrye.common.annotation.Blocking;

import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.CancelOutcome;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorUpstream;
import dev.taskgate.contracts.operator.OperatorUpstreams;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.CallerResolver;
import dev.taskgate.frontend.auth.Scopes;
import dev.taskgate.frontend.operator.ExecutionListQuery;
import dev.taskgate.frontend.operator.OperatorCall;
import dev.taskgate.frontend.operator.OperatorGateway;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.problem.ProblemException;
import dev.taskgate.problem.ProblemResponses;

/**
 * The operator routes ({@code docs/mcp-frontend.md}, "Operator API"): every principal's executions of one project,
 * named by the handles their owners see. Checks run in this order, and every refusal after authentication is
 * recorded in job-control's audit log before it is answered: token org/project = path (else the uniform 404),
 * the action's scope (else 403 {@code insufficient-scope}), the handle is well-formed (else the uniform 404).
 * job-control then verifies the handle against the execution's owner, serves the call and records it.
 *
 * <p>Blocking: every call waits for job-control over HTTP, so the methods run on worker threads.
 */
@Path("/v1/orgs/{org}/projects/{project}/operator")
@Authenticated
@Blocking
@Tag(name = "Operator")
public class OperatorResource {
    private final CallerResolver callers;
    private final OperatorGateway gateway;

    OperatorResource(CallerResolver callers, OperatorGateway gateway) {
        this.callers = callers;
        this.gateway = gateway;
    }

    /**
     * A page of the project's executions (safe status), newest first; optional filters by status, tool, owner and
     * creation time, all of which must hold.
     */
    @Operation(operationId = "listOperatorExecutions", summary = "List the project's executions")
    @Parameter(
            name = "status",
            in = ParameterIn.QUERY,
            description =
                    "Only executions in this state: queued, working, input_required, completed, failed, cancelled")
    @Parameter(name = "tool", in = ParameterIn.QUERY, description = "Only calls of this tool (exact name)")
    @Parameter(
            name = "principal",
            in = ParameterIn.QUERY,
            description = "Only executions of this owner: the whole principal (as owner shows it) or its subject")
    @Parameter(
            name = "created_from",
            in = ParameterIn.QUERY,
            description = "Only executions created at or after this RFC 3339 instant (with an offset)",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    @Parameter(
            name = "created_before",
            in = ParameterIn.QUERY,
            description = "Only executions created before this RFC 3339 instant (with an offset)",
            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
    @APIResponse(
            responseCode = "200",
            description = "A page of executions, newest first",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.ExecutionPage.class)))
    @GET
    @Path("/tool-executions")
    public Response list(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @QueryParam("status") String status,
            @QueryParam("tool") String tool,
            @QueryParam("principal") String principal,
            @QueryParam("created_from") String createdFrom,
            @QueryParam("created_before") String createdBefore,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            UriInfo uri) {
        OperatorCall call = authorize(org, project, OperatorActions.LIST, Scopes.OPERATOR_STATUS, null, "GET", uri);
        ExecutionListQuery query =
                new ExecutionListQuery(status, tool, principal, createdFrom, createdBefore, limit, cursor);
        return ok(OperatorRepresentations.ExecutionPage.of(gateway.list(call, query)));
    }

    /** One execution's safe status. */
    @Operation(operationId = "getOperatorExecution", summary = "Get an execution's safe status")
    @APIResponse(
            responseCode = "200",
            description = "The execution",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.Execution.class)))
    @GET
    @Path("/tool-executions/{id}")
    public Response get(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            UriInfo uri) {
        OperatorCall call = authorize(org, project, OperatorActions.GET, Scopes.OPERATOR_STATUS, id, "GET", uri);
        return ok(OperatorRepresentations.Execution.of(gateway.get(call)));
    }

    /** One execution's input and result or error. */
    @Operation(operationId = "getOperatorExecutionPayload", summary = "Get an execution's input and result")
    @APIResponse(
            responseCode = "200",
            description = "The execution with its input and result or error",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.Payload.class)))
    @GET
    @Path("/tool-executions/{id}/payload")
    public Response payload(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            UriInfo uri) {
        OperatorCall call = authorize(org, project, OperatorActions.PAYLOAD, Scopes.OPERATOR_PAYLOAD, id, "GET", uri);
        return ok(OperatorRepresentations.Payload.of(gateway.payload(call)));
    }

    /** Cancels one execution; 200 with the outcome whatever it is. */
    @Operation(operationId = "cancelOperatorExecution", summary = "Cancel an execution")
    @APIResponse(
            responseCode = "200",
            description = "The outcome, whatever it is",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.CancelResult.class)))
    @POST
    @Path("/tool-executions/{id}/cancel")
    public Response cancel(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            UriInfo uri) {
        OperatorCall call = authorize(org, project, OperatorActions.CANCEL, Scopes.OPERATOR_CANCEL, id, "POST", uri);
        Optional<OperatorCancelResult> result = gateway.cancel(call);
        return ok(result.map(OperatorRepresentations.CancelResult::of)
                .orElseGet(() -> new OperatorRepresentations.CancelResult(
                        id, CancelOutcome.STOP_DELIVERY_UNKNOWN.wireName(), null)));
    }

    /**
     * The gateway's upstream MCP servers the project may use, with the state of each (scope {@code upstreams:admin};
     * docs/gateway.md "Operating upstreams").
     */
    @Operation(operationId = "listUpstreams", summary = "List the project's upstream MCP servers")
    @APIResponse(
            responseCode = "200",
            description = "The upstreams with their state",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorUpstreams.class)))
    @GET
    @Path("/upstreams")
    public Response upstreams(@PathParam("org") String org, @PathParam("project") String project, UriInfo uri) {
        return ok(gateway.upstreams(upstreamCall(org, project, OperatorActions.UPSTREAMS_LIST, null, "GET", uri)));
    }

    /** Lists one upstream's tools again now and answers its state (scope {@code upstreams:admin}). */
    @Operation(operationId = "refreshUpstream", summary = "List an upstream's tools again")
    @APIResponse(
            responseCode = "200",
            description = "The upstream's state",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = UpstreamState.class)))
    @POST
    @Path("/upstreams/{id}/refresh")
    public Response refreshUpstream(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            UriInfo uri) {
        return ok(gateway.refreshUpstream(
                upstreamCall(org, project, OperatorActions.UPSTREAMS_REFRESH, id, "POST", uri)));
    }

    /**
     * Registers an upstream for the project (scope {@code upstreams:admin}; docs/gateway.md "Operating upstreams"): 201
     * with its {@code Location} and {@code ETag}. The body is passed on as sent; job-control reads it strictly.
     */
    @Operation(operationId = "createUpstream", summary = "Register an upstream MCP server")
    @APIResponse(
            responseCode = "201",
            description = "Registered (Location and ETag name it)",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorUpstream.class)))
    @RequestBody(
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "UpstreamRegistration")))
    @POST
    @Path("/upstreams")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response createUpstream(
            @PathParam("org") String org, @PathParam("project") String project, UriInfo uri, byte[] body) {
        OperatorUpstream created = gateway.createUpstream(
                upstreamCall(org, project, OperatorActions.UPSTREAMS_CREATE, null, "POST", uri), body);
        return withEtag(
                Response.created(uri.getRequestUriBuilder().path(created.id()).build()), created);
    }

    /** One upstream the project may see, of the file or registered by it (scope {@code upstreams:admin}). */
    @Operation(operationId = "getUpstream", summary = "Get an upstream")
    @APIResponse(
            responseCode = "200",
            description = "The upstream (ETag: its revision)",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorUpstream.class)))
    @GET
    @Path("/upstreams/{id}")
    public Response getUpstream(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            UriInfo uri) {
        return withEtag(
                Response.ok(),
                gateway.getUpstream(upstreamCall(org, project, OperatorActions.UPSTREAMS_GET, id, "GET", uri)));
    }

    /**
     * Replaces one of the project's registrations (scope {@code upstreams:admin}); with {@code If-Match}, only while
     * it names the current revision (else 412).
     */
    @Operation(operationId = "updateUpstream", summary = "Replace an upstream's registration")
    @APIResponse(
            responseCode = "200",
            description = "Replaced (ETag: the new revision)",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorUpstream.class)))
    @APIResponse(responseCode = "412", description = "If-Match names another revision")
    @RequestBody(
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "UpstreamRegistration")))
    @PUT
    @Path("/upstreams/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateUpstream(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            UriInfo uri,
            byte[] body) {
        return withEtag(
                Response.ok(),
                gateway.updateUpstream(
                        upstreamCall(org, project, OperatorActions.UPSTREAMS_UPDATE, id, "PUT", uri), ifMatch, body));
    }

    /** Deletes one of the project's registrations (scope {@code upstreams:admin}); 204. */
    @Operation(operationId = "deleteUpstream", summary = "Delete an upstream's registration")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "412", description = "If-Match names another revision")
    @DELETE
    @Path("/upstreams/{id}")
    public Response deleteUpstream(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            UriInfo uri) {
        gateway.deleteUpstream(
                upstreamCall(org, project, OperatorActions.UPSTREAMS_DELETE, id, "DELETE", uri), ifMatch);
        return Response.noContent().build();
    }

    /**
     * A page of the deployment's dead-lettered records, metadata only (scope {@code deadletters:admin}, the deployment's
     * operator project only; docs/kafka.md "Dead-letter topics").
     */
    @Operation(operationId = "listDeadLetters", summary = "List dead-lettered records")
    @APIResponse(
            responseCode = "200",
            description = "A page of dead-lettered records, metadata only",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.DeadLetters.class)))
    @GET
    @Path("/dead-letters")
    public Response deadLetters(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @QueryParam("topic") String topic,
            @QueryParam("partition") String partition,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            UriInfo uri) {
        OperatorCall call = deadLetterCall(org, project, OperatorActions.DEADLETTERS_LIST, topic, "GET", uri);
        return ok(OperatorRepresentations.DeadLetters.of(gateway.deadLetters(call, topic, partition, limit, cursor)));
    }

    /** Replays one dead-lettered record to its source topic (scope {@code deadletters:admin}); 409 when done before. */
    @Operation(operationId = "replayDeadLetter", summary = "Replay one dead-lettered record")
    @APIResponse(
            responseCode = "200",
            description = "The record as replayed",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.Replays.class)))
    @APIResponse(responseCode = "409", description = "Replayed before; force=true replays it again")
    @POST
    @Path("/dead-letters/{topic}/{partition}/{offset}/replay")
    public Response replayDeadLetter(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("topic") String topic,
            @PathParam("partition") String partition,
            @PathParam("offset") String offset,
            @QueryParam("force") String force,
            UriInfo uri) {
        OperatorCall call = deadLetterCall(
                org, project, OperatorActions.DEADLETTERS_REPLAY, topic + "/" + partition + "/" + offset, "POST", uri);
        return ok(OperatorRepresentations.Replays.of(
                gateway.replayDeadLetters(call, topic, partition, offset, null, force)));
    }

    /** Replays the dead-lettered records of one partition in [{@code from}, {@code to}] (scope {@code deadletters:admin}). */
    @Operation(operationId = "replayDeadLetterRange", summary = "Replay a range of dead-lettered records")
    @APIResponse(
            responseCode = "200",
            description = "The records as replayed",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.Replays.class)))
    @APIResponse(responseCode = "409", description = "One of them was replayed before; nothing was replayed")
    @POST
    @Path("/dead-letters/{topic}/{partition}/replay")
    public Response replayDeadLetters(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("topic") String topic,
            @PathParam("partition") String partition,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("force") String force,
            UriInfo uri) {
        OperatorCall call = deadLetterCall(
                org,
                project,
                OperatorActions.DEADLETTERS_REPLAY,
                topic + "/" + partition + "/" + from + "-" + to,
                "POST",
                uri);
        if (from == null || to == null) {
            gateway.recordRefusal(call, AuditEntry.INVALID_REQUEST);
            throw ProblemKind.INVALID_REQUEST.exception("A range replay needs from and to.");
        }
        return ok(
                OperatorRepresentations.Replays.of(gateway.replayDeadLetters(call, topic, partition, from, to, force)));
    }

    /** A page of the project's audit log, newest first (scope {@code executions:operator:status}). */
    @Operation(operationId = "listOperatorAudit", summary = "List the project's audit log")
    @APIResponse(
            responseCode = "200",
            description = "A page of audit entries, newest first",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OperatorRepresentations.AuditEntries.class)))
    @GET
    @Path("/audit")
    public Response audit(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            UriInfo uri) {
        OperatorCall call =
                authorize(org, project, OperatorActions.AUDIT_LIST, Scopes.OPERATOR_STATUS, null, "GET", uri);
        return ok(OperatorRepresentations.AuditEntries.of(gateway.audit(call, limit, cursor)));
    }

    private OperatorCall authorize(
            String org, String project, String action, String scope, String handle, String method, UriInfo uri) {
        OperatorCall call = authorizeScope(
                new OperatorCall(principal(), org + "/" + project, action, route(method, uri), handle),
                org,
                project,
                scope);
        // An internal id or anything else that is not a handle never reaches job-control.
        if (handle != null && ExecutionHandles.parse(handle).isEmpty()) {
            gateway.recordRefusal(call, AuditEntry.NOT_FOUND);
            throw Problems.notFound();
        }
        return call;
    }

    // an upstream's id is checked by job-control against the upstreams the project may use, not parsed here
    private OperatorCall upstreamCall(
            String org, String project, String action, String upstreamId, String method, UriInfo uri) {
        return authorizeScope(
                new OperatorCall(principal(), org + "/" + project, action, route(method, uri), upstreamId),
                org,
                project,
                Scopes.UPSTREAMS_ADMIN);
    }

    // dead-letter topics are deployment-wide: job-control refuses (403) any project but the deployment's operator one
    private OperatorCall deadLetterCall(
            String org, String project, String action, String target, String method, UriInfo uri) {
        return authorizeScope(
                new OperatorCall(principal(), org + "/" + project, action, route(method, uri), target),
                org,
                project,
                Scopes.DEADLETTERS_ADMIN);
    }

    private String principal() {
        return callers.principal().orElseThrow(UnauthorizedException::new);
    }

    private static String route(String method, UriInfo uri) {
        String query = uri.getRequestUri().getRawQuery();
        return method + " " + uri.getRequestUri().getRawPath() + (query == null ? "" : "?" + query);
    }

    // token org/project = path (else the uniform 404), then the action's scope (else 403); refusals are audited first
    private OperatorCall authorizeScope(OperatorCall call, String org, String project, String scope) {
        AuthenticatedCaller caller;
        try {
            caller = callers.resolveInPath(org, project);
        } catch (ProblemException e) {
            gateway.recordRefusal(call, AuditEntry.NOT_FOUND);
            throw e;
        }
        if (!caller.scopes().contains(scope)) {
            gateway.recordRefusal(call, AuditEntry.INSUFFICIENT_SCOPE);
            caller.require(scope);
        }
        return call;
    }

    private static Response withEtag(Response.ResponseBuilder response, OperatorUpstream upstream) {
        if (upstream.revision() != null) {
            response.header(HttpHeaders.ETAG, "\"" + upstream.revision() + "\"");
        }
        return response.entity(ProblemResponses.bytes(upstream))
                .type(MediaType.APPLICATION_JSON)
                .build();
    }

    private static Response ok(Object body) {
        return Response.ok(ProblemResponses.bytes(body), MediaType.APPLICATION_JSON)
                .build();
    }
}
