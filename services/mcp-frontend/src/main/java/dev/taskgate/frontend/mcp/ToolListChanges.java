package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.catalog.OperationCatalog;

/**
 * Tells the 2025-era connections whose tool list changed ({@code notifications/tools/list_changed}, 2025-11-25
 * server/tools): after every change of the gateway's upstream tools, each watch compares what its workspace may list
 * now with what it could list before, and only a changed list is told — a workspace never learns of another one's
 * upstreams.
 */
@Singleton
public class ToolListChanges {
    /** The notification's method (it has no params). */
    public static final String METHOD = "notifications/tools/list_changed";

    private final ToolDefinitions tools;
    private final Set<Watch> watches = ConcurrentHashMap.newKeySet();

    ToolListChanges(ToolDefinitions tools, OperationCatalog catalog) {
        this.tools = tools;
        catalog.onUpstreamChange(this::catalogChanged);
    }

    /** {@code {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}}. */
    public static ObjectNode notification() {
        return JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", METHOD);
    }

    /** A registration; closing it ends the watch. */
    public final class Watch implements AutoCloseable {
        private final String workspace;
        private final Runnable onChange;
        private volatile String digest;

        private Watch(String workspace, Runnable onChange) {
            this.workspace = workspace;
            this.onChange = onChange;
        }

        @Override
        public void close() {
            watches.remove(this);
        }
    }

    /** Runs {@code onChange} whenever the tools a caller in {@code workspace} may list change (never blocks). */
    public Watch watch(String workspace, Runnable onChange) {
        Watch watch = new Watch(workspace, onChange);
        // registered before its first digest: a change in between is told (harmlessly, once), never missed
        watches.add(watch);
        watch.digest = digestOf(workspace);
        return watch;
    }

    // on the thread that changed the catalog (the upstream tools feed); one digest per workspace per change
    void catalogChanged() {
        Map<String, String> now = new HashMap<>();
        for (Watch watch : watches) {
            String digest = now.computeIfAbsent(watch.workspace, this::digestOf);
            if (!digest.equals(watch.digest)) {
                watch.digest = digest;
                watch.onChange.run();
            }
        }
    }

    private String digestOf(String workspace) {
        byte[] listed =
                tools.list(workspace, (tool, policy, mutating) -> {}).toString().getBytes(StandardCharsets.UTF_8);
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(listed));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
