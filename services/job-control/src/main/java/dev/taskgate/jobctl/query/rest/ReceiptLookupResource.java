package dev.taskgate.jobctl.query.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.jobctl.query.ReceiptLookup;

/**
 * {@code GET /internal/v1/receipts/{receiptKey}}: the safe status of the execution the caller's receipt key
 * admitted; 404 when none (unknown key, another caller's, past visibility). Caller in {@code Taskgate-Principal} and
 * {@code Taskgate-Workspace} as for the other internal queries (400 without them).
 */
@Path("/internal/v1/receipts")
@Produces(MediaType.APPLICATION_JSON)
public class ReceiptLookupResource {
    private final ReceiptLookup lookup;

    ReceiptLookupResource(ReceiptLookup lookup) {
        this.lookup = lookup;
    }

    /** The execution admitted under the key. */
    @GET
    @Path("/{receiptKey}")
    public Uni<ExecutionSnapshot> get(
            @RestPath String receiptKey,
            @RestHeader(ExecutionResource.PRINCIPAL) String principal,
            @RestHeader(ExecutionResource.WORKSPACE) String workspace) {
        if (principal == null || principal.isBlank()) {
            throw new MissingCallerException(ExecutionResource.PRINCIPAL);
        }
        if (workspace == null || workspace.isBlank()) {
            throw new MissingCallerException(ExecutionResource.WORKSPACE);
        }
        return lookup.byReceipt(receiptKey, principal, workspace);
    }
}
