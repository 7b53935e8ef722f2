package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.e2e.Http.Reply;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The authorization matrix (docs/security.md, "Check order and the authorization matrix") through the packaged services: for the REST routes
 * (get, result, cancel) and MCP {@code tasks/get} and {@code tasks/cancel}, every caller variant gets exactly the
 * documented answer; every "not yours" variant is byte-identical to an unknown execution (REST bodies compared
 * without the request path echoed in {@code instance}; MCP error objects compared whole), and none of them changes
 * the owner's execution.
 */
@ExtendWith(LocalStack.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuthorizationMatrixE2E {
    private static final String DEMO = "/v1/orgs/acme/projects/demo/tool-executions";
    private static String restHandle;
    private static String taskId;

    private static Tokens.Builder alice() {
        return Tokens.forSubject("alice").org("acme").project("demo").scopes("tools:call");
    }

    @BeforeAll
    static void createTheOwnersExecutions() {
        Reply created = Http.rest(
                "POST",
                DEMO,
                alice().sign(),
                "matrix-" + UUID.randomUUID(),
                "{\"tool_name\":\"demo.sleep\",\"input\":{\"seconds\":600}}");
        assertThat(created.status()).as(created.text()).isEqualTo(202);
        restHandle = created.json().path("execution_id").asText();
        McpReply task = mcp(alice().sign())
                .toolCall("demo.sleep", Map.of("seconds", 600))
                .withTasks()
                .post();
        assertThat(task.json().at("/result/resultType").asText())
                .as(task.text())
                .isEqualTo("task");
        taskId = task.json().at("/result/taskId").asText();
    }

    /** A syntactically valid handle nobody minted. */
    private static String forged() {
        byte[] raw = new byte[33];
        new java.security.SecureRandom().nextBytes(raw);
        raw[16] = 1;
        return "tgx_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    private static String tampered(String handle) {
        byte[] raw = Base64.getUrlDecoder().decode(handle.substring(4));
        raw[20] ^= 0x01;
        return "tgx_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    private static Map<String, Reply> restCalls(String base, String token, String handle) {
        Map<String, Reply> replies = new LinkedHashMap<>();
        replies.put("get", Http.rest("GET", base + "/" + handle, token, null, null));
        replies.put("result", Http.rest("GET", base + "/" + handle + "/result", token, null, null));
        replies.put("cancel", Http.rest("POST", base + "/" + handle + "/cancel", token, null, null));
        return replies;
    }

    private static Map<String, McpReply> mcpCalls(String token, String id) {
        Map<String, McpReply> replies = new LinkedHashMap<>();
        replies.put("tasks/get", mcp(token).task("tasks/get", id).post());
        replies.put("tasks/cancel", mcp(token).task("tasks/cancel", id).post());
        return replies;
    }

    @Test
    @Order(1)
    void everyNotYoursVariantIsTheUniformNotFoundAndChangesNothing() {
        String bob = Tokens.forSubject("bob")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
        String otherProject = Tokens.forSubject("alice")
                .org("acme")
                .project("other")
                .scopes("tools:call")
                .sign();
        String otherOrg = Tokens.forSubject("alice")
                .org("globex")
                .project("demo")
                .scopes("tools:call")
                .sign();
        String unGranted = alice().claim("workspaces", List.of("acme/other")).sign();
        String ownerToken = alice().sign();

        // the reference: a handle that names nothing, asked by the owner
        String nobodys = forged();
        Reply unknownRest = Http.rest("GET", DEMO + "/" + nobodys, ownerToken, null, null);
        McpReply unknownMcp = mcp(ownerToken).task("tasks/get", nobodys).post();
        assertThat(unknownRest.status()).isEqualTo(404);
        assertThat(unknownRest.contentType()).startsWith("application/problem+json");
        JsonNode notFoundError = unknownMcp.json().path("error");
        assertThat(notFoundError.path("code").asInt()).isEqualTo(-32602);

        Map<String, Map<String, Reply>> rest = new LinkedHashMap<>();
        rest.put("another principal, same project", restCalls(DEMO, bob, restHandle));
        rest.put(
                "the owner's token, path of another project",
                restCalls("/v1/orgs/acme/projects/other/tool-executions", ownerToken, restHandle));
        rest.put(
                "token and path of another project",
                restCalls("/v1/orgs/acme/projects/other/tool-executions", otherProject, restHandle));
        rest.put(
                "token and path of another org",
                restCalls("/v1/orgs/globex/projects/demo/tool-executions", otherOrg, restHandle));
        rest.put("workspaces claim without the project", restCalls(DEMO, unGranted, restHandle));
        rest.put("forged handle", restCalls(DEMO, ownerToken, forged()));
        rest.put("tampered handle", restCalls(DEMO, ownerToken, tampered(restHandle)));
        // the owner's own MCP task id is served by REST (issue 20 item 7); another principal's is not
        rest.put("another principal with the owner's MCP task id", restCalls(DEMO, bob, taskId));
        rest.put(
                "internal execution id",
                restCalls(DEMO, ownerToken, UUID.randomUUID().toString()));

        Map<String, Map<String, McpReply>> mcp = new LinkedHashMap<>();
        mcp.put("another principal, same project", mcpCalls(bob, taskId));
        mcp.put("token of another project", mcpCalls(otherProject, taskId));
        mcp.put("token of another org", mcpCalls(otherOrg, taskId));
        mcp.put("forged task id", mcpCalls(ownerToken, forged()));
        mcp.put("tampered task id", mcpCalls(ownerToken, tampered(taskId)));
        mcp.put("handle minted for REST", mcpCalls(ownerToken, restHandle));

        List<String> table = new ArrayList<>();
        rest.forEach((row, replies) -> replies.forEach((route, r) -> {
            assertThat(r.status()).as(row + " " + route + ": " + r.text()).isEqualTo(404);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.withoutInstance()).as(row + " " + route).isEqualTo(unknownRest.withoutInstance());
            table.add("REST | " + row + " | " + route + " | " + r.status());
        }));
        mcp.forEach((row, replies) -> replies.forEach((method, r) -> {
            assertThat(r.status()).as(row + " " + method).isEqualTo(200);
            assertThat(r.json().path("error")).as(row + " " + method).isEqualTo(notFoundError);
            assertThat(r.text()).doesNotContain("sleep", "working");
            table.add("MCP  | " + row + " | " + method + " | "
                    + r.json().at("/error/code").asInt());
        }));
        table.forEach(System.out::println);

        // none of the cancels above touched the owner's executions
        Reply mine = Http.rest("GET", DEMO + "/" + restHandle, ownerToken, null, null);
        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.json().path("cancel_requested").isMissingNode())
                .as(mine.text())
                .isTrue();
        McpReply myTask = mcp(ownerToken).task("tasks/get", taskId).post();
        assertThat(myTask.json().at("/result/status").asText()).isEqualTo("working");
    }

    @Test
    @Order(2)
    void badTokensAre401AndAMissingScope403OnEveryRoute() {
        Map<String, String> unauthenticated = new LinkedHashMap<>();
        unauthenticated.put("expired token", alice().expired().sign());
        unauthenticated.put(
                "wrong issuer", alice().issuer("https://evil.example").sign());
        unauthenticated.put("wrong audience", alice().audience("someone-else").sign());
        unauthenticated.put(
                "malformed workspaces claim",
                alice().claimJson("workspaces", "\"acme/demo\"").sign());
        unauthenticated.forEach((row, token) -> {
            restCalls(DEMO, token, restHandle).forEach((route, r) -> {
                assertThat(r.status()).as(row + " " + route).isEqualTo(401);
                assertThat(r.json().path("type").asText()).endsWith("/unauthenticated");
            });
            mcpCalls(token, taskId)
                    .forEach((method, r) ->
                            assertThat(r.status()).as(row + " " + method).isEqualTo(401));
        });
        // MCP takes the workspace from the token: one whose grants exclude it has no usable workspace at all
        mcpCalls(alice().claim("workspaces", List.of("acme/other")).sign(), taskId)
                .forEach((method, r) -> assertThat(r.status()).as(method).isEqualTo(401));

        // scope is checked before the handle: the same 403 for a real and a forged handle (no existence oracle)
        String noScope = alice().scopes("executions:operator:status").sign();
        Map<String, Reply> real = restCalls(DEMO, noScope, restHandle);
        String nobodys = forged();
        Map<String, Reply> fake = restCalls(DEMO, noScope, nobodys);
        real.forEach((route, r) -> {
            assertThat(r.status()).as(route).isEqualTo(403);
            assertThat(r.json().path("type").asText()).endsWith("/insufficient-scope");
            assertThat(r.withoutInstance()).isEqualTo(fake.get(route).withoutInstance());
        });
        Map<String, McpReply> realMcp = mcpCalls(noScope, taskId);
        Map<String, McpReply> fakeMcp = mcpCalls(noScope, nobodys);
        realMcp.forEach((method, r) -> {
            assertThat(r.status()).as(method).isEqualTo(403);
            assertThat(r.json().path("error"))
                    .isEqualTo(fakeMcp.get(method).json().path("error"));
        });
    }

    @Test
    @Order(3)
    void theOwnerIsServedAndCanCancel() {
        String owner = alice().sign();
        Map<String, Reply> rest = restCalls(DEMO, owner, restHandle);
        assertThat(rest.get("get").status()).isEqualTo(200);
        assertThat(rest.get("result").status()).isEqualTo(202);
        assertThat(rest.get("cancel").status()).isEqualTo(202);
        Map<String, McpReply> mcp = mcpCalls(owner, taskId);
        assertThat(mcp.get("tasks/get").json().at("/result/taskId").asText()).isEqualTo(taskId);
        assertThat(mcp.get("tasks/cancel").json().at("/result/resultType").asText())
                .isEqualTo("complete");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "cancelled"
                        .equals(Http.rest("GET", DEMO + "/" + restHandle, owner, null, null)
                                .json()
                                .path("status")
                                .asText()));
    }

    private static Mcp2026Client mcp(String token) {
        return LocalStack.get().mcp(token).v2026();
    }
}
