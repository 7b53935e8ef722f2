package dev.taskgate.webhooks.delivery.rest;

import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

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
public class DeliveryResource {
    private final CallerResolver callers;
    private final DeliveryService deliveries;

    DeliveryResource(CallerResolver callers, DeliveryService deliveries) {
        this.callers = callers;
        this.deliveries = deliveries;
    }

    /** The newest deliveries of the subscription. */
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
                        Map.of(
                                "items",
                                all.stream()
                                        .map(d -> DeliveryRepresentation.of(d, null))
                                        .toList())));
    }

    /** One delivery with its attempt log. */
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
