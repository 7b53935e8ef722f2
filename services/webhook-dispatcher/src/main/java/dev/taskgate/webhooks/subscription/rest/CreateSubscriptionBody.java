package dev.taskgate.webhooks.subscription.rest;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.webhooks.problem.Problems;
import dev.taskgate.webhooks.subscription.EventTypes;
import dev.taskgate.webhooks.web.JsonBodies;

/**
 * The body of a create request, {@code {"url": string, "event_types": [string, …], "description"?: string}},
 * parsed from the raw bytes: not JSON → 400 {@code malformed-json}; another shape, unknown members or unknown
 * event types → 400 {@code invalid-request}. The URL itself is checked by the destination policy.
 *
 * @param url         the destination as sent
 * @param eventTypes  the subscribed types, without duplicates
 * @param description free text or null
 */
public record CreateSubscriptionBody(String url, List<String> eventTypes, String description) {
    static final int MAX_DESCRIPTION = 500;
    private static final Set<String> MEMBERS = Set.of("url", "event_types", "description");

    /** Parses and checks the shape; throws the problem for the first defect. */
    public static CreateSubscriptionBody parse(byte[] body) {
        JsonNode root = JsonBodies.object(body, MEMBERS, "url, event_types and description");
        JsonNode url = root.get("url");
        if (url == null || !url.isTextual() || url.asText().isBlank()) {
            throw Problems.invalid("/url", "url is required and must be a non-empty string.");
        }
        JsonNode types = root.get("event_types");
        if (types == null || !types.isArray() || types.isEmpty()) {
            throw Problems.invalid(
                    "/event_types",
                    "event_types is required: a non-empty array, e.g. [\"" + EventTypes.LIFECYCLE + "\"].");
        }
        Set<String> eventTypes = new LinkedHashSet<>();
        for (int i = 0; i < types.size(); i++) {
            JsonNode t = types.get(i);
            if (!t.isTextual() || !EventTypes.SUBSCRIBABLE.contains(t.asText())) {
                throw Problems.invalid(
                        "/event_types/" + i, "Unknown event type " + t + "; known: " + EventTypes.SUBSCRIBABLE + ".");
            }
            eventTypes.add(t.asText());
        }
        JsonNode description = root.get("description");
        String text = null;
        if (description != null && !description.isNull()) {
            if (!description.isTextual() || description.asText().length() > MAX_DESCRIPTION) {
                throw Problems.invalid(
                        "/description", "description must be a string of at most " + MAX_DESCRIPTION + " characters.");
            }
            text = description.asText();
        }
        return new CreateSubscriptionBody(url.asText(), new ArrayList<>(eventTypes), text);
    }
}
