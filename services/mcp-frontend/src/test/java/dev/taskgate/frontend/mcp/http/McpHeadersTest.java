package dev.taskgate.frontend.mcp.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

class McpHeadersTest {
    private static final String CALL =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":" + "{\"name\":\"r\u00e9sum\u00e9\"}}";

    @Test
    void nonAsciiNamesMatchOnlyInTheirBase64Form() {
        JsonRpcRequest request = JsonRpcRequest.parse(CALL.getBytes(StandardCharsets.UTF_8));

        headers(Map.of(
                        "Mcp-Method",
                        List.of("tools/call"),
                        "Mcp-Name",
                        List.of(" =?base64?" + b64("r\u00e9sum\u00e9") + "?= ")))
                .checkMethodAndName(request);
        assertThatThrownBy(() -> headers(Map.of(
                                "Mcp-Method",
                                List.of("tools/call"),
                                "Mcp-Name",
                                List.of("=?base64?" + b64("r\u00e9sum\u00e9").replace("=", "") + "?=")))
                        .checkMethodAndName(request))
                .as("unpadded, like Mcp-Param-*")
                .isInstanceOf(McpException.class);
        assertThatThrownBy(() -> headers(
                                Map.of("Mcp-Method", List.of("tools/call"), "Mcp-Name", List.of("r\u00e9sum\u00e9")))
                        .checkMethodAndName(request))
                .isInstanceOf(McpException.class);
    }

    @Test
    void repeatedHeadersAreRefused() {
        JsonRpcRequest request = JsonRpcRequest.parse(CALL.getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> headers(Map.of("Mcp-Method", List.of("tools/call", "tools/call")))
                        .checkMethodAndName(request))
                .isInstanceOf(McpException.class);
    }

    private static McpHeaders headers(Map<String, List<String>> values) {
        return new McpHeaders(values::get);
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
