package dev.taskgate.frontend.mcp;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.FrontendConfig;

/** What every result says about the server: {@code _meta["io.modelcontextprotocol/serverInfo"]} (§3). */
@Singleton
public class ServerIdentity {
    /** The implementation name. */
    public static final String NAME = "taskgate";
    /** The {@code _meta} key. */
    public static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

    private final String version;

    ServerIdentity(FrontendConfig config) {
        this.version = config.mcp().serverVersion();
    }

    /** A fresh result object with {@code resultType} and the server info in {@code _meta}. */
    public ObjectNode result(String resultType) {
        ObjectNode result = JsonNodeFactory.instance.objectNode().put("resultType", resultType);
        result.putObject("_meta").putObject(SERVER_INFO_KEY).put("name", NAME).put("version", version);
        return result;
    }
}
