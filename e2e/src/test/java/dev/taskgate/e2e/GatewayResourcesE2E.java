package dev.taskgate.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.testsupport.EverythingServer;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.Mcp2026Client;
import dev.taskgate.testsupport.mcp.McpStdioClient;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 4: the resources, prompts and completions of an upstream — the real
 * {@code @modelcontextprotocol/server-everything}, registered through the operator API for one project — through the
 * packaged stack, for 2026-07-28 and 2025-11-25 clients (over HTTP and stdio): lists (prompts under the namespace), a text resource, a blob
 * resource through a template, a prompt with arguments, a completion, an unknown resource (each generation's error),
 * and another project, for which the upstream does not exist. Also the upstream's {@code sampling/createMessage}
 * relayed to a REST caller, who answers it through the input route, and the progress of its
 * {@code trigger-long-running-operation} recorded with the execution.
 */
@ExtendWith(LocalStack.class)
class GatewayResourcesE2E {
    private static final String TEXT = "demo://resource/static/document/architecture.md";
    private static final String BLOB = "demo://resource/dynamic/blob/2";

    private static EverythingServer everything;
    private static String namespace;
    private static String caller;
    private static String stranger;
    private static String writer;
    private static String project;

    @BeforeAll
    static void registerEverything() throws Exception {
        everything = EverythingServer.start(LocalStack.repo());
        project = "gw-fed-" + UUID.randomUUID().toString().substring(0, 8);
        String id = "fed-" + UUID.randomUUID().toString().substring(0, 8);
        namespace = id.replace("-", "_");
        String operator = token("ada", project, "upstreams:admin", "tools:call");
        caller = token("carl", project, "tools:call");
        writer = token("wren", project, "tools:call", "tools:write");
        stranger = token("sam", "gw-other-" + UUID.randomUUID().toString().substring(0, 8), "tools:call");
        GatewayUpstreams.registerForProject(operator, project, id, everything.url(), namespace, caller);
    }

    @AfterAll
    static void stopEverything() {
        if (everything != null) {
            everything.close();
        }
    }

    @Test
    void a2026ClientListsReadsGetsPromptsAndCompletesUnderTheNamespace() {
        Mcp2026Client mcp = LocalStack.get().mcp(caller).v2026();

        JsonNode resources = mcp.request("resources/list").post().json();
        McpSchemas.assertValidResult("ListResourcesResultResponse", null, resources);
        assertThat(values(resources.at("/result/resources"), "uri")).contains(TEXT);
        assertThat(resources.at("/result/cacheScope").asText()).isEqualTo("private");
        assertThat(resources.at("/result/ttlMs").isIntegralNumber()).isTrue();

        JsonNode templates = mcp.request("resources/templates/list").post().json();
        McpSchemas.assertValidResult("ListResourceTemplatesResultResponse", null, templates);
        assertThat(values(templates.at("/result/resourceTemplates"), "uriTemplate"))
                .contains("demo://resource/dynamic/blob/{resourceId}");

        JsonNode text = mcp.request("resources/read")
                .param("uri", TEXT)
                .header("Mcp-Name", TEXT)
                .post()
                .json();
        McpSchemas.assertValidResult("ReadResourceResultResponse", null, text);
        assertThat(text.at("/result/contents/0/text").asText()).isNotBlank();

        JsonNode blob = mcp.request("resources/read")
                .param("uri", BLOB)
                .header("Mcp-Name", BLOB)
                .post()
                .json();
        McpSchemas.assertValidResult("ReadResourceResultResponse", null, blob);
        assertThat(blob.at("/result/contents/0/blob").asText()).isNotBlank();

        JsonNode prompts = mcp.request("prompts/list").post().json();
        McpSchemas.assertValidResult("ListPromptsResultResponse", null, prompts);
        assertThat(values(prompts.at("/result/prompts"), "name"))
                .contains(namespace + ".simple-prompt", namespace + ".args-prompt");

        JsonNode prompt = mcp.request("prompts/get")
                .param("name", namespace + ".args-prompt")
                .param("arguments", Map.of("city", "Lisbon"))
                .post()
                .json();
        McpSchemas.assertValidResult("GetPromptResultResponse", null, prompt);
        assertThat(prompt.at("/result/messages/0/content/text").asText()).contains("Lisbon");

        JsonNode completion = mcp.request("completion/complete")
                .param("ref", Map.of("type", "ref/prompt", "name", namespace + ".completable-prompt"))
                .param("argument", Map.of("name", "department", "value", "Eng"))
                .post()
                .json();
        McpSchemas.assertValidResult("CompleteResultResponse", null, completion);
        assertThat(completion.at("/result/completion/values/0").asText()).isEqualTo("Engineering");

        JsonNode missing = mcp.request("resources/read")
                .param("uri", "demo://resource/nowhere")
                .header("Mcp-Name", "demo://resource/nowhere")
                .post()
                .json();
        McpSchemas.assertValidError(missing);
        assertThat(missing.at("/error/code").asInt()).as(missing.toString()).isEqualTo(-32602);
    }

    @Test
    void a2025SessionGetsTheSameWithThe2025Errors() {
        Mcp2025Session session = LocalStack.get().mcp(caller).v2025().initialize();
        session.initialized();

        JsonNode resources =
                session.request("resources/list", Mcp2025Client.params()).json();
        Mcp2025Client.assertValid("ListResourcesResult", resources.path("result"));
        assertThat(values(resources.at("/result/resources"), "uri")).contains(TEXT);

        JsonNode text = session.request("resources/read", Mcp2025Client.params().put("uri", TEXT))
                .json();
        Mcp2025Client.assertValid("ReadResourceResult", text.path("result"));
        assertThat(text.at("/result/contents/0/text").asText()).isNotBlank();

        JsonNode blob = session.request("resources/read", Mcp2025Client.params().put("uri", BLOB))
                .json();
        assertThat(blob.at("/result/contents/0/blob").asText()).isNotBlank();

        ObjectNode args = Mcp2025Client.params().put("name", namespace + ".args-prompt");
        args.putObject("arguments").put("city", "Lisbon");
        JsonNode prompt = session.request("prompts/get", args).json();
        Mcp2025Client.assertValid("GetPromptResult", prompt.path("result"));
        assertThat(prompt.at("/result/messages/0/content/text").asText()).contains("Lisbon");

        ObjectNode complete = Mcp2025Client.params();
        complete.putObject("ref").put("type", "ref/prompt").put("name", namespace + ".completable-prompt");
        complete.putObject("argument").put("name", "department").put("value", "Eng");
        JsonNode completion = session.request("completion/complete", complete).json();
        Mcp2025Client.assertValid("CompleteResult", completion.path("result"));
        assertThat(completion.at("/result/completion/values/0").asText()).isEqualTo("Engineering");

        Mcp2025Client.assertError(
                session.request("resources/read", Mcp2025Client.params().put("uri", "demo://resource/nowhere"))
                        .json(),
                -32002);
    }

    @Test
    void a2025ClientOverStdioReadsAndGetsPromptsToo() throws Exception {
        Path repo = LocalStack.repo();
        Path stderr = repo.resolve("e2e/target/e2e-logs/gateway-resources-stdio.stderr.log");
        Files.createDirectories(stderr.getParent());
        ProcessBuilder pb = new ProcessBuilder(
                        repo.resolve("bin/taskgate-mcp-stdio").toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()));
        pb.environment().putAll(LocalStack.get().sharedEnv());
        pb.environment().put("TASKGATE_TOKEN", caller);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = pb.start();
        try {
            McpStdioClient stdio = McpTestClient.stdio(process.getInputStream(), process.getOutputStream());
            ObjectNode init = Mcp2025Client.params().put("protocolVersion", "2025-11-25");
            init.putObject("capabilities");
            init.putObject("clientInfo").put("name", "e2e").put("version", "1");
            JsonNode initialized = stdio.request("initialize", init);
            assertThat(initialized.at("/result/capabilities/resources").isObject())
                    .as(initialized.toString())
                    .isTrue();
            stdio.notify("notifications/initialized", null);

            JsonNode text =
                    stdio.request("resources/read", Mcp2025Client.params().put("uri", TEXT));
            Mcp2025Client.assertValid("ReadResourceResult", text.path("result"));
            assertThat(text.at("/result/contents/0/text").asText()).isNotBlank();
            JsonNode prompts = stdio.request("prompts/list", Mcp2025Client.params());
            assertThat(values(prompts.at("/result/prompts"), "name")).contains(namespace + ".simple-prompt");
        } finally {
            if (process.isAlive()) {
                process.destroy();
                process.waitFor(20, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void anUpstreamTheCallerMayNotUseStaysInvisible() {
        Mcp2026Client mcp = LocalStack.get().mcp(stranger).v2026();

        assertThat(values(mcp.request("resources/list").post().json().at("/result/resources"), "uri"))
                .doesNotContain(TEXT);
        assertThat(values(mcp.request("prompts/list").post().json().at("/result/prompts"), "name"))
                .noneMatch(name -> name.startsWith(namespace + "."));
        JsonNode prompt = mcp.request("prompts/get")
                .param("name", namespace + ".simple-prompt")
                .post()
                .json();
        assertThat(prompt.at("/error/code").asInt()).as(prompt.toString()).isEqualTo(-32602);
        assertThat(prompt.at("/error/message").asText()).isEqualTo("Unknown prompt: " + namespace + ".simple-prompt");
        JsonNode read = mcp.request("resources/read")
                .param("uri", TEXT)
                .header("Mcp-Name", TEXT)
                .post()
                .json();
        assertThat(read.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(read.at("/error/message").asText()).isEqualTo("Resource not found");
    }

    @Test
    void theUpstreamsSamplingRequestIsAnsweredByARestCallerAndItsResultReachesTheTool() {
        String executions = "/v1/orgs/acme/projects/" + project + "/tool-executions";
        Http.Reply submitted = Http.rest(
                "POST",
                executions,
                writer,
                "e2e-" + UUID.randomUUID(),
                "{\"tool_name\": \"" + namespace + ".trigger-sampling-request\", \"input\": {\"prompt\": \"tides\"}}");
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(202);
        String execution =
                executions + "/" + submitted.json().path("execution_id").asText();
        JsonNode waiting = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", execution, writer, null, null).json(),
                        e -> !e.path("status").asText().equals("queued")
                                && !e.path("status").asText().equals("working"));
        assertThat(waiting.path("status").asText()).as(waiting.toString()).isEqualTo("input_required");
        String key = waiting.path("input_requests").fieldNames().next();
        JsonNode request = waiting.path("input_requests").path(key);
        assertThat(request.path("method").asText()).isEqualTo("sampling/createMessage");
        assertThat(request.at("/params/messages/0/content/text").asText()).contains("tides");

        Http.Reply answered = Http.rest("POST", execution + "/input", writer, null, """
                {"request_key": "%s", "response": {"role": "assistant", "model": "e2e-model",
                 "content": {"type": "text", "text": "The tide turns twice a day."}}}
                """.formatted(key));
        assertThat(answered.status()).as(answered.text()).isEqualTo(200);

        JsonNode done = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", execution, writer, null, null).json(),
                        e -> List.of("completed", "failed", "cancelled")
                                .contains(e.path("status").asText()));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        JsonNode result =
                Http.rest("GET", execution + "/result", writer, null, null).json();
        assertThat(result.at("/content/0/text").asText())
                .as(result.toString())
                .contains("The tide turns twice a day.")
                .contains("e2e-model");
    }

    @Test
    void theUpstreamsProgressReachesTheExecutionAndItsResultIsTheUpstreams() {
        String executions = "/v1/orgs/acme/projects/" + project + "/tool-executions";
        Http.Reply submitted = Http.rest(
                "POST",
                executions,
                writer,
                "e2e-" + UUID.randomUUID(),
                "{\"tool_name\": \"" + namespace
                        + ".trigger-long-running-operation\", \"input\": {\"duration\": 2, \"steps\": 4}}");
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(202);
        String execution =
                executions + "/" + submitted.json().path("execution_id").asText();

        JsonNode done = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", execution, writer, null, null).json(),
                        e -> List.of("completed", "failed", "cancelled")
                                .contains(e.path("status").asText()));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        // server-everything reports each of its steps against the progress token of the call
        assertThat(done.path("total").asDouble()).as(done.toString()).isEqualTo(4.0);
        assertThat(done.path("progress").asDouble()).isBetween(1.0, 4.0);
        JsonNode result =
                Http.rest("GET", execution + "/result", writer, null, null).json();
        assertThat(result.at("/content/0/text").asText())
                .as(result.toString())
                .isEqualTo("Long running operation completed. Duration: 2 seconds, Steps: 4.");
    }

    private static List<String> values(JsonNode items, String member) {
        List<String> out = new ArrayList<>();
        items.forEach(item -> out.add(item.path(member).asText()));
        return out;
    }

    private static String token(String subject, String project, String... scopes) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project(project)
                .scopes(scopes)
                .sign();
    }
}
