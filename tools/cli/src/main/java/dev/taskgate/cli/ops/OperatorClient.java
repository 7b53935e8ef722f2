package dev.taskgate.cli.ops;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.config.Profile;
import dev.taskgate.cli.execution.Ids;
import dev.taskgate.cli.http.Api;

/**
 * The frontend's operator routes ({@code docs/operations.md}, {@code schemas/openapi/mcp-frontend.json}) under the
 * profile's workspace. Each route has its own scope ({@code executions:operator:status}, {@code :payload} and
 * {@code :cancel}; {@code deadletters:admin} on the deployment's operator project; {@code upstreams:admin};
 * {@code docs/security.md}); a token without it gets 403, which the command line reports as a refusal.
 */
public final class OperatorClient {
    private final Api api;
    private final Profile profile;

    /** The operator routes of {@code profile}'s workspace, called through {@code api}. */
    public OperatorClient(Api api, Profile profile) {
        this.api = api;
        this.profile = profile;
    }

    /** {@code GET /tool-executions}: one page of the project's executions that pass the filter. */
    public JsonNode executions(ExecutionFilter filter, int limit, String cursor) {
        return api.get(route(
                        "/tool-executions",
                        page(
                                limit,
                                cursor,
                                "status",
                                filter.status(),
                                "tool",
                                filter.tool(),
                                "principal",
                                filter.principal(),
                                "created_from",
                                filter.createdFrom(),
                                "created_before",
                                filter.createdBefore())))
                .json();
    }

    /**
     * The filters of the execution list, each optional (the server checks them: 400 when malformed).
     *
     * @param status        a state
     * @param tool          a tool's exact name
     * @param principal     an owner's exact principal
     * @param createdFrom   RFC 3339, inclusive
     * @param createdBefore RFC 3339, exclusive
     */
    public record ExecutionFilter(
            String status, String tool, String principal, String createdFrom, String createdBefore) {}

    /** {@code GET /tool-executions/{id}}: safe status, attempts and replacement history. */
    public JsonNode execution(String id) {
        return api.get(route("/tool-executions/" + Ids.segment(id), Map.of())).json();
    }

    /** {@code GET /tool-executions/{id}/payload}: input and result. */
    public JsonNode payload(String id) {
        return api.get(route("/tool-executions/" + Ids.segment(id) + "/payload", Map.of()))
                .json();
    }

    /** {@code POST /tool-executions/{id}/cancel}: the outcome and the execution afterwards. */
    public JsonNode cancel(String id) {
        return api.post(route("/tool-executions/" + Ids.segment(id) + "/cancel", Map.of()), null, Map.of())
                .json();
    }

    /** {@code GET /audit}: one page of the project's audit log, newest first. */
    public JsonNode audit(int limit, String cursor) {
        return api.get(route("/audit", page(limit, cursor))).json();
    }

    /** {@code GET /dead-letters}: one page of dead-lettered records. */
    public JsonNode deadLetters(String topic, Integer partition, int limit, String cursor) {
        return api.get(route(
                        "/dead-letters",
                        page(
                                limit,
                                cursor,
                                "topic",
                                topic,
                                "partition",
                                partition == null ? null : partition.toString())))
                .json();
    }

    /** {@code POST /dead-letters/{topic}/{partition}/{offset}/replay}: one record back to its source topic. */
    public JsonNode replayDeadLetter(String topic, int partition, long offset, boolean force) {
        return api.post(
                        route(
                                "/dead-letters/" + Ids.segment(topic) + "/" + partition + "/" + offset + "/replay",
                                force ? Map.of("force", "true") : Map.of()),
                        null,
                        Map.of())
                .json();
    }

    /** {@code POST /dead-letters/{topic}/{partition}/replay?from=&to=}: the records of [from, to). */
    public JsonNode replayDeadLetters(String topic, int partition, long from, long to, boolean force) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("from", Long.toString(from));
        query.put("to", Long.toString(to));
        if (force) {
            query.put("force", "true");
        }
        return api.post(
                        route("/dead-letters/" + Ids.segment(topic) + "/" + partition + "/replay", query),
                        null,
                        Map.of())
                .json();
    }

    /** {@code GET /upstreams}. */
    public JsonNode upstreams() {
        return api.get(route("/upstreams", Map.of())).json();
    }

    /** {@code GET /upstreams/{id}}. */
    public JsonNode upstream(String id) {
        return api.get(route("/upstreams/" + Ids.segment(id), Map.of())).json();
    }

    /** {@code POST /upstreams}: registers an upstream from its definition. */
    public JsonNode register(JsonNode definition) {
        return api.post(route("/upstreams", Map.of()), definition.toString(), Map.of())
                .json();
    }

    /** {@code PUT /upstreams/{id}}: replaces a registration. */
    public JsonNode replace(String id, JsonNode definition) {
        return api.put(route("/upstreams/" + Ids.segment(id), Map.of()), definition.toString())
                .json();
    }

    /** {@code DELETE /upstreams/{id}}. */
    public void deregister(String id) {
        api.delete(route("/upstreams/" + Ids.segment(id), Map.of()));
    }

    /** {@code POST /upstreams/{id}/refresh}: lists the upstream's tools again. */
    public JsonNode refresh(String id) {
        return api.post(route("/upstreams/" + Ids.segment(id) + "/refresh", Map.of()), null, Map.of())
                .json();
    }

    private static Map<String, String> page(int limit, String cursor, String... more) {
        Map<String, String> query = new LinkedHashMap<>();
        for (int i = 0; i + 1 < more.length; i += 2) {
            if (more[i + 1] != null) {
                query.put(more[i], more[i + 1]);
            }
        }
        query.put("limit", Integer.toString(limit));
        if (cursor != null) {
            query.put("cursor", cursor);
        }
        return query;
    }

    private URI route(String path, Map<String, String> query) {
        StringJoiner parameters = new StringJoiner("&", "?", "").setEmptyValue("");
        query.forEach((name, value) -> parameters.add(name + "=" + Ids.queryValue(value)));
        return profile.workspace(profile.url(), "/operator" + path + parameters);
    }
}
