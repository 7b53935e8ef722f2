package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.e2e.Http.Reply;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The operator API through the packaged services: an operator sees every principal's executions of the project
 * under the handles their owners hold, reads payloads only with the payload scope, cancels another principal's
 * MCP task, and finds every one of those calls — refused ones included — in the audit log.
 */
@ExtendWith(LocalStack.class)
class OperatorApiE2E {
    private static final String ORG = "ops-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String OWNER_BASE = "/v1/orgs/" + ORG + "/projects/demo/tool-executions";
    private static final String OPS = "/v1/orgs/" + ORG + "/projects/demo/operator";

    private static String token(String subject, String... scopes) {
        return Tokens.forSubject(subject)
                .org(ORG)
                .project("demo")
                .scopes(scopes)
                .sign();
    }

    @Test
    void anOperatorListsReadsCancelsAndEveryCallIsAudited() {
        String alice = token("alice", "tools:call");
        String bob = token("bob", "tools:call");
        String olga = token("olga", "executions:operator:status", "executions:operator:cancel");
        String paula = token("paula", "executions:operator:payload");

        Reply created = Http.rest(
                "POST",
                OWNER_BASE,
                alice,
                "op-" + UUID.randomUUID(),
                "{\"tool_name\":\"demo.echo\",\"input\":{\"secret\":\"alice's input\"}}");
        String aliceHandle = created.json().path("execution_id").asText();
        McpReply task = mcp(bob).toolCall("demo.sleep", Map.of("seconds", 600))
                .withTasks()
                .post();
        String bobTask = task.json().at("/result/taskId").asText();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "working"
                        .equals(mcp(bob).task("tasks/get", bobTask)
                                .post()
                                .json()
                                .at("/result/status")
                                .asText()));

        // list: both principals' executions, under the handles their owners hold, no payloads
        Reply list = Http.rest("GET", OPS + "/tool-executions", olga, null, null);
        assertThat(list.status()).as(list.text()).isEqualTo(200);
        List<String> handles = new ArrayList<>();
        list.json()
                .path("items")
                .forEach(i -> handles.add(i.path("execution_id").asText()));
        assertThat(handles).containsExactly(bobTask, aliceHandle);
        assertThat(list.json().at("/items/0/owner").asText()).isEqualTo(Tokens.DEFAULT_ISSUER + " bob");
        assertThat(list.text()).doesNotContain("alice's input");
        Reply page = Http.rest("GET", OPS + "/tool-executions?limit=1", olga, null, null);
        assertThat(page.json().path("items")).hasSize(1);
        Reply next = Http.rest(
                "GET",
                OPS + "/tool-executions?limit=1&cursor="
                        + page.json().path("next_cursor").asText(),
                olga,
                null,
                null);
        assertThat(next.json().at("/items/0/execution_id").asText()).isEqualTo(aliceHandle);

        // get by the owner's handle; payload needs its own scope
        Reply status = Http.rest("GET", OPS + "/tool-executions/" + aliceHandle, olga, null, null);
        assertThat(status.json().path("tool_name").asText()).isEqualTo("demo.echo");
        Reply refused = Http.rest("GET", OPS + "/tool-executions/" + aliceHandle + "/payload", olga, null, null);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().path("type").asText()).endsWith("/insufficient-scope");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "completed"
                        .equals(Http.rest("GET", OWNER_BASE + "/" + aliceHandle, alice, null, null)
                                .json()
                                .path("status")
                                .asText()));
        Reply payload = Http.rest("GET", OPS + "/tool-executions/" + aliceHandle + "/payload", paula, null, null);
        assertThat(payload.status()).as(payload.text()).isEqualTo(200);
        assertThat(payload.json().at("/input/secret").asText()).isEqualTo("alice's input");
        assertThat(payload.json().at("/result/structuredContent/secret").asText())
                .isEqualTo("alice's input");

        // cancel bob's running task: accepted, then the worker stops it; again: already terminal or requested
        Reply cancel = Http.rest("POST", OPS + "/tool-executions/" + bobTask + "/cancel", olga, null, null);
        assertThat(cancel.status()).as(cancel.text()).isEqualTo(200);
        // accepted once the relay published the stop within the confirmation wait; on a saturated machine it may
        // not have yet, which the outcome then says
        String cancelOutcome = cancel.json().path("outcome").asText();
        assertThat(cancelOutcome).isIn("accepted", "stop_delivery_unknown");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "cancelled"
                        .equals(mcp(bob).task("tasks/get", bobTask)
                                .post()
                                .json()
                                .at("/result/status")
                                .asText()));
        Reply again = Http.rest("POST", OPS + "/tool-executions/" + bobTask + "/cancel", olga, null, null);
        assertThat(again.json().path("outcome").asText()).isEqualTo("already_terminal");
        Reply terminal = Http.rest("POST", OPS + "/tool-executions/" + aliceHandle + "/cancel", olga, null, null);
        assertThat(terminal.json().path("outcome").asText()).isEqualTo("already_terminal");

        // forged and foreign: the uniform 404
        String tampered =
                aliceHandle.substring(0, aliceHandle.length() - 2) + (aliceHandle.endsWith("AA") ? "BB" : "AA");
        assertThat(Http.rest("GET", OPS + "/tool-executions/" + tampered, olga, null, null)
                        .status())
                .isEqualTo(404);
        String foreign = Tokens.forSubject("olga")
                .org("elsewhere")
                .project("demo")
                .scopes("executions:operator:status")
                .sign();
        assertThat(Http.rest("GET", OPS + "/tool-executions", foreign, null, null)
                        .status())
                .isEqualTo(404);

        // the audit log holds every call, newest first, refused ones included
        Reply audit = Http.rest("GET", OPS + "/audit?limit=100", olga, null, null);
        assertThat(audit.status()).as(audit.text()).isEqualTo(200);
        List<String> lines = new ArrayList<>();
        for (JsonNode e : audit.json().path("items")) {
            lines.add(e.path("principal").asText().replace(Tokens.DEFAULT_ISSUER + " ", "") + " "
                    + e.path("action").asText() + " " + e.path("outcome").asText());
        }
        assertThat(lines)
                .containsExactly(
                        "olga audit.list ok",
                        "olga list not_found",
                        "olga get not_found",
                        "olga cancel already_terminal",
                        "olga cancel already_terminal",
                        "olga cancel " + cancelOutcome,
                        "paula payload ok",
                        "olga payload insufficient_scope",
                        "olga get ok",
                        "olga list ok",
                        "olga list ok",
                        "olga list ok");
    }

    private static Mcp2026Client mcp(String token) {
        return LocalStack.get().mcp(token).v2026();
    }
}
