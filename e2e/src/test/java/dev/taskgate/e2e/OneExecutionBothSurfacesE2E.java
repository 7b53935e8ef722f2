package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.RawJson;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 20 item 7 on the packaged services: one durable execution, both surfaces. An execution created through REST
 * is read and cancelled through MCP ({@code execution_get} / {@code execution_cancel} with the REST id); tasks created
 * through MCP (2026-07-28 and a 2025-11-25 session) are read through REST under their task ids, with the same stored
 * result bytes; the REST owner list shows all of them with their surface. Another principal gets the uniform
 * not-found on both surfaces, and the MCP task methods still refuse the other surface's ids.
 */
@ExtendWith(LocalStack.class)
class OneExecutionBothSurfacesE2E {
    private static final String REST = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(60);

    @Test
    void createdThroughRestReadThroughMcp() {
        String alice = token("alice-" + UUID.randomUUID());
        Http.Reply created = Http.rest(
                "POST",
                REST,
                alice,
                "k-" + UUID.randomUUID(),
                "{\"tool_name\":\"demo.echo\"," + "\"input\":{\"greeting\":\"h\\u00e9llo\",\"n\":1.50}}");
        assertThat(created.status()).as(created.text()).isEqualTo(202);
        String restId = created.json().path("execution_id").asText();
        assertThat(created.json().path("surface").asText()).isEqualTo("rest");

        McpReply got = mcp(alice)
                .toolCall("execution_get", Map.of("execution_id", restId, "wait_ms", 45_000))
                .post();
        assertThat(got.json().has("error")).as(got.text()).isFalse();
        Http.Reply restResult = Http.rest("GET", REST + "/" + restId + "/result", alice, null, null);
        assertThat(restResult.status()).as(restResult.text()).isEqualTo(200);
        // the very bytes REST serves, with the 2026 envelope's resultType in front
        assertThat(RawJson.memberAfter(got.text(), "\"result\":"))
                .isEqualTo("{\"resultType\":\"complete\"," + restResult.text().substring(1));

        // the MCP task methods keep to their own generation: a REST id is a task they do not know
        McpReply asTask = mcp(alice).task("tasks/get", restId).withTasks().post();
        McpReply unknownTask = mcp(alice)
                .task("tasks/get", "tgx_" + "A".repeat(44))
                .withTasks()
                .post();
        assertThat(asTask.json().at("/error/code").asInt()).as(asTask.text()).isEqualTo(-32602);
        assertThat(asTask.json().path("error")).isEqualTo(unknownTask.json().path("error"));

        // another principal: the same not-found as a forged id
        String bob = token("bob-" + UUID.randomUUID());
        JsonNode bobs = mcp(bob).toolCall("execution_cancel", Map.of("execution_id", restId))
                .post()
                .json();
        JsonNode forged = mcp(bob).toolCall("execution_cancel", Map.of("execution_id", "tgx_" + "A".repeat(44)))
                .post()
                .json();
        assertThat(bobs.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(bobs.path("error")).isEqualTo(forged.path("error"));
    }

    @Test
    void createdThroughMcpReadAndCancelledThroughRest() {
        String alice = token("alice-" + UUID.randomUUID());
        McpReply task = mcp(alice)
                .toolCall("demo.echo", Map.of("via", "mcp-2026"))
                .withTasks()
                .post();
        String taskId = task.json().at("/result/taskId").asText();
        assertThat(taskId).as(task.text()).startsWith("tgx_");

        Mcp2025Session session = LocalStack.get().mcp(alice).v2025().initialize("2025-11-25");
        ObjectNode call = Mcp2025Client.call("demo.sleep", Map.of("seconds", 60));
        call.putObject("task").put("ttl", 600_000);
        McpReply task2025 = session.request("tools/call", call);
        String taskId2025 = task2025.json().at("/result/task/taskId").asText();
        assertThat(taskId2025).as(task2025.text()).startsWith("tgx_");

        // the 2026 task through REST: status, then the same stored result tasks/get inlines
        Http.Reply view = Http.rest("GET", REST + "/" + taskId, alice, null, null);
        assertThat(view.status()).as(view.text()).isEqualTo(200);
        assertThat(view.json().path("execution_id").asText()).isEqualTo(taskId);
        assertThat(view.json().path("surface").asText()).isEqualTo("mcp-2026");
        Http.Reply[] result = new Http.Reply[1];
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(250)).until(() -> {
            result[0] = Http.rest("GET", REST + "/" + taskId + "/result", alice, null, null);
            return result[0].status() == 200;
        });
        McpReply polled = mcp(alice).task("tasks/get", taskId).withTasks().post();
        assertThat(polled.json().at("/result/status").asText())
                .as(polled.text())
                .isEqualTo("completed");
        assertThat(RawJson.resultOfTask(polled.text()))
                .isEqualTo("{\"resultType\":\"complete\"," + result[0].text().substring(1));

        // the 2025 task through REST: cancelled there, seen cancelled by its own task methods
        Http.Reply cancel = Http.rest("POST", REST + "/" + taskId2025 + "/cancel", alice, null, null);
        assertThat(cancel.status()).as(cancel.text()).isEqualTo(202);
        assertThat(cancel.json().path("surface").asText()).isEqualTo("mcp-2025");
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> "cancelled"
                        .equals(session.request("tasks/get", Mcp2025Client.task(taskId2025))
                                .json()
                                .at("/result/status")
                                .asText()));

        // the REST owner list: every surface, each under the id its surface gave out
        Http.Reply list = Http.rest("GET", REST, alice, null, null);
        assertThat(list.status()).as(list.text()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        List<String> surfaces = new ArrayList<>();
        list.json().path("items").forEach(item -> {
            ids.add(item.path("execution_id").asText());
            surfaces.add(item.path("surface").asText());
        });
        assertThat(ids).containsExactly(taskId2025, taskId);
        assertThat(surfaces).containsExactly("mcp-2025", "mcp-2026");

        // another principal: the uniform 404, identical to a forged id's
        String bob = token("bob-" + UUID.randomUUID());
        Http.Reply bobs = Http.rest("GET", REST + "/" + taskId, bob, null, null);
        Http.Reply forged = Http.rest("GET", REST + "/tgx_" + "A".repeat(44), bob, null, null);
        assertThat(bobs.status()).isEqualTo(404);
        assertThat(bobs.withoutInstance()).isEqualTo(forged.withoutInstance());
        assertThat(Http.rest("GET", REST, bob, null, null).json().path("items")).isEmpty();
    }

    private static String token(String subject) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    private static Mcp2026Client mcp(String token) {
        return LocalStack.get().mcp(token).v2026();
    }
}
