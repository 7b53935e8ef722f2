package dev.taskgate.frontend.mcp.subscriptions;

import java.io.IOException;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.McpResponses;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.ServerIdentity;
import dev.taskgate.frontend.mcp.Tasks;
import dev.taskgate.frontend.mcp.ToolListChanges;
import dev.taskgate.frontend.web.ClientDeparture;

/**
 * Runs one subscription on its transport (Streamable HTTP: an SSE answer; stdio: lines on the output): first
 * {@code notifications/subscriptions/acknowledged} with the honoured subset, then the current state of each followed
 * task (a change between the client's last {@code tasks/get} and the subscription is not missed), then
 * {@code notifications/tools/list_changed} when the caller's tool list changes and {@code notifications/tasks} — the
 * task exactly as {@code tasks/get} shows it — when a followed task's status changes, each with
 * {@code _meta["io.modelcontextprotocol/subscriptionId"]}. It ends with the result
 * ({@code resultType: complete}) once nothing is left to tell or after {@code max-open}, and without one when the
 * client ends it or goes away. Blocking: it holds its thread.
 */
@Singleton
public class SubscriptionStream {
    static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    /** Where a subscription's messages go. */
    public interface Sink {
        /** Writes one JSON-RPC message. */
        void send(byte[] message) throws IOException;

        /** Says the subscription is still there after a quiet period (SSE: a comment; stdio: nothing). */
        void keepAlive() throws IOException;

        /** Whether the client went away. */
        boolean gone();
    }

    private final Subscriptions subscriptions;
    private final Tasks tasks;
    private final ToolListChanges toolLists;
    private final ServerIdentity server;
    private final FrontendConfig.Listen limits;

    SubscriptionStream(
            Subscriptions subscriptions,
            Tasks tasks,
            ToolListChanges toolLists,
            ServerIdentity server,
            FrontendConfig config) {
        this.subscriptions = subscriptions;
        this.tasks = tasks;
        this.toolLists = toolLists;
        this.server = server;
        this.limits = config.listen();
    }

    /**
     * Runs {@code agreed}, registered already, until it ends; forgets it then. {@link IOException}: the client's
     * side of the transport broke.
     */
    public void run(SubscriptionRequests.Agreed agreed, Sink sink) throws IOException, InterruptedException {
        Subscription subscription = agreed.subscription();
        ToolListChanges.Watch toolList =
                toolLists.watch(subscription.caller().caller().workspace(), subscription::offerToolsChanged);
        try {
            ObjectNode params = JsonNodeFactory.instance.objectNode();
            params.putObject("_meta").set(SUBSCRIPTION_ID, subscription.id());
            params.set("notifications", agreed.honoured());
            sink.send(notification("notifications/subscriptions/acknowledged", params));
            for (UUID executionId : subscription.followedExecutions()) {
                tellTask(subscription, executionId, sink);
            }
            long now = System.nanoTime();
            long endAt = now + limits.maxOpen().toNanos();
            long keepAlive = limits.keepAlive().toNanos();
            long lastSent = now;
            while (subscription.hasMoreToTell()) {
                if (subscription.ended() || sink.gone()) {
                    return; // the client ended it: no result
                }
                now = System.nanoTime();
                if (now - endAt >= 0) {
                    break;
                }
                Object next =
                        subscription.poll(ClientDeparture.wakeAt(Math.min(endAt, lastSent + keepAlive), now) - now);
                if (next == null) {
                    if (!subscription.ended() && System.nanoTime() - (lastSent + keepAlive) >= 0) {
                        sink.keepAlive();
                        lastSent = System.nanoTime();
                    }
                } else if (subscription.isToolsChanged(next)) {
                    ObjectNode changed = JsonNodeFactory.instance.objectNode();
                    changed.putObject("_meta").set(SUBSCRIPTION_ID, subscription.id());
                    sink.send(notification(ToolListChanges.METHOD, changed));
                    lastSent = System.nanoTime();
                } else if (next instanceof ExecutionChanged changed
                        && tellTask(subscription, changed.executionId(), sink)) {
                    lastSent = System.nanoTime();
                }
            }
            // nothing left to tell, or open long enough: end it gracefully (the client may listen again)
            ObjectNode result = server.result("complete");
            result.withObject("_meta").set(SUBSCRIPTION_ID, subscription.id());
            sink.send(McpResponses.result(subscription.id(), McpResult.of(result)));
        } finally {
            toolList.close();
            subscriptions.closed(subscription);
        }
    }

    // Reads the task as tasks/get shows it and tells it when its status is news; whether something was sent.
    private boolean tellTask(Subscription subscription, UUID executionId, Sink sink) throws IOException {
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
        sink.send(notification("notifications/tasks", params));
        return true;
    }

    private static byte[] notification(String method, ObjectNode params) {
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", method);
        message.set("params", params);
        return McpResponses.notification(message);
    }
}
