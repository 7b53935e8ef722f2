package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Stdio upstreams of the upstreams file through the packaged stack (docs/gateway.md "Stdio upstreams"): job-control
 * starts their command to list them, and a worker's child starts it again for the call. Our StdioCountingUpstream's
 * echo is called once with its exact result, and its crash fails the execution with the exit status; the pinned third-party server-filesystem ({@code fs}, confined to a
 * directory this class fills) lists a directory and reads a file through REST, a 2026-07-28 task, a 2025-11-25 task
 * and the compatibility tools. server-filesystem asks its client for its roots ({@code roots/list}) as soon as it is
 * initialized, so each of those calls is one input round: the caller answers with the directory as its root, or
 * declines and the server keeps the directory it was started with.
 */
@ExtendWith(LocalStack.class)
class GatewayStdioE2E {
    private static final Duration SETTLE = Duration.ofSeconds(90);
    private static final String FS_EXECUTIONS =
            "/v1/orgs/acme/projects/" + GatewayUpstreams.FILESYSTEM_PROJECT + "/tool-executions";
    private static final String NOTE = "first line\nsecond line\n";

    @Test
    void aToolOfAStdioUpstreamIsListedNamespacedAndCalledOnceThroughRest() throws IOException {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        String acme = Tokens.forSubject("gateway-stdio-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(acme).contains("counting-stdio.echo"));
        Path counts = LocalStack.stdioUpstreamCounts();
        long before = echoes(counts);

        JsonPath result = DemoExecutions.result(acme, "counting-stdio.echo", Map.of("over", "stdio"));

        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        assertThat(result.getMap("structuredContent")).isEqualTo(Map.of("over", "stdio"));
        assertThat(echoes(counts)).isEqualTo(before + 1);
        assertThat(GatewayUpstreams.listedTools(acme)).noneMatch(name -> name.startsWith("fs."));
    }

    @Test
    void aStdioUpstreamThatCrashesMidCallFailsTheExecutionWithItsExitStatusCalledOnce() throws IOException {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        String acme = Tokens.forSubject("gateway-stdio-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(acme).contains("counting-stdio.crash"));
        Path counts = LocalStack.stdioUpstreamCounts();
        long before = lines(counts, "crash");

        String id = DemoExecutions.submit(acme, "counting-stdio.crash", Map.of())
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");

        JsonNode failure = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> Http.rest("GET", DemoExecutions.BASE + "/" + id + "/result", acme, null, null)
                                .json(),
                        body -> "upstream_failed".equals(body.path("error_code").asText()));
        assertThat(failure.path("detail").asText())
                .as(failure.toString())
                .contains("upstream 'counting-stdio'", "tool 'crash'", "exited with status 70");
        assertThat(lines(counts, "crash")).isEqualTo(before + 1);
    }

    @Test
    void serverFilesystemReadsAFileThroughRestWithTheCallersRootsRelayed() throws IOException {
        String caller = fsCaller();
        Path note = fill("rest");

        Http.Reply created = Http.rest(
                "POST",
                FS_EXECUTIONS,
                caller,
                "fs-" + UUID.randomUUID(),
                Http.JSON
                        .createObjectNode()
                        .put("tool_name", "fs.read_text_file")
                        .set("input", Http.JSON.createObjectNode().put("path", note.toString()))
                        .toString());
        assertThat(created.status()).as(created.text()).isEqualTo(202);
        String id = created.json().path("execution_id").asText();
        answerRootsOverRest(caller, id, roots());

        JsonNode result = awaitResult(caller, id);
        assertThat(result.at("/content/0/text").asText()).as(result.toString()).isEqualTo(NOTE);
        assertThat(result.at("/structuredContent/content").asText()).isEqualTo(NOTE);
    }

    @Test
    void serverFilesystemNotToldOfRootsServesItsOwnDirectoryWithoutAskingTheCaller() throws IOException {
        String caller = fsCaller();
        Path note = fill("relay");
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(caller).contains("fs-local.read_text_file"));

        for (int call = 0; call < 2; call++) {
            Http.Reply created = Http.rest(
                    "POST",
                    FS_EXECUTIONS,
                    caller,
                    "fs-local-" + UUID.randomUUID(),
                    Http.JSON
                            .createObjectNode()
                            .put("tool_name", "fs-local.read_text_file")
                            .set("input", Http.JSON.createObjectNode().put("path", note.toString()))
                            .toString());
            assertThat(created.status()).as(created.text()).isEqualTo(202);

            // "relay" leaves roots out: the server works from its command line's directory, and no input round
            JsonNode result =
                    awaitResult(caller, created.json().path("execution_id").asText());
            assertThat(result.at("/content/0/text").asText())
                    .as(result.toString())
                    .isEqualTo(NOTE);
        }
    }

    @Test
    void serverFilesystemListsADirectoryAsA2026TaskAnsweringItsRootsWithTasksUpdate() throws IOException {
        String caller = fsCaller();
        Path note = fill("task-2026");

        JsonNode created = LocalStack.get()
                .mcp(caller)
                .v2026()
                .toolCall("fs.list_directory", Map.of("path", note.getParent().toString()))
                .withTasks()
                .post()
                .json()
                .path("result");
        assertThat(created.path("resultType").asText()).as(created.toString()).isEqualTo("task");
        String taskId = created.path("taskId").asText();
        JsonNode waiting = awaitTask(caller, taskId, "input_required");
        String key = waiting.path("inputRequests").fieldNames().next();
        assertThat(waiting.at("/inputRequests/" + key + "/method").asText()).isEqualTo("roots/list");

        McpReply ack = LocalStack.get()
                .mcp(caller)
                .v2026()
                .task("tasks/update", taskId)
                .capability("roots")
                .param("inputResponses", Map.of(key, roots()))
                .post();
        assertThat(ack.status()).as(ack.text()).isEqualTo(200);

        JsonNode done = awaitTask(caller, taskId, "completed");
        assertThat(done.at("/result/content/0/text").asText())
                .as(done.toString())
                .contains("[FILE] " + note.getFileName());
    }

    @Test
    void serverFilesystemReadsAFileAsA2025TaskWhoseRootsTheRestRouteAnswers() throws IOException {
        String caller = fsCaller();
        Path note = fill("task-2025");
        Mcp2025Session session = LocalStack.get().mcp(caller).v2025().initialize();

        ObjectNode params = Mcp2025Client.call("fs.read_text_file", Map.of("path", note.toString()));
        params.putObject("task").put("ttl", 60_000);
        String taskId = session.request("tools/call", params)
                .json()
                .at("/result/task/taskId")
                .asText();
        // the session declared no roots capability: the request waits for the REST input route
        answerRootsOverRest(caller, taskId, roots());

        McpReply result = session.request("tasks/result", Mcp2025Client.task(taskId));
        assertThat(result.result().at("/content/0/text").asText())
                .as(result.text())
                .isEqualTo(NOTE);
    }

    @Test
    void serverFilesystemListsADirectoryThroughTheCompatibilityToolsDecliningItsRoots() throws IOException {
        String caller = fsCaller();
        Path note = fill("compat");
        Mcp2025Session session = LocalStack.get().mcp(caller).v2025().initialize();

        JsonNode handle = session.request(
                        "tools/call",
                        Mcp2025Client.call(
                                "fs.list_directory",
                                Map.of("path", note.getParent().toString())))
                .json()
                .at("/result/structuredContent");
        assertThat(handle.path("type").asText()).as(handle.toString()).isEqualTo("taskgate.execution/v1");
        assertThat(handle.path("state").asText()).isEqualTo("input_required");
        assertThat(handle.at("/next_action/tool").asText()).isEqualTo("execution_provide_input");
        String id = handle.path("execution_id").asText();
        String key = handle.at("/next_action/arguments/request_key").asText();

        // execution_provide_input takes an ElicitResult: the roots request is declined, the server keeps its directory
        ObjectNode provide = Mcp2025Client.call(
                "execution_provide_input",
                Map.of("execution_id", id, "request_key", key, "response", Map.of("action", "decline")));
        JsonNode provided = session.request("tools/call", provide).json().at("/result/structuredContent");
        assertThat(provided.path("delivered").asBoolean())
                .as(provided.toString())
                .isTrue();

        JsonNode got = session.request(
                        "tools/call",
                        Mcp2025Client.call("execution_get", Map.of("execution_id", id, "wait_ms", 45_000)))
                .json()
                .path("result");
        assertThat(got.at("/content/0/text").asText()).as(got.toString()).contains("[FILE] " + note.getFileName());
    }

    private static String fsCaller() {
        String caller = Tokens.forSubject("gateway-fs-e2e")
                .org("acme")
                .project(GatewayUpstreams.FILESYSTEM_PROJECT)
                .scopes("tools:call", "tools:write")
                .sign();
        assertThat(GatewayUpstreams.filesystemScript(LocalStack.repo()))
                .as("server-filesystem is installed by npm ci in tools/upstream-fixtures/npm")
                .isRegularFile();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(caller)
                        .containsAll(List.of("fs.list_directory", "fs.read_text_file")));
        return caller;
    }

    /** A folder of its own in the upstream's directory, holding {@code note.txt}; returns the note's real path. */
    private static Path fill(String folder) throws IOException {
        Path dir =
                Files.createDirectories(LocalStack.filesystemUpstreamDirectory().resolve(folder));
        return Files.writeString(dir.resolve("note.txt"), NOTE).toRealPath();
    }

    /** A {@code ListRootsResult} naming the upstream's directory. */
    private static Map<String, Object> roots() throws IOException {
        return Map.of(
                "roots",
                List.of(Map.of(
                        "uri",
                        LocalStack.filesystemUpstreamDirectory()
                                .toRealPath()
                                .toUri()
                                .toString(),
                        "name",
                        "e2e")));
    }

    private static void answerRootsOverRest(String caller, String id, Map<String, Object> roots) {
        String execution = FS_EXECUTIONS + "/" + id;
        JsonNode waiting = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", execution, caller, null, null).json(),
                        e -> !List.of("queued", "working")
                                .contains(e.path("status").asText()));
        assertThat(waiting.path("status").asText()).as(waiting.toString()).isEqualTo("input_required");
        String key = waiting.path("input_requests").fieldNames().next();
        assertThat(waiting.at("/input_requests/" + key + "/method").asText()).isEqualTo("roots/list");
        ObjectNode answer = Http.JSON.createObjectNode().put("request_key", key);
        answer.set("response", Http.JSON.valueToTree(roots));
        Http.Reply answered = Http.rest("POST", execution + "/input", caller, null, answer.toString());
        assertThat(answered.status()).as(answered.text()).isEqualTo(200);
    }

    private static JsonNode awaitResult(String caller, String id) {
        String execution = FS_EXECUTIONS + "/" + id;
        JsonNode done = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", execution, caller, null, null).json(),
                        e -> List.of("completed", "failed", "cancelled")
                                .contains(e.path("status").asText()));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        return Http.rest("GET", execution + "/result", caller, null, null).json();
    }

    private static JsonNode awaitTask(String caller, String taskId, String status) {
        JsonNode[] last = {null};
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .failFast(() -> last[0] != null
                        && List.of("completed", "failed", "cancelled")
                                .contains(last[0].path("status").asText())
                        && !last[0].path("status").asText().equals(status))
                .until(() -> {
                    last[0] = LocalStack.get()
                            .mcp(caller)
                            .v2026()
                            .task("tasks/get", taskId)
                            .capability("roots")
                            .post()
                            .json()
                            .path("result");
                    return last[0].path("status").asText().equals(status);
                });
        return last[0];
    }

    private static long echoes(Path counts) throws IOException {
        return lines(counts, "echo");
    }

    private static long lines(Path counts, String line) throws IOException {
        return Files.exists(counts)
                ? Files.readAllLines(counts).stream().filter(line::equals).count()
                : 0;
    }
}
