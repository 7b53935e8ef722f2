package dev.taskgate.frontend.mcp;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.FrontendConfig;

/**
 * {@code server/discover} and {@code tools/list}. Both are cacheable results (§1: {@code ttlMs} and
 * {@code cacheScope} required); neither depends on who asks, so {@code cacheScope} is {@code public}.
 */
@Singleton
public class ToolListing {
    /** {@code _meta} key under which each tool reports its task policy (2026 has no wire field for it). */
    public static final String TASK_POLICY_META_KEY = "dev.taskgate/taskPolicy";

    private final ToolDefinitions tools;
    private final ServerIdentity server;
    private final long ttlMs;
    private final SurfaceSwitches switches;

    ToolListing(ToolDefinitions tools, ServerIdentity server, FrontendConfig config, SurfaceSwitches switches) {
        this.switches = switches;
        this.tools = tools;
        this.server = server;
        this.ttlMs = config.mcp().listTtl().toMillis();
    }

    /** The {@code server/discover} result. */
    public ObjectNode discover() {
        ObjectNode result = server.result("complete");
        RequestMeta.SUPPORTED_VERSIONS.forEach(result.putArray("supportedVersions")::add);
        ObjectNode capabilities = result.putObject("capabilities");
        // subscriptions/listen tells the changes of the caller's tool list (the upstreams' tools)
        capabilities.putObject("tools").put("listChanged", true);
        // declared whatever the upstreams offer, as tools are: the result is public and cached, the same for every
        // caller, and a caller without upstreams gets empty lists (docs/gateway.md "Resources, prompts and
        // completions")
        capabilities.putObject("resources").put("listChanged", false);
        capabilities.putObject("prompts").put("listChanged", false);
        capabilities.putObject("completions");
        // deprecated in 2026-07-28, still honoured: a request's logLevel brings its operation's log messages
        capabilities.putObject("logging");
        if (switches.nativeTasks()) {
            capabilities.putObject("extensions").putObject(RequestMeta.TASKS_EXTENSION);
            result.put(
                    "instructions",
                    "Tools run as durable executions. Declare the io.modelcontextprotocol/tasks "
                            + "extension to receive long-running calls as tasks and poll them with tasks/get.");
        } else {
            // issue 20 item 9: the task surface is switched off, so the extension is not offered
            result.put("instructions", "Tools run as durable executions; every call is answered synchronously.");
        }
        return cacheable(result);
    }

    /**
     * The {@code tools/list} result for a caller in {@code workspace}: every operation it may use, in catalog order,
     * on one page; private to the caller when upstream tools make the list differ between callers.
     */
    public ObjectNode list(String workspace) {
        ObjectNode result = server.result("complete");
        result.set(
                "tools",
                tools.list(
                        workspace,
                        (tool, policy) -> tool.putObject("_meta")
                                .put(TASK_POLICY_META_KEY, effective(policy).wireName())));
        return tools.variesByCaller() ? result.put("ttlMs", ttlMs).put("cacheScope", "private") : cacheable(result);
    }

    // Without the task surface an optional tool only runs synchronously; a required one cannot run and says so.
    private TaskPolicy effective(TaskPolicy policy) {
        return switches.nativeTasks() || policy == TaskPolicy.REQUIRED ? policy : TaskPolicy.FORBIDDEN;
    }

    private ObjectNode cacheable(ObjectNode result) {
        return result.put("ttlMs", ttlMs).put("cacheScope", "public");
    }
}
