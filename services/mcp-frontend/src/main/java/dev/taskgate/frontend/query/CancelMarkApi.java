package dev.taskgate.frontend.query;

import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** job-control's cancel marks (docs/mcp-frontend.md "Cancellation across replicas"). Raw responses. */
@Path("/internal/v1/receipts")
@Produces(MediaType.APPLICATION_JSON)
public interface CancelMarkApi {
    /**
     * 200 {@code ExecutionSnapshot} of the execution the caller's key admitted; 202 when nothing was admitted and
     * the key is now marked cancelled; 404 when the admitted execution is no longer visible.
     */
    @PUT
    @Path("/{receiptKey}/cancel-mark")
    Response mark(
            @PathParam("receiptKey") String receiptKey,
            @HeaderParam(JobControlApi.PRINCIPAL) String principal,
            @HeaderParam(JobControlApi.WORKSPACE) String workspace);
}
