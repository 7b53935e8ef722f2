package dev.taskgate.frontend.mcp.v2025;

import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.FederatedReads;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.RequestKeys;
import dev.taskgate.frontend.mcp.Served;
import dev.taskgate.frontend.mcp.ServerIdentity;
import dev.taskgate.frontend.mcp.SurfaceSwitches;
import dev.taskgate.frontend.mcp.TaskPolicy;
import dev.taskgate.frontend.mcp.ToolDefinitions;

/**
 * The transport-independent 2025-era MCP server (protocol versions 2025-03-26, 2025-06-18, 2025-11-25) over the
 * same durable control service as 2026-07-28: {@code initialize} negotiation, {@code ping}, {@code tools/list}
 * with {@code execution.taskSupport}, {@code tools/call} (the catalog's tools and the compatibility tools), the
 * 2025-11-25 core tasks, and the upstreams' resources, prompts and completions ({@link FederatedReads}). Results carry no {@code resultType}. The session (who, which version, which client
 * capabilities) is resolved by the transport.
 */
@Singleton
public class Mcp2025Server {
    /** The versions this adapter speaks, newest last. */
    public static final List<String> VERSIONS = List.of("2025-03-26", "2025-06-18", "2025-11-25");
    /** The version answered to a client that asks for one this adapter does not speak. */
    public static final String LATEST = "2025-11-25";

    private final ToolDefinitions tools;
    private final Mcp2025ToolCalls calls;
    private final Mcp2025Tasks tasks;
    private final String serverVersion;
    private final Mcp2025Sessions sessions;
    private final FederatedReads federated;
    private final SurfaceSwitches switches;

    Mcp2025Server(
            ToolDefinitions tools,
            Mcp2025ToolCalls calls,
            Mcp2025Tasks tasks,
            FrontendConfig config,
            Mcp2025Sessions sessions,
            FederatedReads federated,
            SurfaceSwitches switches) {
        this.switches = switches;
        this.tools = tools;
        this.federated = federated;
        this.sessions = sessions;
        this.calls = calls;
        this.tasks = tasks;
        this.serverVersion = config.mcp().serverVersion();
    }

    /**
     * Whether a session of {@code protocolVersion} has tasks: only 2025-11-25 defines them, and only while the native
     * task surface is on (issue 20 item 9). A session without them is served exactly like an older version's: no
     * {@code tasks} capability, no {@code execution} in {@code tools/list}, {@code params.task} ignored (tasks §3)
     * and the task methods -32601.
     */
    public static boolean negotiatesTasks(SurfaceSwitches switches, String protocolVersion) {
        return switches.nativeTasks() && LATEST.equals(protocolVersion);
    }

    /** {@link #negotiatesTasks(SurfaceSwitches, String)} with this server's switches. */
    public boolean negotiatesTasks(String protocolVersion) {
        return negotiatesTasks(switches, protocolVersion);
    }

    /** Whether an {@code initialize} asks for a 2025-era version (anything else stays with 2026-07-28 handling). */
    public static boolean isMcp2025Initialize(JsonRpcRequest request) {
        if (!"initialize".equals(request.method())) {
            return false;
        }
        JsonNode version = request.params().get("protocolVersion");
        return version != null && version.isTextual() && VERSIONS.contains(version.asText());
    }

    /**
     * Checks an {@code initialize} and answers the negotiated version (the client's, which is always one of
     * {@link #VERSIONS} here). -32602 when {@code capabilities} or {@code clientInfo} is not an object.
     */
    public static String negotiate(JsonRpcRequest request) {
        JsonNode capabilities = request.params().get("capabilities");
        if (capabilities == null || !capabilities.isObject()) {
            throw McpErrors.invalidParams("params.capabilities is required (an object).", null);
        }
        JsonNode clientInfo = request.params().get("clientInfo");
        if (clientInfo == null || !clientInfo.isObject()) {
            throw McpErrors.invalidParams("params.clientInfo is required (an object with name and version).", null);
        }
        String requested = request.params().path("protocolVersion").asText();
        return VERSIONS.contains(requested) ? requested : LATEST;
    }

    /** The level of a {@code logging/setLevel} request; -32602 when it is not an MCP {@code LoggingLevel}. */
    public static LogLevel requestedLogLevel(JsonRpcRequest request) {
        JsonNode level = request.params().get("level");
        return (level != null && level.isTextual() ? LogLevel.of(level.asText()) : Optional.<LogLevel>empty())
                .orElseThrow(() -> McpErrors.invalidParams(
                        "params.level must be one of debug, info, notice, "
                                + "warning, error, critical, alert, emergency.",
                        null));
    }

    /** The {@code InitializeResult} for the negotiated version. */
    public ObjectNode initializeResult(String version) {
        ObjectNode result = JsonNodeFactory.instance.objectNode().put("protocolVersion", version);
        ObjectNode capabilities = result.putObject("capabilities");
        // ToolListChanges tells a session's listen stream (HTTP) or its connection (stdio)
        capabilities.putObject("tools").put("listChanged", true);
        capabilities.putObject("logging");
        // declared whatever the upstreams offer: an upstream may be registered during the session, and the lists
        // are simply empty without one (docs/gateway.md "Resources, prompts and completions")
        capabilities.putObject("resources");
        capabilities.putObject("prompts");
        capabilities.putObject("completions");
        boolean withTasks = negotiatesTasks(switches, version);
        if (withTasks) {
            ObjectNode taskCapabilities = capabilities.putObject("tasks");
            taskCapabilities.putObject("list");
            taskCapabilities.putObject("cancel");
            taskCapabilities.putObject("requests").putObject("tools").putObject("call");
        }
        result.putObject("serverInfo").put("name", ServerIdentity.NAME).put("version", serverVersion);
        result.put(
                "instructions",
                withTasks
                        ? "Tools run as durable executions. Long-running tools support task mode "
                                + "(params.task on tools/call); poll with tasks/get and fetch the result with "
                                + "tasks/result."
                        : "Tools run as durable executions.");
        return result;
    }

    /** Serves one request after {@code initialize}; a synchronous {@code tools/call} is left to the transport. */
    public Served serve(JsonRpcRequest request, Mcp2025Session session, AuthenticatedCaller caller) {
        boolean withTasks = negotiatesTasks(switches, session.protocolVersion());
        switch (request.method()) {
            case "ping":
                return Served.done(McpResult.of(JsonNodeFactory.instance.objectNode()));
            case "logging/setLevel":
                // kept with the durable session, so every replica forwards the operations' log messages at or
                // above it (over stdio the transport keeps it: the connection is the session)
                LogLevel level = requestedLogLevel(request);
                if (session.id() != null && !sessions.setLogLevel(session.id(), caller.caller(), level)) {
                    throw McpErrors.invalidRequest("The session has ended; initialize again.");
                }
                return Served.done(McpResult.of(JsonNodeFactory.instance.objectNode()));
            case "tools/list":
                if (request.params().hasNonNull("cursor")) {
                    throw McpErrors.invalidParams("Invalid cursor: tools/list has a single page.", null);
                }
                return Served.done(McpResult.of(toolList(caller, withTasks)));
            case "tools/call":
                return calls.start(
                        withTasks ? request : withoutTask(request),
                        caller,
                        session.id() == null ? null : Mcp2025RemoteCancel.receiptKey(session.id(), request.id()),
                        session.logLevel());
            case "tasks/get":
                return Served.done(tasks.get(requireTasks(request, withTasks), caller));
            case "tasks/result":
                return Served.done(tasks.result(requireTasks(request, withTasks), caller));
            case "tasks/list":
                return Served.done(tasks.list(requireTasks(request, withTasks), caller));
            case "tasks/cancel":
                return Served.done(tasks.cancel(requireTasks(request, withTasks), caller));
            case "resources/list":
            case "resources/templates/list":
            case "resources/read":
            case "prompts/list":
            case "prompts/get":
            case "completion/complete":
                return Served.done(McpResult.of(federated.serve2025(request, caller.caller())));
            case "initialize":
                throw McpErrors.invalidRequest("The session is initialized already; initialize again without "
                        + "Mcp-Session-Id to start a new one.");
            default:
                throw McpErrors.methodNotFound(request.method());
        }
    }

    private ObjectNode toolList(AuthenticatedCaller caller, boolean withTasks) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.set("tools", tools.list(caller.caller().workspace(), (tool, policy, mutating) -> {
            if (withTasks) {
                tool.putObject("execution").put("taskSupport", policy.wireName());
                if (mutating && policy != TaskPolicy.FORBIDDEN) {
                    tool.put(
                            "description",
                            RequestKeys.describedFor2025(
                                    tool.path("description").asText()));
                }
            }
        }));
        return result;
    }

    // Tasks exist only in 2025-11-25: older sessions never negotiated them (tasks §3: a receiver that did not
    // declare task support ignores params.task).
    private static JsonRpcRequest withoutTask(JsonRpcRequest request) {
        if (!request.params().has("task")) {
            return request;
        }
        ObjectNode params = request.params().deepCopy();
        params.remove("task");
        return new JsonRpcRequest(request.id(), request.method(), params);
    }

    private static JsonRpcRequest requireTasks(JsonRpcRequest request, boolean withTasks) {
        if (!withTasks) {
            throw McpErrors.methodNotFound(request.method());
        }
        return request;
    }
}
