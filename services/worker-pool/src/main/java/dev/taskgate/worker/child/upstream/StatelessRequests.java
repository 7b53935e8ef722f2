package dev.taskgate.worker.child.upstream;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What makes a 2026-07-28 request self-describing (MCP 2026-07-28 §3, §6.3): the {@code _meta} every request carries
 * (protocol version, the client capabilities of this request, the client) and the {@code Mcp-Name} header that
 * repeats the named member of some methods.
 */
final class StatelessRequests {
    static final String PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    static final String CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    static final String CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
    static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SENTINEL_START = "=?base64?";
    private static final String SENTINEL_END = "?=";

    private StatelessRequests() {}

    /**
     * {@code params} with its {@code _meta}: the version, capabilities to receive form elicitations, samplings and roots requests as input requests
     * and, with {@code tasks}, the tasks extension (which the task methods require, and which lets the upstream answer
     * a call with a task).
     */
    static ObjectNode described(ObjectNode params, boolean tasks) {
        ObjectNode meta =
                params.path("_meta").isObject() ? (ObjectNode) params.get("_meta") : params.putObject("_meta");
        meta.put(PROTOCOL_VERSION_KEY, UpstreamTarget.STATELESS_PROTOCOL);
        ObjectNode capabilities = meta.putObject(CLIENT_CAPABILITIES_KEY);
        capabilities.putObject("elicitation").putObject("form");
        capabilities.putObject("sampling");
        capabilities.putObject("roots");
        if (tasks) {
            capabilities.putObject("extensions").putObject(TASKS_EXTENSION);
        }
        meta.putObject(CLIENT_INFO_KEY).put("name", "taskgate").put("version", "0.1.0");
        return params;
    }

    /** Fresh params for a task method of the extension. */
    static ObjectNode taskParams(String taskId) {
        return described(MAPPER.createObjectNode().put("taskId", taskId), true);
    }

    /** The {@code Mcp-Name} value of a message, when its method names something (§6.3, tasks §9). */
    static Optional<String> nameOf(JsonNode message) {
        String member = switch (message.path("method").asText()) {
            case "tools/call", "prompts/get" -> "name";
            case "resources/read" -> "uri";
            case "tasks/get", "tasks/update", "tasks/cancel" -> "taskId";
            default -> null;
        };
        JsonNode value = member == null ? null : message.path("params").get(member);
        return value != null && value.isTextual() ? Optional.of(headerValue(value.asText())) : Optional.empty();
    }

    /**
     * The {@code Mcp-Param-*} headers of a {@code tools/call} (§6.3): one per marked argument that is present and not
     * null, a string as {@link #headerValue(String) header value}, an integer in decimal, a boolean as {@code true} or
     * {@code false}. An argument the caller left out has no header.
     */
    static Map<String, String> paramHeaders(List<UpstreamTarget.ParamHeader> marks, JsonNode message) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (marks.isEmpty() || !"tools/call".equals(message.path("method").asText())) {
            return headers;
        }
        for (UpstreamTarget.ParamHeader mark : marks) {
            JsonNode value = message.path("params").path("arguments");
            for (String member : mark.path()) {
                value = value.isObject() ? value.path(member) : MissingNode.getInstance();
            }
            if (value.isMissingNode() || value.isNull() || value.isContainerNode()) {
                continue;
            }
            headers.put(mark.headerName(), value.isTextual() ? headerValue(value.asText()) : value.asText());
        }
        return headers;
    }

    /** A header value as it is when it is visible ASCII, else the base64 sentinel {@code =?base64?…?=} (§6.3). */
    static String headerValue(String value) {
        boolean plain = !value.isEmpty()
                && value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)
                && value.strip().equals(value)
                && !value.startsWith(SENTINEL_START);
        return plain
                ? value
                : SENTINEL_START
                        + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
                        + SENTINEL_END;
    }
}
