package dev.taskgate.cli.execution;

import java.net.URI;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.config.Profile;
import dev.taskgate.cli.http.Api;
import dev.taskgate.cli.http.ApiResponse;

/**
 * The REST tool-execution routes of the frontend ({@code docs/mcp-frontend.md}, "Tool executions") under the
 * profile's workspace.
 */
public final class ExecutionClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Api api;
    private final Profile profile;

    /** The routes of {@code profile}'s workspace, called through {@code api}. */
    public ExecutionClient(Api api, Profile profile) {
        this.api = api;
        this.profile = profile;
    }

    /** {@code POST /}: creates the execution (or answers the one bound to {@code idempotencyKey}). */
    public JsonNode create(String tool, JsonNode input, String idempotencyKey) {
        ObjectNode body = JSON.createObjectNode().put("tool_name", tool);
        body.set("input", input);
        return api.post(route(""), body.toString(), Map.of("Idempotency-Key", idempotencyKey))
                .json();
    }

    /** {@code GET /?limit=&cursor=}: one page. */
    public JsonNode list(int limit, String cursor) {
        String query = "?limit=" + limit + (cursor == null ? "" : "&cursor=" + Ids.queryValue(cursor));
        return api.get(route(query)).json();
    }

    /** {@code GET /{id}}. */
    public JsonNode get(String id) {
        return api.get(route("/" + Ids.segment(id))).json();
    }

    /** {@code GET /{id}/events}: the execution's server-sent events, line by line (close to stop). */
    public Stream<String> events(String id) {
        return api.events(route("/" + Ids.segment(id) + "/events"));
    }

    /** {@code GET /{id}/result}: 200 with the exact result, or 202 while not terminal (failed/cancelled: 409). */
    public ApiResponse result(String id) {
        return api.get(route("/" + Ids.segment(id) + "/result"));
    }

    /** {@code POST /{id}/cancel}: the execution as it stands after the request. */
    public JsonNode cancel(String id) {
        return api.post(route("/" + Ids.segment(id) + "/cancel"), null, Map.of())
                .json();
    }

    /** {@code POST /{id}/input}: answers one input request. */
    public void input(String id, String requestKey, JsonNode response) {
        if (!response.isObject() || !response.has("action")) {
            throw new CliException(
                    ExitCodes.USAGE,
                    "An input response is an object with \"action\" (accept, decline or cancel) and, for accept, "
                            + "\"content\".");
        }
        ObjectNode body = JSON.createObjectNode().put("request_key", requestKey);
        body.set("response", response);
        api.post(route("/" + Ids.segment(id) + "/input"), body.toString(), Map.of());
    }

    private URI route(String path) {
        return profile.workspace(profile.url(), "/tool-executions" + path);
    }
}
