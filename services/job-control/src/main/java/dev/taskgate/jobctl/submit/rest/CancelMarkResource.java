package dev.taskgate.jobctl.submit.rest;

import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.jobctl.query.rest.ExecutionResource;
import dev.taskgate.jobctl.query.rest.MissingCallerException;
import dev.taskgate.jobctl.submit.CancelMarks;

/**
 * {@code PUT /internal/v1/receipts/{receiptKey}/cancel-mark}: a 2025-era call is cancelled by its receipt key. 200
 * with the {@code ExecutionSnapshot} the caller's key admitted (the frontend cancels it unless it ended), or 202
 * when nothing was admitted and a mark now refuses the key; 404 when the admitted execution is no longer visible.
 * Idempotent. Caller in {@code Taskgate-Principal} and {@code Taskgate-Workspace} (400 without them).
 */
@Path("/internal/v1/receipts")
@Produces(MediaType.APPLICATION_JSON)
public class CancelMarkResource {
    private final CancelMarks marks;

    CancelMarkResource(CancelMarks marks) {
        this.marks = marks;
    }

    /** Marks the key cancelled, or names the execution it admitted. */
    @PUT
    @Path("/{receiptKey}/cancel-mark")
    public Uni<Response> mark(
            @RestPath String receiptKey,
            @RestHeader(ExecutionResource.PRINCIPAL) String principal,
            @RestHeader(ExecutionResource.WORKSPACE) String workspace) {
        MissingCallerException.requireCaller(principal, workspace);
        return marks.cancelByReceipt(principal, workspace, receiptKey)
                .map(admitted -> admitted.map(
                                snapshot -> Response.ok(Wire.toBytes(snapshot)).build())
                        .orElseGet(() -> Response.accepted().build()));
    }
}
