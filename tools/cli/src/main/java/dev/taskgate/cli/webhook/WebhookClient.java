package dev.taskgate.cli.webhook;

import java.net.URI;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.config.Profile;
import dev.taskgate.cli.execution.Ids;
import dev.taskgate.cli.http.Api;

/**
 * webhook-dispatcher's subscription and delivery routes ({@code docs/webhooks.md}, "Subscriptions API") under the profile's
 * workspace; the token needs {@code webhooks:admin}.
 */
public final class WebhookClient {
    private final Api api;
    private final Profile profile;

    /** The routes of {@code profile}'s workspace at its {@code webhooks_url}. */
    public WebhookClient(Api api, Profile profile) {
        if (profile.webhooksUrl() == null) {
            throw new CliException(
                    ExitCodes.CONFIG,
                    "Profile '" + profile.name() + "' has no webhooks_url (webhook-dispatcher's base URL); set it, "
                            + "or use TASKGATE_WEBHOOKS_URL or --webhooks-url.");
        }
        this.api = api;
        this.profile = profile;
    }

    /** {@code POST /}: the subscription with its secret (shown only here). */
    public JsonNode create(String body) {
        return api.post(route(""), body, Map.of()).json();
    }

    /** {@code GET /}. */
    public JsonNode list() {
        return api.get(route("")).json();
    }

    /** {@code GET /{id}}. */
    public JsonNode get(String id) {
        return api.get(route("/" + Ids.segment(id))).json();
    }

    /** {@code DELETE /{id}}. */
    public void delete(String id) {
        api.delete(route("/" + Ids.segment(id)));
    }

    /** {@code POST /{id}/rotate-secret}: the subscription with its new secret. */
    public JsonNode rotate(String id) {
        return api.post(route("/" + Ids.segment(id) + "/rotate-secret"), null, Map.of())
                .json();
    }

    /** {@code POST /{id}/enable}. */
    public JsonNode enable(String id) {
        return api.post(route("/" + Ids.segment(id) + "/enable"), null, Map.of())
                .json();
    }

    /** {@code POST /{id}/test}: the queued delivery. */
    public JsonNode test(String id) {
        return api.post(route("/" + Ids.segment(id) + "/test"), null, Map.of()).json();
    }

    /** {@code GET /{id}/deliveries}: the newest deliveries. */
    public JsonNode deliveries(String id) {
        return api.get(route("/" + Ids.segment(id) + "/deliveries")).json();
    }

    /** {@code GET /{id}/deliveries/{delivery}}: one delivery with its attempt log. */
    public JsonNode delivery(String id, String delivery) {
        return api.get(route("/" + Ids.segment(id) + "/deliveries/" + Ids.segment(delivery)))
                .json();
    }

    /** {@code POST /{id}/deliveries/{delivery}/replay}: the new delivery. */
    public JsonNode replayDelivery(String id, String delivery) {
        return api.post(
                        route("/" + Ids.segment(id) + "/deliveries/" + Ids.segment(delivery) + "/replay"),
                        null,
                        Map.of())
                .json();
    }

    /** {@code POST /{id}/replay}: the deliveries created in [from, to), queued again. */
    public JsonNode replayRange(String id, String body) {
        return api.post(route("/" + Ids.segment(id) + "/replay"), body, Map.of())
                .json();
    }

    private URI route(String path) {
        return profile.workspace(profile.webhooksUrl(), "/webhook-subscriptions" + path);
    }
}
