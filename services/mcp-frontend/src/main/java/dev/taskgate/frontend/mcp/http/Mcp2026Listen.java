package dev.taskgate.frontend.mcp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.RequestMeta;
import dev.taskgate.frontend.mcp.ServerIdentity;
import dev.taskgate.frontend.mcp.SurfaceSwitches;
import dev.taskgate.frontend.mcp.Tasks;
import dev.taskgate.frontend.mcp.ToolListChanges;

/**
 * {@code subscriptions/listen} of MCP 2026-07-28 over Streamable HTTP: a long-lived SSE answer carrying the
 * notifications the client opted in to and Taskgate can send — {@code toolsListChanged} (the tools its caller may list
 * changed) and, with the tasks extension, {@code taskIds} ({@code notifications/tasks} with the task exactly as
 * {@code tasks/get} shows it, tasks extension §8). First {@code notifications/subscriptions/acknowledged} with the
 * honoured subset (prompt and resource list changes and resource subscriptions are never honoured: Taskgate does not
 * hear of them; unknown or foreign task ids are dropped), then the notifications, each with
 * {@code _meta["io.modelcontextprotocol/subscriptionId"]} = the request's id, keep-alive comments when quiet, and the
 * result that ends the subscription gracefully once nothing is left to tell or after {@code max-open}. Closing the
 * stream is the client's way to end it.
 */
@Singleton
class Mcp2026Listen {
    /** The method. */
    static final String METHOD = "subscriptions/listen";

    static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
    /** Task ids one subscription may name. */
    static final int MAX_TASK_IDS = 100;

    private static final Logger LOG = Logger.getLogger(Mcp2026Listen.class);

    private final Subscriptions subscriptions;
    private final Tasks tasks;
    private final ToolListChanges toolLists;
    private final ServerIdentity server;
    private final SurfaceSwitches switches;
    private final FrontendConfig.Listen limits;

    Mcp2026Listen(
            Subscriptions subscriptions,
            Tasks tasks,
            ToolListChanges toolLists,
            ServerIdentity server,
            SurfaceSwitches switches,
            FrontendConfig config) {
        this.subscriptions = subscriptions;
        this.tasks = tasks;
        this.toolLists = toolLists;
        this.server = server;
        this.switches = switches;
        this.limits = config.listen();
    }

    /** Opens the subscription (its SSE answer), or throws the JSON-RPC error that refuses it. */
    Response open(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller, HttpServerResponse connection) {
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
        Subscription subscription =
                new Subscription(request.id(), caller, meta.clientCapabilities(), toolsListChanged, followed);
        if (!subscriptions.open(subscription)) {
            throw McpErrors.unavailable("Too many open subscriptions on this server; retry later.");
        }
        ObjectNode honoured = JsonNodeFactory.instance.objectNode();
        if (toolsListChanged) {
            honoured.put("toolsListChanged", true);
        }
        if (requested.has("taskIds")) {
            ArrayNode ids = honoured.putArray("taskIds");
            followed.values().forEach(ids::add);
        }
        connection.closeHandler(v -> subscriptions.closed(subscription));
        StreamingOutput body = out -> serve(subscription, honoured, out, connection);
        return SseEvents.response(body);
    }

    private static boolean flag(JsonNode requested, String name) {
        JsonNode value = requested.get(name);
        if (value != null && !value.isBoolean()) {
            throw McpErrors.invalidParams("params.notifications." + name + " must be true or false.", null);
        }
        return value != null && value.asBoolean();
    }

    // tasks extension N5: task ids need the extension declared; unknown, foreign and ended tasks are not followed
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
            if (!switches.nativeTasks()) {
                continue; // the extension is switched off: no task of it exists to follow
            }
            tasks.read(taskId.asText(), caller, meta.clientCapabilities())
                    .filter(read -> !read.terminal())
                    .ifPresent(read -> followed.put(read.executionId(), taskId.asText()));
        }
        return followed;
    }

    private void serve(
            Subscription subscription, ObjectNode honoured, OutputStream out, HttpServerResponse connection) {
        long now = System.nanoTime();
        long endAt = now + limits.maxOpen().toNanos();
        long keepAlive = limits.keepAlive().toNanos();
        ToolListChanges.Watch toolList =
                toolLists.watch(subscription.caller().caller().workspace(), subscription::offerToolsChanged);
        try {
            ObjectNode params = honoured.objectNode();
            params.putObject("_meta").set(SUBSCRIPTION_ID, subscription.id());
            params.set("notifications", honoured);
            send(out, notification("notifications/subscriptions/acknowledged", params));
            // a task may have moved between the check above and the acknowledgement: tell where it is now
            for (UUID executionId : subscription.followedExecutions()) {
                tellTask(subscription, executionId, out);
            }
            long lastSent = System.nanoTime();
            while (subscription.hasMoreToTell()) {
                if (connection.closed()) {
                    return;
                }
                now = System.nanoTime();
                if (now - endAt >= 0) {
                    break;
                }
                Object next = subscription.poll(Math.min(endAt, lastSent + keepAlive) - now);
                if (next == null) {
                    if (System.nanoTime() - (lastSent + keepAlive) >= 0) {
                        SseEvents.keepAlive(out);
                        lastSent = System.nanoTime();
                    }
                } else if (subscription.isToolsChanged(next)) {
                    ObjectNode changed = JsonNodeFactory.instance.objectNode();
                    changed.putObject("_meta").set(SUBSCRIPTION_ID, subscription.id());
                    send(out, notification(ToolListChanges.METHOD, changed));
                    lastSent = System.nanoTime();
                } else if (next instanceof ExecutionChanged changed
                        && tellTask(subscription, changed.executionId(), out)) {
                    lastSent = System.nanoTime();
                }
            }
            // nothing left to tell, or open long enough: end it gracefully (the client may listen again)
            ObjectNode result = server.result("complete");
            result.withObject("_meta").set(SUBSCRIPTION_ID, subscription.id());
            SseEvents.eventOnOneLine(out, McpResponses.result(subscription.id(), McpResult.of(result)));
        } catch (IOException e) {
            LOG.debugf("subscription stream closed by the client");
        } catch (McpException e) {
            LOG.debugf("subscription ended: a task could not be read reason=%s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            toolList.close();
            subscriptions.closed(subscription);
        }
    }

    // Reads the task as tasks/get shows it and tells it when its status is news; whether something was sent.
    private boolean tellTask(Subscription subscription, UUID executionId, OutputStream out) throws IOException {
        String taskId = subscription.taskOf(executionId);
        if (taskId == null) {
            return false;
        }
        Optional<Tasks.TaskRead> read = tasks.read(taskId, subscription.caller(), subscription.capabilities());
        if (read.isEmpty()) {
            subscription.forget(executionId); // gone past its retention: nothing more to tell
            return false;
        }
        if (read.get().terminal()) {
            subscription.forget(executionId);
        }
        ObjectNode task = read.get().task();
        if (!subscription.isNews(taskId, task.path("status").asText())) {
            return false;
        }
        // the task as tasks/get shows it, without what frames a result (its type, the server's identity)
        ObjectNode params = task.deepCopy();
        params.remove("resultType");
        ObjectNode meta = params.withObject("_meta");
        meta.remove(ServerIdentity.SERVER_INFO_KEY);
        meta.set(SUBSCRIPTION_ID, subscription.id());
        send(out, notification("notifications/tasks", params));
        return true;
    }

    private static ObjectNode notification(String method, ObjectNode params) {
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", method);
        message.set("params", params);
        return message;
    }

    private static void send(OutputStream out, ObjectNode message) throws IOException {
        SseEvents.eventOnOneLine(out, McpResponses.notification(message));
    }
}
