package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.testsupport.RawJson;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The compatibility tools, the handoff policy and the REST owner list on the packaged services: an ordinary call of
 * demo.sleep (catalog: {@code handoff_after=10s}) hands off and execution_get later returns the exact original
 * result; the tools answer while every worker child is busy; cancel outcomes; a REST id served for its owner and
 * handles of another principal refused; the owner lists page newest first and stay private.
 */
@ExtendWith(LocalStack.class)
class CompatibilityToolsE2E {
    private static final Duration SETTLE = Duration.ofSeconds(90);
    /** Worker children of the stack ({@code TASKGATE_WORKER_CHILDREN} in {@link LocalStack}). */
    private static final int CHILDREN = 3;

    @Test
    void aLongCallHandsOffAndExecutionGetReturnsTheExactOriginalResult() {
        String alice = token("alice-" + UUID.randomUUID());

        McpReply handedOff =
                mcp(alice).toolCall("demo.sleep", Map.of("seconds", 13)).post();

        assertThat(handedOff.status()).as(handedOff.text()).isEqualTo(200);
        JsonNode result = handedOff.json().path("result");
        assertThat(result.path("isError").asBoolean()).as(handedOff.text()).isFalse();
        JsonNode handle = result.path("structuredContent");
        assertThat(handle.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(handle.path("state").asText()).isEqualTo("working");
        assertThat(handle.at("/next_action/tool").asText()).isEqualTo("execution_get");
        String id = handle.path("execution_id").asText();
        assertThat(handle.at("/next_action/arguments/execution_id").asText()).isEqualTo(id);
        assertThat(result.at("/content/0/text").asText()).contains("execution_get");

        McpReply got = mcp(alice)
                .toolCall("execution_get", Map.of("execution_id", id, "wait_ms", 45_000))
                .post();
        assertThat(got.json().at("/result/isError").asBoolean()).as(got.text()).isFalse();
        assertThat(got.json().at("/result/structuredContent/type").asText()).isNotEqualTo("taskgate.execution/v1");
        // the handle is this generation's: the same execution seen as a task carries the very same stored bytes
        McpReply task = mcp(alice).task("tasks/get", id).post();
        assertThat(task.json().at("/result/status").asText()).as(task.text()).isEqualTo("completed");
        assertThat(RawJson.memberAfter(got.text(), "\"result\":")).isEqualTo(RawJson.resultOfTask(task.text()));
        McpReply again =
                mcp(alice).toolCall("job_inspect", Map.of("execution_id", id)).post();
        assertThat(RawJson.memberAfter(again.text(), "\"result\":"))
                .isEqualTo(RawJson.memberAfter(got.text(), "\"result\":"));
    }

    @Test
    void theToolsAnswerWhileEveryWorkerChildIsBusy() {
        String alice = token("alice-" + UUID.randomUUID());
        List<String> tasks = new ArrayList<>();
        for (int i = 0; i < CHILDREN + 1; i++) {
            McpReply created = mcp(alice)
                    .toolCall("demo.sleep", Map.of("seconds", 60))
                    .withTasks()
                    .post();
            assertThat(created.json().at("/result/resultType").asText())
                    .as(created.text())
                    .isEqualTo("task");
            tasks.add(created.json().at("/result/taskId").asText());
        }
        // every child runs a demo.sleep once as many executions report progress as there are children
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(500)).until(() -> {
            JsonNode list =
                    compat(alice, "execution_list", Map.of("limit", 10), true).path("structuredContent");
            int running = 0;
            for (JsonNode e : list.path("executions")) {
                if (e.has("progress")) {
                    running++;
                }
            }
            return running >= CHILDREN;
        });

        // declaring the tasks extension changes nothing: a control-plane call is answered in-line
        for (String task : tasks) {
            JsonNode now = compat(alice, "execution_get", Map.of("execution_id", task, "wait_ms", 0), true);
            assertThat(now.path("resultType").asText()).isEqualTo("complete");
            assertThat(now.at("/structuredContent/state").asText()).isEqualTo("working");
            assertThat(now.at("/structuredContent/next_action/tool").asText()).isEqualTo("execution_get");
        }

        List<String> outcomes = new ArrayList<>();
        for (String task : tasks) {
            outcomes.add(compat(alice, "execution_cancel", Map.of("execution_id", task), false)
                    .at("/structuredContent/outcome")
                    .asText());
        }
        // the relay is healthy: every stop asked of a running execution is seen delivered to its worker
        assertThat(outcomes).allMatch(o -> o.equals("accepted") || o.equals("stop_delivered"));
        assertThat(outcomes).contains("stop_delivered");
        assertThat(compat(alice, "job_cancel", Map.of("execution_id", tasks.get(0)), false)
                        .at("/structuredContent/outcome")
                        .asText())
                .isIn("stop_already_requested", "already_terminal");

        JsonNode ended = compat(alice, "execution_get", Map.of("execution_id", tasks.get(0), "wait_ms", 45_000), false);
        assertThat(ended.at("/structuredContent/state").asText()).isEqualTo("cancelled");
        assertThat(ended.path("isError").asBoolean()).isTrue();
        assertThat(compat(alice, "execution_cancel", Map.of("execution_id", tasks.get(0)), false)
                        .at("/structuredContent/outcome")
                        .asText())
                .isEqualTo("already_terminal");
    }

    @Test
    void handlesOfAnotherPrincipalAreRefusedAndRestIdsServed() {
        String subject = "alice-" + UUID.randomUUID();
        String alice = token(subject);
        String bob = token("bob-" + UUID.randomUUID());
        Http.Reply rest = Http.rest(
                "POST",
                "/v1/orgs/acme/projects/demo/tool-executions",
                alice,
                "k-" + UUID.randomUUID(),
                "{\"tool_name\":\"demo.echo\",\"input\":{\"a\":1}}");
        assertThat(rest.status()).as(rest.text()).isEqualTo(202);
        String restHandle = rest.json().path("execution_id").asText();
        String task = mcp(alice)
                .toolCall("demo.echo", Map.of("b", 2))
                .withTasks()
                .post()
                .json()
                .at("/result/taskId")
                .asText();

        // one execution, both surfaces (issue 20 item 7): the owner's REST id is served here
        JsonNode restThroughMcp =
                compat(alice, "execution_get", Map.of("execution_id", restHandle, "wait_ms", 45_000), false);
        assertThat(restThroughMcp.at("/structuredContent/a").asInt())
                .as(restThroughMcp.toString())
                .isEqualTo(1);

        JsonNode bobs = mcp(bob).toolCall("execution_cancel", Map.of("execution_id", task))
                .post()
                .json();
        JsonNode forged = mcp(bob).toolCall("execution_cancel", Map.of("execution_id", "tgx_" + "A".repeat(44)))
                .post()
                .json();
        assertThat(bobs.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(bobs.path("error")).isEqualTo(forged.path("error"));

        // bob's list is empty; alice's MCP list has only her MCP execution, her REST list both, newest first
        assertThat(compat(bob, "execution_list", Map.of(), false).at("/structuredContent/executions"))
                .isEmpty();
        JsonNode mine = compat(alice, "execution_list", Map.of(), false).at("/structuredContent/executions");
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).path("execution_id").asText()).isEqualTo(task);
        JsonNode restList = Http.rest("GET", "/v1/orgs/acme/projects/demo/tool-executions", alice, null, null)
                .json();
        assertThat(restList.path("items")).hasSize(2);
        assertThat(restList.at("/items/0/execution_id").asText()).isEqualTo(task);
        assertThat(restList.at("/items/0/surface").asText()).isEqualTo("mcp-2026");
        assertThat(restList.at("/items/1/execution_id").asText()).isEqualTo(restHandle);
        assertThat(restList.at("/items/1/surface").asText()).isEqualTo("rest");
    }

    @Test
    void theRestOwnerListPagesNewestFirstAndIsPrivate() {
        String alice = token("alice-" + UUID.randomUUID());
        String bob = token("bob-" + UUID.randomUUID());
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Http.Reply reply = Http.rest(
                    "POST",
                    "/v1/orgs/acme/projects/demo/tool-executions",
                    alice,
                    "k-" + UUID.randomUUID(),
                    "{\"tool_name\":\"demo.echo\",\"input\":{\"i\":" + i + "}}");
            assertThat(reply.status()).as(reply.text()).isEqualTo(202);
            created.add(0, reply.json().path("execution_id").asText());
        }
        // the REST list shows every surface: the MCP task is the newest
        created.add(
                0,
                mcp(alice)
                        .toolCall("demo.echo", Map.of())
                        .withTasks()
                        .post()
                        .json()
                        .at("/result/taskId")
                        .asText());

        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String path =
                    "/v1/orgs/acme/projects/demo/tool-executions?limit=2" + (cursor == null ? "" : "&cursor=" + cursor);
            Http.Reply page = Http.rest("GET", path, alice, null, null);
            assertThat(page.status()).as(page.text()).isEqualTo(200);
            page.json()
                    .path("items")
                    .forEach(item -> seen.add(item.path("execution_id").asText()));
            cursor = page.json().hasNonNull("next_cursor")
                    ? page.json().path("next_cursor").asText()
                    : null;
            pages++;
        } while (cursor != null && pages < 5);
        assertThat(pages).isEqualTo(2);
        assertThat(seen).containsExactlyElementsOf(created);

        assertThat(Http.rest("GET", "/v1/orgs/acme/projects/demo/tool-executions", bob, null, null)
                        .json()
                        .path("items"))
                .isEmpty();
        Http.Reply badCursor =
                Http.rest("GET", "/v1/orgs/acme/projects/demo/tool-executions?cursor=forged", alice, null, null);
        assertThat(badCursor.status()).isEqualTo(400);
        assertThat(badCursor.contentType()).startsWith("application/problem+json");
        Http.Reply badLimit =
                Http.rest("GET", "/v1/orgs/acme/projects/demo/tool-executions?limit=500", alice, null, null);
        assertThat(badLimit.status()).isEqualTo(400);
    }

    private static JsonNode compat(String token, String tool, Map<String, ?> arguments, boolean tasks) {
        Mcp2026Request call = mcp(token).toolCall(tool, arguments);
        McpReply reply = (tasks ? call.withTasks() : call).post();
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.json().has("error")).as(reply.text()).isFalse();
        return reply.json().path("result");
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
