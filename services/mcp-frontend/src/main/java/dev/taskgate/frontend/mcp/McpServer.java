package dev.taskgate.frontend.mcp;

import java.util.Optional;

import jakarta.inject.Singleton;

import dev.taskgate.frontend.auth.AuthenticatedCaller;

/**
 * The transport-independent MCP 2026-07-28 server: given a request whose envelope and {@code _meta} were
 * checked (and, on HTTP, whose headers agree with it), dispatches by method: tools and tasks to the durable control
 * service, resources, prompts and completions to the upstreams ({@link FederatedReads}). Unknown, removed and
 * unadvertised methods ({@code initialize}, {@code ping}, {@code tasks/result}, {@code tasks/list},
 * {@code resources/subscribe}, …) are -32601.
 */
@Singleton
public class McpServer {
    private final ToolListing listing;
    private final ToolCalls calls;
    private final Tasks tasks;
    private final FederatedReads federated;
    private final SurfaceSwitches switches;

    McpServer(ToolListing listing, ToolCalls calls, Tasks tasks, FederatedReads federated, SurfaceSwitches switches) {
        this.switches = switches;
        this.listing = listing;
        this.calls = calls;
        this.tasks = tasks;
        this.federated = federated;
    }

    /** The 2025-era handshake: no longer part of this generation, and answered -32601 before any other check. */
    public static boolean isMcp2025Handshake(String method) {
        return "initialize".equals(method);
    }

    /** The params member that {@code Mcp-Name} must repeat for this method (§6.3 and tasks §9), if any. */
    public static Optional<String> nameParam(String method) {
        switch (method) {
            case "tools/call":
            case "prompts/get":
                return Optional.of("name");
            case "resources/read":
                return Optional.of("uri");
            case "tasks/get":
            case "tasks/update":
            case "tasks/cancel":
                return Optional.of("taskId");
            default:
                return Optional.empty();
        }
    }

    /**
     * Serves one request of an authenticated caller, leaving a synchronous {@code tools/call} that is still running
     * to the transport (which streams its progress and must close it). Blocking.
     */
    public Served serve(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        if ("tools/call".equals(request.method())) {
            return calls.start(request, meta, caller);
        }
        return Served.done(handle(request, meta, caller));
    }

    /** Serves one request of an authenticated caller, waiting for a synchronous call's result. Blocking. */
    public McpResult handle(JsonRpcRequest request, RequestMeta meta, AuthenticatedCaller caller) {
        switch (request.method()) {
            case "server/discover":
                return McpResult.of(listing.discover());
            case "tools/list":
                if (request.params().hasNonNull("cursor")) {
                    throw McpErrors.invalidParams("Invalid cursor: tools/list has a single page.", null);
                }
                return McpResult.of(listing.list(caller.caller().workspace()));
            case "tools/call":
                return calls.call(request, meta, caller);
            case "tasks/get":
                requireTasks(request, meta);
                return tasks.get(request, meta, caller);
            case "tasks/cancel":
                requireTasks(request, meta);
                return tasks.cancel(request, caller);
            case "tasks/update":
                requireTasks(request, meta);
                return tasks.update(request, caller);
            case "resources/list":
            case "resources/templates/list":
            case "resources/read":
            case "prompts/list":
            case "prompts/get":
            case "completion/complete":
                return McpResult.of(federated.serve2026(request, caller.caller()));
            default:
                throw McpErrors.methodNotFound(request.method());
        }
    }

    // Switched off (issue 20 item 9), the extension's methods are not served at all: -32601, as for any method this
    // server does not offer. Tasks extension N4: tasks/* from a request that did not declare the extension.
    private void requireTasks(JsonRpcRequest request, RequestMeta meta) {
        if (!switches.nativeTasks()) {
            throw McpErrors.methodNotFound(request.method());
        }
        if (!meta.declaresTasks()) {
            throw McpErrors.tasksExtensionRequired();
        }
    }
}
