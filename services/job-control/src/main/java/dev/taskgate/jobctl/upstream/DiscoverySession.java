package dev.taskgate.jobctl.upstream;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.pinnedhttp.PinnedEndpoint;

/**
 * A short MCP client session with one upstream, for discovery and federated reads: requests, each answered by a result
 * or a JSON-RPC error. With a 2025-11-25 upstream it opens a session ({@code initialize}); with a 2026-07-28 one there
 * is no session: it asks {@code server/discover} once and every request describes itself ({@code _meta} with the
 * protocol version and the client's capabilities). The messages travel over the upstream's transport: Streamable HTTP,
 * or the standard input and output of a stdio upstream's process: started for this session and stopped by {@link
 * #close()}, or kept between sessions by {@link StdioUpstreamProcesses} ({@link #kept}). Only the HTTP transport has a
 * stream for the upstream's own messages ({@link ToolListListener}); a kept stdio process reads its own output.
 */
final class DiscoverySession implements AutoCloseable {
    /** The most an upstream may send for one answer. */
    static final int MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
    /** The identifier of the tasks extension of MCP 2026-07-28. */
    static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

    /** Opens sessions with upstreams: in production after the network policy ({@link UpstreamConnector}). */
    @FunctionalInterface
    interface Opener {
        /** An open session with {@code upstream}. */
        DiscoverySession open(UpstreamDefinition upstream) throws UpstreamException;
    }

    private final UpstreamDefinition upstream;
    private final DiscoveryTransport transport;
    private final boolean stateless;
    // a kept session is shared by several callers: its ids must still increase
    private final AtomicLong nextId = new AtomicLong(1);
    private final boolean ownsTransport;
    private volatile JsonNode capabilities = JsonNodeFactory.instance.objectNode();

    private DiscoverySession(UpstreamDefinition upstream, DiscoveryTransport transport, boolean ownsTransport) {
        this.upstream = upstream;
        this.transport = transport;
        this.ownsTransport = ownsTransport;
        this.stateless = upstream.protocol() == UpstreamProtocol.MCP_2026_07_28;
    }

    /**
     * A session over the process of a stdio upstream that outlives it ({@link StdioUpstreamProcesses}): initialized
     * here, once; {@link #close()} leaves the process running, and whoever keeps it stops it.
     */
    static DiscoverySession kept(UpstreamDefinition upstream, StdioDiscoveryTransport transport)
            throws UpstreamException {
        DiscoverySession session = new DiscoverySession(upstream, transport, false);
        session.initialize();
        return session;
    }

    /**
     * Opens a session: {@code initialize}, then {@code notifications/initialized}; with a 2026-07-28 upstream
     * {@code server/discover}, which must list that version among its {@code supportedVersions}. Over {@code http} for
     * an upstream with a URL, else in a process started from its command. Without the network policy: the URL's host
     * is resolved here and the session pinned to that answer ({@link UpstreamConnector} checks it first).
     */
    static DiscoverySession open(UpstreamDefinition upstream, HttpClient http) throws UpstreamException {
        if (upstream.isStdio()) {
            return open(upstream, null, http);
        }
        try {
            return open(
                    upstream,
                    new PinnedEndpoint(
                            upstream.url(), InetAddress.getByName(upstream.url().getHost())),
                    http);
        } catch (UnknownHostException e) {
            throw new UpstreamException("the host of upstream " + upstream.id() + " does not resolve");
        }
    }

    /**
     * As {@link #open(UpstreamDefinition, HttpClient)}, connecting to {@code endpoint}'s checked address. An upstream
     * registered with {@code negotiate} is asked {@code server/discover} first, and opened with {@code initialize}
     * when its answer means it does not speak 2026-07-28 ({@link ProtocolNegotiation}); any other failure is the
     * upstream's.
     */
    static DiscoverySession open(UpstreamDefinition upstream, PinnedEndpoint endpoint, HttpClient http)
            throws UpstreamException {
        if (upstream.protocol() != UpstreamProtocol.NEGOTIATE) {
            return openSpeaking(upstream, endpoint, http);
        }
        try {
            return openSpeaking(upstream.speaking(UpstreamProtocol.MCP_2026_07_28), endpoint, http);
        } catch (UpstreamException e) {
            if (!ProtocolNegotiation.meansNotSpoken(e)) {
                throw e;
            }
            try {
                return openSpeaking(upstream.speaking(UpstreamProtocol.MCP_2025_11_25), endpoint, http);
            } catch (UpstreamException fallback) {
                throw new UpstreamException(fallback.getMessage() + " (negotiating: " + e.getMessage() + ")");
            }
        }
    }

    /**
     * The generation this session speaks: the registered one, or for an upstream registered with {@code negotiate}
     * the one it was opened with.
     */
    UpstreamProtocol protocol() {
        return upstream.protocol();
    }

    private static DiscoverySession openSpeaking(UpstreamDefinition upstream, PinnedEndpoint endpoint, HttpClient http)
            throws UpstreamException {
        DiscoveryTransport transport = upstream.isStdio()
                ? StdioDiscoveryTransport.start(upstream, StdioDiscoveryTransport.Events.NONE)
                : new HttpDiscoveryTransport(upstream, endpoint, http);
        DiscoverySession session = new DiscoverySession(upstream, transport, true);
        try {
            if (session.stateless) {
                session.discover();
            } else {
                session.initialize();
            }
            return session;
        } catch (UpstreamException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    private void initialize() throws UpstreamException {
        ObjectNode params = JsonNodeFactory.instance
                .objectNode()
                .put("protocolVersion", upstream.protocol().version());
        params.set("capabilities", callerCapabilities());
        params.putObject("clientInfo").put("name", "taskgate").put("version", "1");
        JsonNode result = request("initialize", params);
        String version = result.path("protocolVersion").asText("");
        if (!version.equals(upstream.protocol().version())) {
            throw new UpstreamException("upstream " + upstream.id() + " answered initialize with protocol version '"
                    + version + "', not " + upstream.protocol().version());
        }
        capabilities = result.path("capabilities");
        transport.sendNotification(
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"),
                "notifications/initialized");
    }

    private void discover() throws UpstreamException {
        JsonNode result = request("server/discover", JsonNodeFactory.instance.objectNode());
        String version = upstream.protocol().version();
        boolean supported = false;
        for (JsonNode offered : result.path("supportedVersions")) {
            supported |= version.equals(offered.asText());
        }
        if (!supported) {
            throw new ProtocolNotOfferedException("upstream " + upstream.id() + " answered server/discover without "
                    + version
                    + " among its supportedVersions " + result.path("supportedVersions"));
        }
        capabilities = result.path("capabilities");
    }

    /**
     * The {@code execution.taskSupport} of a listed tool that does not state one: a 2026-07-28 {@code Tool} has no
     * such member, and the server decides per call whether a call of a client declaring the tasks extension becomes
     * a task, so every tool of an upstream that offers the extension may answer with one ({@code optional}).
     */
    String implicitTaskSupport() {
        return stateless
                        && capabilities.path("extensions").path(TASKS_EXTENSION).isObject()
                ? "optional"
                : "forbidden";
    }

    /**
     * Whether the upstream said in its {@code initialize} result that it announces changes of its tool list on the
     * {@code GET} stream (a 2026-07-28 upstream has neither; a stdio upstream has no such stream, and its kept process
     * hears its announcements instead, {@link StdioUpstreamProcesses}).
     */
    boolean offersToolListChanged() {
        return transport.hasServerStream() && declaresToolListChanged();
    }

    /** Whether the upstream declared the {@code tools} capability ({@code initialize} or {@code server/discover}). */
    boolean declaresTools() {
        return capabilities.has("tools");
    }

    /** Whether the {@code initialize} result declared {@code tools.listChanged}, whatever the transport. */
    boolean declaresToolListChanged() {
        return !stateless && capabilities.path("tools").path("listChanged").asBoolean(false);
    }

    /** Opens the stream for the upstream's own messages; only where {@link #offersToolListChanged()}. */
    ServerStream openServerStream() throws UpstreamException {
        return transport.openServerStream();
    }

    /** Answers the upstream's request {@code id} with {@code outcome}: {@code result} or {@code error} and its value. */
    void answer(JsonNode id, String outcome, JsonNode value) throws UpstreamException {
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
        message.set("id", id);
        message.set(outcome, value);
        transport.answer(message);
    }

    /** Sends a request and returns its result; a JSON-RPC error or anything unexpected is an exception. */
    JsonNode request(String method, JsonNode params) throws UpstreamException {
        long id = nextId.getAndIncrement();
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("id", id);
        message.put("method", method);
        message.set("params", stateless ? described(params) : params);
        JsonNode answer = transport.exchange(id, message, method);
        if (answer.has("error")) {
            JsonNode error = answer.get("error");
            throw new UpstreamRefusedException(
                    "upstream " + upstream.id() + " refused " + method + ": "
                            + error.path("code").asText("?") + " "
                            + error.path("message").asText(""),
                    error.path("code").asInt(-32603),
                    error.path("message").asText(""));
        }
        if (!answer.path("result").isObject()) {
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " without a result");
        }
        return answer.get("result");
    }

    /** {@code params} with the per-request {@code _meta} of 2026-07-28 §3 (members the caller put there kept). */
    private ObjectNode described(JsonNode params) {
        ObjectNode copy = params != null && params.isObject()
                ? ((ObjectNode) params).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        ObjectNode meta = copy.path("_meta").isObject() ? (ObjectNode) copy.get("_meta") : copy.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", upstream.protocol().version());
        meta.set("io.modelcontextprotocol/clientCapabilities", callerCapabilities());
        meta.putObject("io.modelcontextprotocol/clientInfo")
                .put("name", "taskgate")
                .put("version", "1");
        return copy;
    }

    /**
     * The capabilities the worker's calls declare (they relay elicitations, samplings and roots requests to the
     * caller, as far as the upstream's {@code relay} setting lets them): an upstream that lists its tools by what the
     * client can do then lists the tools Taskgate can call. Discovery itself answers none of these requests.
     */
    private ObjectNode callerCapabilities() {
        ObjectNode capabilities = JsonNodeFactory.instance.objectNode();
        if (upstream.relays("elicitation")) {
            capabilities.putObject("elicitation").putObject("form");
        }
        if (upstream.relays("sampling")) {
            capabilities.putObject("sampling");
        }
        if (upstream.relays("roots")) {
            capabilities.putObject("roots");
        }
        return capabilities;
    }

    /** {@code text} as one JSON-RPC 2.0 message from {@code upstream}, else an exception saying it is not one. */
    static JsonNode parse(UpstreamDefinition upstream, String text, String method) throws UpstreamException {
        try {
            JsonNode node = Wire.mapper().readTree(text);
            if (node == null
                    || !node.isObject()
                    || !"2.0".equals(node.path("jsonrpc").asText())) {
                throw new UpstreamException(
                        "upstream " + upstream.id() + " answered " + method + " with something not JSON-RPC 2.0");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new UpstreamException("upstream " + upstream.id() + " answered " + method + " with malformed JSON");
        }
    }

    @Override
    public void close() {
        if (ownsTransport) {
            transport.close();
        }
    }
}
