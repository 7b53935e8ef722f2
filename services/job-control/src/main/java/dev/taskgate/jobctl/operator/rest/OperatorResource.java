package dev.taskgate.jobctl.operator.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.OperatorCancellationService;
import dev.taskgate.jobctl.operator.OperatorQueries;
import dev.taskgate.jobctl.operator.OperatorRequestException;
import dev.taskgate.jobctl.operator.audit.AuditLog;

/**
 * job-control's internal operator API (docs/mcp-frontend.md "Operator API"). Not exposed outside the cluster: the frontend
 * has verified the operator's token, its project and the scope of the action, and forwards the operator in
 * {@code Taskgate-Principal}, the route's project in {@code Taskgate-Workspace} and the public route in
 * {@code Taskgate-Route} (for the audit log). Executions are named by their owners' public handles.
 */
@Path("/internal/v1/operator")
@Produces(MediaType.APPLICATION_JSON)
public class OperatorResource {

    static final String PRINCIPAL = "Taskgate-Principal";
    static final String WORKSPACE = "Taskgate-Workspace";
    static final String ROUTE = "Taskgate-Route";

    private final OperatorQueries queries;
    private final OperatorCancellationService cancellations;
    private final AuditLog audit;

    OperatorResource(OperatorQueries queries, OperatorCancellationService cancellations, AuditLog audit) {
        this.queries = queries;
        this.cancellations = cancellations;
        this.audit = audit;
    }

    /** A page of the project's executions (safe status), newest first. */
    @GET
    @Path("/executions")
    public Uni<OperatorExecutionPage> list(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestHeader(ROUTE) String route,
            @RestQuery String status,
            @RestQuery String limit,
            @RestQuery String cursor) {
        return queries.list(call(principal, workspace, route), status, limit, cursor);
    }

    /** One execution's safe status; 404 unless the handle is its owner's and it is in this project. */
    @GET
    @Path("/executions/{handle}")
    public Uni<OperatorExecution> get(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestHeader(ROUTE) String route,
            @RestPath String handle) {
        return queries.get(call(principal, workspace, route), handle);
    }

    /** One execution's input and result or error. */
    @GET
    @Path("/executions/{handle}/payload")
    public Uni<OperatorPayload> payload(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestHeader(ROUTE) String route,
            @RestPath String handle) {
        return queries.payload(call(principal, workspace, route), handle);
    }

    /** Cancels one execution; the outcome says what happened. */
    @POST
    @Path("/executions/{handle}/cancel")
    public Uni<OperatorCancelResult> cancel(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestHeader(ROUTE) String route,
            @RestPath String handle) {
        return cancellations.cancel(call(principal, workspace, route), handle);
    }

    /** A page of the project's audit log, newest first. */
    @GET
    @Path("/audit")
    public Uni<AuditPage> auditPage(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestHeader(ROUTE) String route,
            @RestQuery String limit,
            @RestQuery String cursor) {
        return audit.page(call(principal, workspace, route), limit, cursor);
    }

    /** Records a call the frontend refused itself (no scope, malformed handle, another project); 204. */
    @POST
    @Path("/audit")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Void> recordRefusal(
            @RestHeader(PRINCIPAL) String principal,
            @RestHeader(WORKSPACE) String workspace,
            @RestHeader(ROUTE) String route,
            AuditEntry entry) {
        return audit.recordRefusal(call(principal, workspace, route), entry);
    }

    private static OperatorCall call(String principal, String workspace, String route) {
        for (String[] header : new String[][] {{PRINCIPAL, principal}, {WORKSPACE, workspace}, {ROUTE, route}}) {
            if (header[1] == null || header[1].isBlank()) {
                throw new OperatorRequestException("The header " + header[0] + " is required and must not be blank.");
            }
        }
        return new OperatorCall(principal, workspace, route);
    }
}
