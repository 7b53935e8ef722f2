package dev.taskgate.webhooks.subscription.rest;

import java.net.URI;
import java.util.Locale;
import java.util.UUID;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

import dev.taskgate.problem.ProblemResponses;
import dev.taskgate.webhooks.auth.CallerResolver;
import dev.taskgate.webhooks.auth.ProjectCaller;
import dev.taskgate.webhooks.delivery.rest.DeliveryRepresentation;
import dev.taskgate.webhooks.delivery.rest.ReplayRangeBody;
import dev.taskgate.webhooks.delivery.rest.ReplayedDeliveries;
import dev.taskgate.webhooks.destination.DestinationUrlPolicy;
import dev.taskgate.webhooks.problem.Problems;
import dev.taskgate.webhooks.subscription.SubscriptionService;
import dev.taskgate.webhooks.web.JsonBodies;

/**
 * {@code /v1/orgs/{org}/projects/{project}/webhook-subscriptions}: create, list, get, delete, rotate the secret,
 * re-enable, send a test event, replay a time range. Every route needs a token for this org/project holding {@code webhooks:admin}.
 */
@Path("/v1/orgs/{org}/projects/{project}/webhook-subscriptions")
@Authenticated
@Tag(name = "Webhook subscriptions")
public class SubscriptionResource {
    private final CallerResolver callers;
    private final SubscriptionService subscriptions;
    private final dev.taskgate.webhooks.delivery.DeliveryService deliveries;
    private final DestinationUrlPolicy urls;

    SubscriptionResource(
            CallerResolver callers,
            SubscriptionService subscriptions,
            dev.taskgate.webhooks.delivery.DeliveryService deliveries,
            DestinationUrlPolicy urls) {
        this.callers = callers;
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.urls = urls;
    }

    /** Creates a subscription; the answer shows its secret, once. */
    @Operation(operationId = "createWebhookSubscription", summary = "Create a subscription")
    @APIResponse(
            responseCode = "201",
            description = "Created, with the secret (shown once) and its Location",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SubscriptionRepresentation.class)))
    @RequestBody(
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(ref = "CreateWebhookSubscription")))
    @POST
    public Uni<Response> create(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            UriInfo uri,
            byte[] body) {
        ProjectCaller caller = callers.resolve(org, project);
        JsonBodies.requireJson(contentType, body);
        CreateSubscriptionBody request = CreateSubscriptionBody.parse(body);
        URI url = urls.check(request.url());
        return subscriptions
                .create(caller, url.toString(), request.eventTypes(), request.description())
                .map(created -> Response.created(URI.create(uri.getRequestUri().getRawPath() + "/"
                                + created.subscription().id()))
                        .type(MediaType.APPLICATION_JSON)
                        .entity(ProblemResponses.bytes(SubscriptionRepresentation.withSecret(
                                created.subscription(), created.secret().serialise())))
                        .build());
    }

    /** The project's subscriptions. */
    @Operation(operationId = "listWebhookSubscriptions", summary = "List the project's subscriptions")
    @APIResponse(
            responseCode = "200",
            description = "The project's subscriptions",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SubscriptionList.class)))
    @GET
    public Uni<Response> list(@PathParam("org") String org, @PathParam("project") String project) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions
                .list(caller)
                .map(all -> json(
                        200,
                        new SubscriptionList(
                                all.stream().map(SubscriptionRepresentation::of).toList())));
    }

    /** One subscription (never its secret). */
    @Operation(operationId = "getWebhookSubscription", summary = "Get a subscription")
    @APIResponse(
            responseCode = "200",
            description = "The subscription, without its secret",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SubscriptionRepresentation.class)))
    @GET
    @Path("/{id}")
    public Uni<Response> get(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions.get(caller, uuid(id)).map(s -> json(200, SubscriptionRepresentation.of(s)));
    }

    /** Deletes the subscription; its pending deliveries are abandoned. */
    @Operation(operationId = "deleteWebhookSubscription", summary = "Delete a subscription")
    @APIResponse(responseCode = "204", description = "Deleted; its pending deliveries are abandoned")
    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions
                .delete(caller, uuid(id))
                .map(v -> Response.noContent().build());
    }

    /** A new secret, shown once; the old one keeps signing until the rotation window ends. */
    @Operation(operationId = "rotateWebhookSubscriptionSecret", summary = "Rotate the signing secret")
    @APIResponse(
            responseCode = "200",
            description = "The subscription with its new secret (shown once)",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SubscriptionRepresentation.class)))
    @POST
    @Path("/{id}/rotate-secret")
    public Uni<Response> rotateSecret(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions
                .rotateSecret(caller, uuid(id))
                .map(rotated -> json(
                        200,
                        SubscriptionRepresentation.withSecret(
                                rotated.subscription(), rotated.secret().serialise())));
    }

    /** Re-enables a disabled subscription. */
    @Operation(operationId = "enableWebhookSubscription", summary = "Re-enable a disabled subscription")
    @APIResponse(
            responseCode = "200",
            description = "The subscription, enabled",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SubscriptionRepresentation.class)))
    @POST
    @Path("/{id}/enable")
    public Uni<Response> enable(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions.enable(caller, uuid(id)).map(s -> json(200, SubscriptionRepresentation.of(s)));
    }

    /** Queues a {@code webhook.test} event. */
    @Operation(operationId = "testWebhookSubscription", summary = "Send a webhook.test event")
    @APIResponse(
            responseCode = "202",
            description = "The queued delivery",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = DeliveryRepresentation.class)))
    @POST
    @Path("/{id}/test")
    public Uni<Response> test(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return deliveries.sendTest(caller, uuid(id)).map(d -> json(202, DeliveryRepresentation.of(d, null)));
    }

    /**
     * Replays every delivery created in [from, to): new deliveries with the same webhook-ids and bytes. Refused
     * (nothing queued) for a bad body, {@code from >= to}, or a range over the configured limits.
     */
    @Operation(operationId = "replayWebhookDeliveries", summary = "Replay the deliveries created in a time range")
    @APIResponse(
            responseCode = "202",
            description = "The queued deliveries",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReplayedDeliveries.class)))
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ReplayRange")))
    @POST
    @Path("/{id}/replay")
    public Uni<Response> replayRange(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            byte[] body) {
        ProjectCaller caller = callers.resolve(org, project);
        UUID subscription = uuid(id);
        JsonBodies.requireJson(contentType, body);
        ReplayRangeBody range = ReplayRangeBody.parse(body);
        return deliveries
                .replayRange(caller, subscription, range.from(), range.to())
                .map(replayed -> json(
                        202,
                        ReplayedDeliveries.of(replayed.stream()
                                .map(d -> DeliveryRepresentation.of(d, null))
                                .toList())));
    }

    static Response json(int status, Object body) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON)
                .entity(ProblemResponses.bytes(body))
                .build();
    }

    /** A path id that is not a UUID names nothing: the uniform 404. */
    public static UUID uuid(String id) {
        try {
            UUID parsed = UUID.fromString(id);
            if (!parsed.toString().equals(id.toLowerCase(Locale.ROOT))) {
                throw Problems.notFound();
            }
            return parsed;
        } catch (IllegalArgumentException e) {
            throw Problems.notFound();
        }
    }
}
