package dev.taskgate.jobctl.submit.rest;

import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.RestPath;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.jobctl.submit.CancelMarks;

/**
 * {@code PUT /internal/v1/receipts/{receiptKey}/cancel-mark}: a 2025-era call is cancelled by its receipt key. 200
 * with the {@code ExecutionSnapshot} the caller's key admitted (the frontend cancels it unless it ended), or 202
 * when nothing was admitted and a mark now refuses the key; 404 when the admitted execution is no longer visible.
 * Idempotent. For the caller the verified caller assertion names.
 */
@Path("/internal/v1/receipts")
@Produces(MediaType.APPLICATION_JSON)
public class CancelMarkResource {
    private final CancelMarks marks;
    private final InternalCaller caller;

    CancelMarkResource(CancelMarks marks, InternalCaller caller) {
        this.marks = marks;
        this.caller = caller;
    }

    /** Marks the key cancelled, or names the execution it admitted. */
    @PUT
    @Path("/{receiptKey}/cancel-mark")
    public Uni<Response> mark(@RestPath String receiptKey) {
        InternalCaller.UserCall user = caller.user();
        return marks.cancelByReceipt(user.principal(), user.workspace(), receiptKey)
                .map(admitted -> admitted.map(
                                snapshot -> Response.ok(Wire.toBytes(snapshot)).build())
                        .orElseGet(() -> Response.accepted().build()));
    }
}
