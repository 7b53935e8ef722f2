package dev.taskgate.frontend.support;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.testsupport.McpSchemas;

import static org.assertj.core.api.Assertions.assertThat;

/** The schema check the MCP tests rely on does reject what the official schemas forbid. */
class McpSchemasTest {

    @Test
    void rejectsAResultWithoutResultTypeAndATaskResultOfTheWrongKind() throws Exception {
        JsonNode noResultType = Wire.mapper().readTree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[]}}");
        JsonNode wrongKind = Wire.mapper()
                .readTree("{\"resultType\":\"complete\",\"taskId\":\"t\",\"status\":"
                        + "\"working\",\"createdAt\":\"x\",\"lastUpdatedAt\":\"x\",\"ttlMs\":1}");

        assertThat(McpSchemas.errors(McpSchemas.BASE, "CallToolResultResponse", noResultType))
                .isNotEmpty();
        assertThat(McpSchemas.errors(McpSchemas.TASKS, "CreateTaskResult", wrongKind))
                .isNotEmpty();
        assertThat(McpSchemas.errors(McpSchemas.TASKS, "GetTaskResult", wrongKind))
                .isEmpty();
    }

    @Test
    void rejectsAnErrorWithANullIdOrAnUnsupportedVersionErrorWithoutData() throws Exception {
        JsonNode nullId = Wire.mapper()
                .readTree("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600," + "\"message\":\"m\"}}");
        JsonNode noData = Wire.mapper()
                .readTree("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022," + "\"message\":\"m\"}}");

        assertThat(McpSchemas.errors(McpSchemas.BASE, "JSONRPCErrorResponse", nullId))
                .isNotEmpty();
        assertThat(McpSchemas.errors(McpSchemas.BASE, "UnsupportedProtocolVersionError", noData))
                .isNotEmpty();
    }
}
