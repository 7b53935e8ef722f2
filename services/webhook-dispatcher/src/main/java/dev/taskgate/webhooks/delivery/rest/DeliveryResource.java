package dev.taskgate.webhooks.delivery.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

import dev.taskgate.problem.ProblemResponses;
import dev.taskgate.webhooks.auth.CallerResolver;
import dev.taskgate.webhooks.auth.ProjectCaller;
import dev.taskgate.webhooks.delivery.DeliveryService;
import dev.taskgate.webhooks.subscription.rest.SubscriptionResource;

/** {@code …/webhook-subscriptions/{id}/deliveries}: list, inspect (with attempts) and replay deliveries. */
@Path("/v1/orgs/{org}/projects/{project}/webhook-subscriptions/{subscription}/deliveries")
@Authenticated
@Tag(name = "Webhook deliveries")
public class DeliveryResource {
    private final CallerResolver callers;
    private final DeliveryService deliveries;

    DeliveryResource(CallerResolver callers, DeliveryService deliveries) {
        this.callers = callers;
        this.deliveries = deliveries;
    }

    /** The newest deliveries of the subscription. */
    @Operation(operationId = "listWebhookDeliveries", summary = "List the newest deliveries of a subscription")
    @APIResponse(
            responseCode = "200",
            description = "The newest deliveries, without attempt logs",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = DeliveryList.class)))
    @GET
    public Uni<Response> list(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("subscription") String subscription) {
        ProjectCaller caller = callers.resolve(org, project);
        return deliveries
                .list(caller, SubscriptionResource.uuid(subscription))
                .map(all -> json(
                        200,
                        new DeliveryList(all.stream()
                                .map(d -> DeliveryRepresentation.of(d, null))
                                .toList())));
    }

    /** One delivery with its attempt log. */
    @Operation(operationId = "getWebhookDelivery", summary = "Get a delivery with its attempt log")
    @APIResponse(
            responseCode = "200",
            description = "The delivery with its attempt_log",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = DeliveryRepresentation.class)))
    @GET
    @Path("/{id}")
    public Uni<Response> get(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("subscription") String subscription,
            @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return deliveries
                .get(caller, SubscriptionResource.uuid(subscription), SubscriptionResource.uuid(id))
                .map(detail -> json(200, DeliveryRepresentation.of(detail.delivery(), detail.attempts())));
    }

    /** Sends the delivery again: a new delivery with the same webhook-id and bytes. */
    @Operation(operationId = "replayWebhookDelivery", summary = "Replay a delivery")
    @APIResponse(
            responseCode = "202",
            description = "The new delivery, with the same webhook-id and bytes",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = DeliveryRepresentation.class)))
    @POST
    @Path("/{id}/replay")
    public Uni<Response> replay(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("subscription") String subscription,
            @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return deliveries
                .replay(caller, SubscriptionResource.uuid(subscription), SubscriptionResource.uuid(id))
                .map(d -> json(202, DeliveryRepresentation.of(d, null)));
    }

    private static Response json(int status, Object body) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON)
                .entity(ProblemResponses.bytes(body))
                .build();
    }
}
