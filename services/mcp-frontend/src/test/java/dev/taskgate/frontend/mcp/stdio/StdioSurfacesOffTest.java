package dev.taskgate.frontend.mcp.stdio;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.WithSurfacesOff;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.McpStdioClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20 item 9 over stdio, with both surface switches off: a 2025-11-25 connection is offered no tasks, its task
 * methods (including the stdio {@code tasks/result} wait) are -32601, and the compatibility tools are neither listed
 * nor answered.
 */
@QuarkusTest
@TestProfile(WithSurfacesOff.class)
class StdioSurfacesOffTest {
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Inject
    StdioTransport transport;

    private McpStdioClient stdio;

    @AfterEach
    void disconnect() {
        if (stdio != null) {
            stdio.close();
            stdio.awaitEnd(PATIENCE);
        }
    }

    @Test
    void aStdioSessionIsOfferedNoTasksAndNoCompatibilityTools() {
        JsonNode initialized = connect();
        assertThat(initialized.at("/result/capabilities/tasks").isMissingNode())
                .as(initialized.toString())
                .isTrue();

        for (String method : new String[] {"tasks/result", "tasks/get", "tasks/list", "tasks/cancel"}) {
            ObjectNode params =
                    method.equals("tasks/list") ? Mcp2025Client.params() : Mcp2025Client.task("tgx_" + "A".repeat(44));
            Mcp2025Client.assertError(stdio.request(method, params), -32601);
        }
        JsonNode list = stdio.request("tools/list", Mcp2025Client.params());
        assertThat(list.at("/result/tools").findValuesAsText("name")).doesNotContain("execution_get", "job_cancel");
        JsonNode compat = stdio.request("tools/call", Mcp2025Client.params().put("name", "execution_list"));
        Mcp2025Client.assertError(compat, -32602);
        assertThat(compat.at("/error/message").asText()).contains("switched off");
    }

    private JsonNode connect() {
        stdio = InProcessStdio.connect(transport, Fixtures.aliceToken());
        ObjectNode params = Mcp2025Client.params().put("protocolVersion", "2025-11-25");
        params.putObject("capabilities").putObject("tasks").putObject("cancel");
        params.putObject("clientInfo").put("name", "stdio-test").put("version", "1");
        JsonNode initialized = stdio.request("initialize", params);
        Mcp2025Client.assertValid("InitializeResult", initialized.get("result"));
        stdio.notify("notifications/initialized", null);
        return initialized;
    }
}
