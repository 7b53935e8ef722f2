package dev.taskgate.webhooks.subscription.rest;

import java.net.URI;
import java.util.Locale;
import java.util.Map;
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

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

import dev.taskgate.problem.ProblemResponses;
import dev.taskgate.webhooks.auth.CallerResolver;
import dev.taskgate.webhooks.auth.ProjectCaller;
import dev.taskgate.webhooks.delivery.rest.ReplayRangeBody;
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
    @GET
    public Uni<Response> list(@PathParam("org") String org, @PathParam("project") String project) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions
                .list(caller)
                .map(all -> json(
                        200,
                        Map.of(
                                "items",
                                all.stream().map(SubscriptionRepresentation::of).toList())));
    }

    /** One subscription (never its secret). */
    @GET
    @Path("/{id}")
    public Uni<Response> get(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions.get(caller, uuid(id)).map(s -> json(200, SubscriptionRepresentation.of(s)));
    }

    /** Deletes the subscription; its pending deliveries are abandoned. */
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
    @POST
    @Path("/{id}/enable")
    public Uni<Response> enable(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return subscriptions.enable(caller, uuid(id)).map(s -> json(200, SubscriptionRepresentation.of(s)));
    }

    /** Queues a {@code webhook.test} event. */
    @POST
    @Path("/{id}/test")
    public Uni<Response> test(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        ProjectCaller caller = callers.resolve(org, project);
        return deliveries
                .sendTest(caller, uuid(id))
                .map(d -> json(202, dev.taskgate.webhooks.delivery.rest.DeliveryRepresentation.of(d, null)));
    }

    /**
     * Replays every delivery created in [from, to): new deliveries with the same webhook-ids and bytes. Refused
     * (nothing queued) for a bad body, {@code from >= to}, or a range over the configured limits.
     */
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
                        Map.of(
                                "replayed",
                                replayed.size(),
                                "items",
                                replayed.stream()
                                        .map(d ->
                                                dev.taskgate.webhooks.delivery.rest.DeliveryRepresentation.of(d, null))
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
