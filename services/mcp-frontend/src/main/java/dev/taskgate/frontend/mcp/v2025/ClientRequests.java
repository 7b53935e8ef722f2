package dev.taskgate.frontend.mcp.v2025;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.mcp.ClientCapabilities;

/**
 * Turns the input an execution waits for (request key → MCP {@code InputRequest} {@code {method, params}}) into
 * JSON-RPC requests to a 2025-era client, each with an id from {@link ClientRequestIds}. A request is only sent when
 * the session's client declared the capability it needs (lifecycle: servers must respect client capabilities):
 * {@code elicitation} (and {@code elicitation.url} for a {@code url}-mode elicitation; none before 2025-06-18) for
 * {@code elicitation/create}, {@code sampling} for {@code sampling/createMessage}, {@code roots} for
 * {@code roots/list} (an upstream's, relayed by the gateway). Anything else is never sent.
 */
@Singleton
public class ClientRequests {
    /** Elicitation appeared in 2025-06-18; 2025-03-26 clients cannot have it. */
    private static final String FIRST_ELICITATION_VERSION = "2025-06-18";

    /**
     * What to send for one round of requests.
     *
     * @param messages    the JSON-RPC requests, in the order the execution listed them
     * @param unsupported the request keys the client cannot be asked (missing capability), with their method
     */
    public record Plan(List<ObjectNode> messages, Map<String, String> unsupported) {
        /** Whether every request can be sent. */
        public boolean isComplete() {
            return unsupported.isEmpty();
        }
    }

    private final ClientRequestIds ids;

    ClientRequests(ClientRequestIds ids) {
        this.ids = ids;
    }

    /**
     * The requests for {@code asked} (key → {@code InputRequest}) of {@code executionId}, in {@code session}.
     *
     * @param relatedTaskId the task id when the execution is a 2025-11-25 task (adds the related-task {@code _meta},
     *                      tasks §8), else {@code null}
     */
    public Plan plan(Mcp2025Session session, UUID executionId, ObjectNode asked, String relatedTaskId) {
        List<ObjectNode> messages = new ArrayList<>();
        Map<String, String> unsupported = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : asked.properties()) {
            String method = entry.getValue().path("method").asText("");
            JsonNode params = entry.getValue().get("params");
            if (!canAsk(session, method, params)) {
                unsupported.put(entry.getKey(), method);
                continue;
            }
            ObjectNode message = JsonNodeFactory.instance
                    .objectNode()
                    .put("jsonrpc", "2.0")
                    .put(
                            "id",
                            ids.mint(
                                    session.clientRequestScope(),
                                    new ClientRequestIds.Target(executionId, entry.getKey(), method)))
                    .put("method", method);
            ObjectNode outgoing = params != null && params.isObject()
                    ? ((ObjectNode) params).deepCopy()
                    : JsonNodeFactory.instance.objectNode();
            if ("elicitation/create".equals(method) && !Mcp2025Server.LATEST.equals(session.protocolVersion())) {
                outgoing.remove("mode"); // 2025-06-18 knows form elicitation only, without the member
            }
            if (relatedTaskId != null) {
                ObjectNode meta = outgoing.has("_meta") && outgoing.get("_meta").isObject()
                        ? (ObjectNode) outgoing.get("_meta")
                        : outgoing.putObject("_meta");
                meta.putObject(Mcp2025Tasks.RELATED_TASK).put("taskId", relatedTaskId);
            }
            message.set("params", outgoing);
            messages.add(message);
        }
        return new Plan(messages, unsupported);
    }

    /** Whether the session's client can be sent a {@code method} request with these params. */
    static boolean canAsk(Mcp2025Session session, String method, JsonNode params) {
        if (session.clientRequestScope() == null) {
            return false;
        }
        if ("elicitation/create".equals(method) && FIRST_ELICITATION_VERSION.compareTo(session.protocolVersion()) > 0) {
            return false;
        }
        return ClientCapabilities.canAnswer(session.clientCapabilities(), method, params);
    }
}
