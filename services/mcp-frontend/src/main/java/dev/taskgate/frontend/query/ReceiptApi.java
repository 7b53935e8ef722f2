package dev.taskgate.frontend.query;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** job-control's receipt lookup ({@code docs/design.md}, "Cancellation across replicas"). Raw responses. */
@Path("/internal/v1/receipts")
@Produces(MediaType.APPLICATION_JSON)
public interface ReceiptApi {
    /** 200 {@code ExecutionSnapshot} of the execution the caller's key admitted, or 404. */
    @GET
    @Path("/{receiptKey}")
    Response byReceipt(
            @PathParam("receiptKey") String receiptKey,
            @HeaderParam(JobControlApi.PRINCIPAL) String principal,
            @HeaderParam(JobControlApi.WORKSPACE) String workspace);
}
