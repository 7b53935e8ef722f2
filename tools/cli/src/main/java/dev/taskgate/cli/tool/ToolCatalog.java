package dev.taskgate.cli.tool;

import java.net.URI;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.config.Profile;
import dev.taskgate.cli.http.Api;

/**
 * The tools the deployment offers, with their input schemas. The REST API has no tool listing, so this asks the
 * MCP endpoint: one stateless MCP 2026-07-28 {@code tools/list} request per page ({@code docs/mcp-frontend.md},
 * "Methods and tool listing"), with the same token.
 */
public final class ToolCatalog {
    static final String PROTOCOL_VERSION = "2026-07-28";
    /** Pages read at most. */
    static final int MAX_PAGES = 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Api api;
    private final Profile profile;

    /** Lists through {@code api} at {@code profile}'s URL. */
    public ToolCatalog(Api api, Profile profile) {
        this.api = api;
        this.profile = profile;
    }

    /** Every tool, in the server's order. */
    public ArrayNode list() {
        ArrayNode tools = JSON.createArrayNode();
        String cursor = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            JsonNode result = request(page + 1, cursor);
            if (!(result.get("tools") instanceof ArrayNode listed)) {
                throw new CliException(ExitCodes.UNAVAILABLE, "tools/list answered without tools.");
            }
            tools.addAll(listed);
            JsonNode next = result.get("nextCursor");
            if (next == null || next.isNull() || next.asText().isEmpty()) {
                return tools;
            }
            cursor = next.asText();
        }
        return tools;
    }

    static ObjectNode message(int id, String cursor) {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id);
        message.put("method", "tools/list");
        ObjectNode params = message.putObject("params");
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        ObjectNode meta = params.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", PROTOCOL_VERSION);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        meta.putObject("io.modelcontextprotocol/clientInfo")
                .put("name", "taskgate-cli")
                .put("version", "0.1.0");
        return message;
    }

    private JsonNode request(int id, String cursor) {
        URI mcp = URI.create(profile.url().toString().replaceAll("/+$", "") + "/mcp");
        JsonNode answer = api.post(
                        mcp,
                        message(id, cursor).toString(),
                        Map.of(
                                "Accept", "application/json, text/event-stream",
                                "MCP-Protocol-Version", PROTOCOL_VERSION,
                                "Mcp-Method", "tools/list"))
                .json();
        if (answer.has("error")) {
            throw new CliException(
                    ExitCodes.REFUSED,
                    "tools/list failed: " + answer.path("error").path("message").asText());
        }
        JsonNode result = answer.get("result");
        if (result == null || !result.isObject()) {
            throw new CliException(ExitCodes.UNAVAILABLE, "tools/list answered without a result.");
        }
        return result;
    }
}
