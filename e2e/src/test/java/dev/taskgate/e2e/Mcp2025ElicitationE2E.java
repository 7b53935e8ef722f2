package dev.taskgate.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static dev.taskgate.testsupport.mcp.Mcp2025Client.call;
import static dev.taskgate.testsupport.mcp.Mcp2025Client.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Server-to-client elicitation in a 2025-11-25 session across real processes and two frontend instances: a
 * {@code demo.confirm} task waits for input; {@code tasks/result} on instance A streams the
 * {@code elicitation/create} request (related-task {@code _meta}); the client POSTs its answer to instance B, which
 * routes it by the request's signed id alone (202); the worker continues and the stream on A ends with the result.
 */
@ExtendWith(LocalStack.class)
class Mcp2025ElicitationE2E {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anElicitationAskedOnOneInstanceIsAnsweredThroughAnother() throws Exception {
        String token = Tokens.forSubject("elicit-2025")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        URI a = URI.create(LocalStack.get().service("mcp-frontend").baseUrl() + "/mcp");
        URI b = URI.create(LocalStack.get().secondFrontend().baseUrl() + "/mcp");
        ObjectNode capabilities = JSON.createObjectNode();
        capabilities.putObject("tasks").putObject("cancel");
        capabilities.putObject("elicitation");
        Mcp2025Session session =
                McpTestClient.http(a).bearer(token).v2025().initialize(Mcp2025Client.VERSION, capabilities);
        ObjectNode params = call("demo.confirm", JSON.createObjectNode().put("message", "Ship it?"));
        params.putObject("task");
        McpReply created = session.at(a).request("tools/call", params);
        String taskId = created.json().at("/result/task/taskId").asText();
        assertThat(taskId).as(created.text()).isNotBlank();

        McpStream stream = session.at(a).stream("tasks/result", task(taskId));
        await().atMost(Duration.ofSeconds(90))
                .until(() -> stream.messages().stream().anyMatch(m -> m.has("method")));
        JsonNode asked = stream.messages().stream()
                .filter(m -> m.has("method"))
                .findFirst()
                .orElseThrow();
        assertThat(asked.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(asked.at("/params/message").asText()).isEqualTo("Ship it?");
        assertThat(asked.at("/params/_meta/io.modelcontextprotocol~1related-task/taskId")
                        .asText())
                .isEqualTo(taskId);

        ObjectNode answer = JSON.createObjectNode().put("action", "accept");
        answer.putObject("content").put("confirm", true);
        McpReply delivered = session.at(b).respond(asked.get("id"), "result", answer);

        assertThat(delivered.status()).as(delivered.text()).isEqualTo(202);
        assertThat(stream.status()).isEqualTo(200);
        stream.awaitEnd(Duration.ofSeconds(90));
        List<JsonNode> messages = stream.messages();
        JsonNode last = messages.get(messages.size() - 1);
        assertThat(last.at("/result/structuredContent/action").asText())
                .as(last.toString())
                .isEqualTo("accept");
        assertThat(last.at("/result/structuredContent/content/confirm").asBoolean())
                .isTrue();
        assertThat(last.at("/result/_meta/io.modelcontextprotocol~1related-task/taskId")
                        .asText())
                .isEqualTo(taskId);
    }
}
