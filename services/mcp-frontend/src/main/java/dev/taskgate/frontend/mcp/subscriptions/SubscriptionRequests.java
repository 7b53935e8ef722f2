package dev.taskgate.frontend.mcp.subscriptions;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.RequestMeta;
import dev.taskgate.frontend.mcp.SurfaceSwitches;
import dev.taskgate.frontend.mcp.Tasks;

/**
 * Reads a {@code subscriptions/listen} request into the subscription Taskgate agrees to: {@code toolsListChanged},
 * and with the tasks extension the caller's running 2026-07-28 tasks among {@code taskIds} (unknown, forged, foreign,
 * other generations' and ended ones are dropped). Prompt and resource list changes and resource subscriptions are
 * never honoured: Taskgate does not hear of the upstreams' changes. A malformed filter is -32602; task ids without the
 * extension declared are -32021 (tasks extension N5).
 */
@Singleton
public class SubscriptionRequests {
    /** The method. */
    public static final String METHOD = "subscriptions/listen";
    /** Task ids one subscription may name. */
    static final int MAX_TASK_IDS = 100;

    private final Tasks tasks;
    private final SurfaceSwitches switches;

    SubscriptionRequests(Tasks tasks, SurfaceSwitches switches) {
        this.tasks = tasks;
        this.switches = switches;
    }

    /**
     * The subscription agreed to and what its acknowledgement says.
     *
     * @param subscription the subscription, not registered yet
     * @param honoured     the acknowledgement's {@code notifications}
     */
    public record Agreed(Subscription subscription, ObjectNode honoured) {}

    /** Reads {@code request}; throws the JSON-RPC error that refuses it. Asks job-control about the task ids. */
    public Agreed read(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        JsonNode requested = request.params().get("notifications");
        if (requested == null || !requested.isObject()) {
            throw McpErrors.invalidParams("params.notifications is required (an object).", null);
        }
        boolean toolsListChanged = flag(requested, "toolsListChanged");
        flag(requested, "promptsListChanged");
        flag(requested, "resourcesListChanged");
        JsonNode resources = requested.get("resourceSubscriptions");
        if (resources != null && !resources.isArray()) {
            throw McpErrors.invalidParams("params.notifications.resourceSubscriptions must be an array.", null);
        }
        Map<UUID, String> followed = followed(requested.get("taskIds"), meta, caller);
        ObjectNode honoured = JsonNodeFactory.instance.objectNode();
        if (toolsListChanged) {
            honoured.put("toolsListChanged", true);
        }
        if (requested.has("taskIds")) {
            ArrayNode ids = honoured.putArray("taskIds");
            followed.values().forEach(ids::add);
        }
        return new Agreed(
                new Subscription(request.id(), caller, meta.clientCapabilities(), toolsListChanged, followed),
                honoured);
    }

    private static boolean flag(JsonNode requested, String name) {
        JsonNode value = requested.get(name);
        if (value != null && !value.isBoolean()) {
            throw McpErrors.invalidParams("params.notifications." + name + " must be true or false.", null);
        }
        return value != null && value.asBoolean();
    }

    private Map<UUID, String> followed(JsonNode taskIds, RequestMeta meta, AuthenticatedCaller caller) {
        Map<UUID, String> followed = new LinkedHashMap<>();
        if (taskIds == null) {
            return followed;
        }
        if (!taskIds.isArray()) {
            throw McpErrors.invalidParams("params.notifications.taskIds must be an array of task ids.", null);
        }
        if (taskIds.size() > MAX_TASK_IDS) {
            throw McpErrors.invalidParams(
                    "params.notifications.taskIds names more than " + MAX_TASK_IDS + " tasks.", null);
        }
        if (!taskIds.isEmpty() && !meta.declaresTasks()) {
            throw McpErrors.tasksExtensionRequired();
        }
        for (JsonNode taskId : taskIds) {
            if (!taskId.isTextual()) {
                throw McpErrors.invalidParams("params.notifications.taskIds must be an array of task ids.", null);
            }
        }
        if (!switches.nativeTasks()) {
            return followed; // the extension is switched off: no task of it exists to follow
        }
        for (JsonNode taskId : taskIds) {
            tasks.read(taskId.asText(), caller, meta.clientCapabilities())
                    .filter(read -> !read.terminal())
                    .ifPresent(read -> followed.put(read.executionId(), taskId.asText()));
        }
        return followed;
    }
}
