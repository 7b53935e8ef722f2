package dev.taskgate.frontend.mcp.v2025;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.mcp.ToolListChanges;
import dev.taskgate.frontend.mcp.http.ListenStreams;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.PlayedExecution;
import dev.taskgate.frontend.support.RawHttp;
import dev.taskgate.frontend.support.UpstreamToolFixtures;
import dev.taskgate.frontend.support.WithListenStreams;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.testsupport.DevServiceKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;
import dev.taskgate.testsupport.mcp.McpTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 2025-era listen stream ({@code GET /mcp} in a session), with the test playing job-control (queries, session
 * table, lifecycle records on {@code fe-test.taskgate.lifecycle.v1}): a status change of one of the owner's 2025
 * tasks becomes {@code notifications/tasks/status} with the Task as tasks/get shows it (schema-checked), others'
 * and other generations' executions do not; keep-alives; the session checks of POST; the per-session cap; DELETE
 * here or elsewhere ends the stream.
 */
@QuarkusTest
@TestProfile(WithListenStreams.class)
class Mcp2025ListenTest extends McpComponentTest {
    private static final String LIFECYCLE_TOPIC = "fe-test.taskgate.lifecycle.v1";
    private static final String TOOL_ERROR = "{\"content\":[{\"type\":\"text\",\"text\":\"no\"}],\"isError\":true}";
    private static final Duration PATIENCE = Duration.ofSeconds(40);
    private static final String DONE = "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}";
    private static final String RELATED_TASK_ID = "/params/_meta/io.modelcontextprotocol~1related-task/taskId";

    private static KafkaTestClient kafka;
    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private Mcp2025Session client;

    @Inject
    ExecutionHandles handles;

    @Inject
    ListenStreams streams;

    @Inject
    ExecutionSignals signals;

    @Inject
    OperationCatalog catalog;

    @Inject
    ToolListChanges toolLists;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @BeforeEach
    void initialize() {
        queries.reset();
        client = mcp2025().initialize("2025-11-25");
    }

    @Test
    void aStatusChangeOfTheOwnersTaskIsNotifiedWithTheTaskAsTasksGetShowsIt() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.WORKING, null, Surface.MCP_2025);
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");

            // the reader's group may still be joining: repeat the record until one is seen (the stream says it once)
            await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                changed(id, id, ExecutionStatus.WORKING, "alice", Surface.MCP_2025);
                assertThat(stream.messages()).isNotEmpty();
            });
            answerOutcome(id, ExecutionStatus.COMPLETED, TOOL_ERROR, Surface.MCP_2025);
            changed(id, id, ExecutionStatus.COMPLETED, "alice", Surface.MCP_2025);
            await().atMost(PATIENCE).until(() -> stream.messages().size() >= 2);

            List<JsonNode> messages = stream.messages();
            messages.forEach(m -> Mcp2025Client.assertValid("TaskStatusNotification", m));
            assertThat(messages).hasSize(2);
            assertThat(messages.get(0).at("/params/status").asText()).isEqualTo("working");
            assertThat(messages.get(1).at("/params/status").asText())
                    .as("isError is failed in 2025-11-25")
                    .isEqualTo("failed");
            String taskId = messages.get(1).at("/params/taskId").asText();
            assertThat(handles.verify(taskId, Surface.MCP_2025, Fixtures.caller("alice")))
                    .contains(id);
            assertThat(messages.get(1).path("params").has("_meta"))
                    .as("§8: no related-task meta")
                    .isFalse();
            McpReply get = client.request(9, "tasks/get", Mcp2025Client.params().put("taskId", taskId));
            assertThat(messages.get(1).get("params")).isEqualTo(get.json().get("result"));
        }
    }

    @Test
    void aFollowedTasksProgressAndLogMessagesGoOutWithRelatedTaskMetaAndNothingAfterItsTerminalStatus() {
        UUID id = UUID.randomUUID();
        PlayedExecution task = new PlayedExecution(kafka, id, "demo.count", Surface.MCP_2025);
        task.answerOutcome(queries, working(id, TextNode.valueOf("tok-L"), 1.0), null);
        // the frontend reads only records whose key some request here watches: the marker's key stays watched
        try (ExecutionWatch keyWatched = signals.watch(id);
                McpStream stream = listen(client, Fixtures.aliceToken())) {
            assertThat(keyWatched.executionId()).isEqualTo(id);
            awaitFollowed(stream, task, id);
            PlayedExecution marker = marker(UUID.randomUUID(), stream);
            Mcp2025Client.assertValid(
                    "JSONRPCResultResponse",
                    client.request("logging/setLevel", Mcp2025Client.params().put("level", "info"))
                            .json()); // on this instance the stream uses it at once

            task.progress(1, 10.0, "not above what was recorded when the stream began to follow the task");
            task.log(LogLevel.DEBUG, "below the level");
            task.progress(2, 10.0, "two");
            task.log(LogLevel.WARNING, "careful");
            await().atMost(PATIENCE).until(() -> progressOf(stream, id).contains(2));
            task.progress(3, 10.0, "three");
            await().atMost(PATIENCE).until(() -> progressOf(stream, id).contains(3));
            answerOutcome(id, ExecutionStatus.COMPLETED, DONE, Surface.MCP_2025);
            task.changed(ExecutionStatus.COMPLETED);
            await().atMost(PATIENCE).until(() -> statusesOf(stream, id).contains("completed"));
            task.progress(4, 10.0, "after the end");
            task.log(LogLevel.ERROR, "after the end");
            marker.log(LogLevel.ERROR, "marker", id); // read after the records above
            await().atMost(PATIENCE).until(() -> logsOf(stream).contains("marker"));

            String taskId = taskIdOf(stream, id);
            List<JsonNode> ofTask = stream.messages().stream()
                    .filter(m -> taskId.equals(m.at("/params/taskId").asText())
                            || taskId.equals(m.at(RELATED_TASK_ID).asText()))
                    .toList();
            JsonNode last = ofTask.get(ofTask.size() - 1);
            assertThat(last.at("/params/status").asText())
                    .as("nothing follows the terminal status: %s", ofTask)
                    .isEqualTo("completed");
            List<JsonNode> progress = ofTask.stream()
                    .filter(m ->
                            "notifications/progress".equals(m.path("method").asText()))
                    .toList();
            progress.forEach(p -> {
                Mcp2025Client.assertValid("ProgressNotification", p);
                assertThat(p.at("/params/progressToken")).isEqualTo(TextNode.valueOf("tok-L"));
                assertThat(p.at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
            });
            assertThat(progress)
                    .extracting(p -> p.at("/params/progress").asInt())
                    .containsExactly(2, 3);
            List<JsonNode> logs = ofTask.stream()
                    .filter(m -> "notifications/message".equals(m.path("method").asText()))
                    .toList();
            logs.forEach(l -> Mcp2025Client.assertValid("LoggingMessageNotification", l));
            assertThat(logs).extracting(l -> l.at("/params/data").asText()).containsExactly("careful");
            assertThat(logs.get(0).at(RELATED_TASK_ID).asText()).isEqualTo(taskId);
        }
    }

    @Test
    void oneMessageGoesOutOnOneStreamTheTasksResultStreamHereOrElseTheSessionsOldestListenStream() {
        UUID id = UUID.randomUUID();
        PlayedExecution task = new PlayedExecution(kafka, id, "demo.count", Surface.MCP_2025);
        task.answerOutcome(queries, working(id, null, null), null);
        client.request("logging/setLevel", Mcp2025Client.params().put("level", "info"));
        UUID markerId = UUID.randomUUID();
        PlayedExecution marker;
        McpStream second;
        try (McpStream first = listen(client, Fixtures.aliceToken())) {
            awaitFollowed(first, task, id);
            second = listen(client, Fixtures.aliceToken());
            awaitFollowed(second, task, id);
            marker = marker(markerId, first, second);

            task.log(LogLevel.INFO, "for the oldest listen stream");
            await().atMost(PATIENCE).until(() -> logsOf(first).contains("for the oldest listen stream"));
            String taskId = taskIdOf(first, id);
            try (McpStream result = client.stream("tasks/result", Mcp2025Client.task(taskId))) {
                await().atMost(PATIENCE).until(() -> signals.isCarried(id));
                task.log(LogLevel.INFO, "for tasks/result");
                await().atMost(PATIENCE)
                        .until(() -> result.messages().stream()
                                .anyMatch(m -> "for tasks/result"
                                        .equals(m.at("/params/data").asText())));
                marker.log(LogLevel.INFO, "marker one", id);
                await().atMost(PATIENCE).until(() -> logsOf(first).contains("marker one"));
                assertThat(logsOf(first))
                        .as("tasks/result here carries the task's messages")
                        .doesNotContain("for tasks/result");
            }
        }
        try (second) {
            await().atMost(PATIENCE).until(() -> streams.openFor(Mcp2025Sessions.hash(client.id())) == 1);
            marker.log(LogLevel.INFO, "marker two", id); // the second stream is the oldest now
            await().atMost(PATIENCE).until(() -> logsOf(second).contains("marker two"));
            assertThat(logsOf(second)).as("only the oldest stream carried them").containsExactly("marker two");
        }
    }

    @Test
    void aTaskAlreadyRunningWhenTheStreamOpensIsFollowedAndALevelSetElsewhereIsSeenAtTheSessionCheck()
            throws Exception {
        UUID id = UUID.randomUUID();
        PlayedExecution task = new PlayedExecution(kafka, id, "demo.count", Surface.MCP_2025);
        ExecutionSnapshot running = working(id, IntNode.valueOf(42), null);
        task.answerOutcome(queries, running, null);
        queries.answer("/internal/v1/executions", 200, Wire.toBytes(new ExecutionPage(List.of(running), null)));
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            await().atMost(PATIENCE).until(() -> signals.isWatched(id)); // no lifecycle record: the owner list
            task.progress(5, 10.0, "five");
            await().atMost(PATIENCE).until(() -> progressOf(stream, id).contains(5));
            JsonNode progress = stream.messages().get(0);
            Mcp2025Client.assertValid("ProgressNotification", progress);
            assertThat(progress.at("/params/progressToken")).isEqualTo(IntNode.valueOf(42));

            // what logging/setLevel through another replica does: job-control keeps the level with the session
            String levelPath = "/internal/v1/mcp-sessions/" + Mcp2025Sessions.hash(client.id()) + "/log-level";
            byte[] level = "{\"level\":\"error\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            HttpResponse<String> set = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(queries.url() + levelPath))
                                    .header(
                                            CallerAssertion.HEADER,
                                            DevServiceKeys.signer("mcp-frontend")
                                                    .sign(
                                                            "PUT",
                                                            levelPath,
                                                            level,
                                                            Fixtures.caller("alice")
                                                                    .principal(),
                                                            Fixtures.caller("alice")
                                                                    .workspace(),
                                                            null))
                                    .PUT(HttpRequest.BodyPublishers.ofByteArray(level))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(set.statusCode()).as(set.body()).isLessThan(300);
            await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                task.log(LogLevel.ERROR, "seen once the stream checked the session");
                assertThat(logsOf(stream)).isNotEmpty();
            });
            task.log(LogLevel.WARNING, "below the level set elsewhere");
            task.log(LogLevel.CRITICAL, "last");
            await().atMost(PATIENCE).until(() -> logsOf(stream).contains("last"));
            assertThat(logsOf(stream)).doesNotContain("below the level set elsewhere");
        }
    }

    @Test
    void othersExecutionsAndOtherGenerationsAreNotReported() {
        UUID mine = UUID.randomUUID();
        UUID bobs = UUID.randomUUID();
        UUID rest = UUID.randomUUID();
        answerOutcome(mine, ExecutionStatus.WORKING, null, Surface.MCP_2025);
        answerOutcome(bobs, ExecutionStatus.WORKING, null, Surface.MCP_2025);
        answerOutcome(rest, ExecutionStatus.WORKING, null, Surface.MCP_2026);
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                // one key, one partition: the foreign records come before each record of alice's own task
                changed(mine, bobs, ExecutionStatus.WORKING, "bob", Surface.MCP_2025);
                changed(mine, rest, ExecutionStatus.WORKING, "alice", Surface.MCP_2026);
                changed(mine, mine, ExecutionStatus.WORKING, "alice", Surface.MCP_2025);
                assertThat(stream.messages())
                        .as("%s ended=%s open=%d", stream.lines(), stream.ended(), streams.size())
                        .isNotEmpty();
            });

            assertThat(stream.messages()).hasSize(1);
            String taskId = stream.messages().get(0).at("/params/taskId").asText();
            assertThat(handles.verify(taskId, Surface.MCP_2025, Fixtures.caller("alice")))
                    .contains(mine);
        }
    }

    @Test
    void aChangeOfTheToolsTheCallerMayListIsToldOnlyToCallersWhoseListChanged() {
        AtomicInteger demo = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        ToolListChanges.Watch demoWatch = toolLists.watch("acme/demo", demo::incrementAndGet);
        ToolListChanges.Watch otherWatch = toolLists.watch("other/x", other::incrementAndGet);
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            assertThat(stream.status()).isEqualTo(200);
            await().atMost(PATIENCE).until(() -> stream.comments() >= 1); // open: its watch is registered

            catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool("list-1", "up.echo", "other/*"));
            assertThat(demo)
                    .as("another workspace's upstream is none of acme/demo's business")
                    .hasValue(0);
            assertThat(other).hasValue(1);
            catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool("list-2", "up.echo", "acme/*", "other/*"));
            assertThat(demo).hasValue(1);
            assertThat(other).as("its list did not change").hasValue(1);
            catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool("list-3", "up.echo", "acme/*", "other/*"));
            assertThat(demo)
                    .as("a new revision listing the same tools changes no list")
                    .hasValue(1);

            await().atMost(PATIENCE).until(() -> !stream.messages().isEmpty());
            assertThat(stream.messages().get(0))
                    .isEqualTo(Wire.fromBytes(
                            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}".getBytes(),
                            JsonNode.class));
            Mcp2025Client.assertValid(
                    "ToolListChangedNotification", stream.messages().get(0));
        } finally {
            demoWatch.close();
            otherWatch.close();
            catalog.replaceUpstreamTools(UpstreamTools.NONE);
        }
        assertThat(demo).as("a closed watch is told nothing").hasValue(1);
        McpReply initialized = mcp2025().initializeRaw("2025-11-25", JsonNodeFactory.instance.objectNode());
        assertThat(initialized
                        .json()
                        .at("/result/capabilities/tools/listChanged")
                        .asBoolean())
                .as("the capability promises the notification")
                .isTrue();
    }

    @Test
    void anIdleStreamGetsKeepAlives() {
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            assertThat(stream.status()).isEqualTo(200);
            await().atMost(PATIENCE)
                    .untilAsserted(() -> assertThat(stream.comments())
                            .as("%s ended=%s", stream.lines(), stream.ended())
                            .isGreaterThanOrEqualTo(3));
            assertThat(stream.events()).isEmpty();
            assertThat(stream.ended()).isFalse();
        }
    }

    @Test
    void anOlderSessionGetsAStreamWithoutTaskNotifications() {
        Mcp2025Session older = mcp2025().initialize("2025-06-18");
        try (McpStream stream = listen(older, Fixtures.aliceToken())) {
            assertThat(stream.status()).isEqualTo(200);
            await().atMost(PATIENCE).until(() -> stream.comments() >= 2);
        }
    }

    @Test
    void theSessionIsCheckedAsForPost() {
        String bob = Fixtures.bobToken();
        Map<String, String> wrongVersion = new LinkedHashMap<>(headers(client));
        wrongVersion.put("MCP-Protocol-Version", "2025-06-18");
        Map<String, String> noAccept = new LinkedHashMap<>(headers(client));
        noAccept.put("Accept", "application/json");
        Map<String, String> unknown = new LinkedHashMap<>(headers(client));
        unknown.put("Mcp-Session-Id", "x".repeat(43));

        assertRefused(client().open("GET", unknown, null), 404, -32600);
        assertRefused(client().bearer(bob).open("GET", headers(client), null), 404, -32600);
        assertRefused(client().open("GET", wrongVersion, null), 400, -32600);
        assertRefused(client().open("GET", noAccept, null), 406, -32600);
        McpReply noSession = client().send("GET", Map.of("Accept", "text/event-stream"), (String) null);
        assertThat(noSession.status())
                .as("no session: still no standalone stream")
                .isEqualTo(405);
        McpReply noToken = McpTestClient.http(base)
                .send("GET", Map.of("Accept", "text/event-stream", "Mcp-Session-Id", client.id()), (String) null);
        assertThat(noToken.status()).isEqualTo(401);
    }

    @Test
    void aThirdStreamOfOneSessionIsRefused() {
        try (McpStream first = listen(client, Fixtures.aliceToken());
                McpStream second = listen(client, Fixtures.aliceToken())) {
            assertThat(first.status()).isEqualTo(200);
            assertThat(second.status()).isEqualTo(200);
            await().atMost(PATIENCE).until(() -> first.comments() >= 1 && second.comments() >= 1);

            assertRefused(listen(client, Fixtures.aliceToken()), 409, -32600);
            Mcp2025Session other = mcp2025().initialize("2025-11-25");
            try (McpStream ofAnotherSession = listen(other, Fixtures.aliceToken())) {
                assertThat(ofAnotherSession.status())
                        .as("the cap is per session")
                        .isEqualTo(200);
            }
        }
    }

    @Test
    void aClientThatDropsTheConnectionFreesItsPlace() {
        String hash = Mcp2025Sessions.hash(client.id());
        Map<String, String> raw = new LinkedHashMap<>(headers(client));
        raw.put("Host", "127.0.0.1:" + base.getPort());
        raw.put("Authorization", "Bearer " + Fixtures.aliceToken());
        try (McpStream kept = listen(client, Fixtures.aliceToken())) {
            assertThat(kept.status()).isEqualTo(200);
            try (RawHttp dropped = RawHttp.get(base, raw)) {
                await().atMost(PATIENCE).until(() -> streams.openFor(hash) == 2);
                dropped.drop();
            }

            await().atMost(PATIENCE).until(() -> streams.openFor(hash) == 1);
            try (McpStream third = listen(client, Fixtures.aliceToken())) {
                assertThat(third.status()).as("the place is free again").isEqualTo(200);
            }
        }
    }

    @Test
    void deletingTheSessionHereEndsItsStream() {
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            await().atMost(PATIENCE).until(() -> stream.comments() >= 1);

            McpReply deleted = client.delete();

            assertThat(deleted.status()).isEqualTo(204);
            await().atMost(PATIENCE).until(stream::ended);
            await().atMost(PATIENCE).until(() -> streams.openFor(Mcp2025Sessions.hash(client.id())) == 0);
        }
    }

    @Test
    void deletingTheSessionThroughAnotherReplicaEndsTheStreamAtTheNextCheck() throws Exception {
        try (McpStream stream = listen(client, Fixtures.aliceToken())) {
            await().atMost(PATIENCE).until(() -> stream.comments() >= 1);

            // what another replica's DELETE does: job-control ends the session; this replica is not told
            String sessionPath = "/internal/v1/mcp-sessions/" + Mcp2025Sessions.hash(client.id());
            HttpResponse<String> ended = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(queries.url() + sessionPath))
                                    .header(
                                            CallerAssertion.HEADER,
                                            DevServiceKeys.signer("mcp-frontend")
                                                    .sign(
                                                            "DELETE",
                                                            sessionPath,
                                                            null,
                                                            Fixtures.caller("alice")
                                                                    .principal(),
                                                            Fixtures.caller("alice")
                                                                    .workspace(),
                                                            null))
                                    .DELETE()
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());

            assertThat(ended.statusCode()).isEqualTo(204);
            await().atMost(PATIENCE).until(stream::ended);
        }
    }

    // The task is followed once the stream reported its status (the reader's group may still be joining).
    private void awaitFollowed(McpStream stream, PlayedExecution task, UUID id) {
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            task.changed(ExecutionStatus.WORKING);
            assertThat(statusesOf(stream, id)).isNotEmpty();
        });
        await().atMost(PATIENCE).until(() -> signals.isWatched(id));
    }

    // Another task of alice's, followed by the streams: its log records serve as markers in a task's partition.
    private PlayedExecution marker(UUID markerId, McpStream... followedBy) {
        PlayedExecution marker = new PlayedExecution(kafka, markerId, "demo.count", Surface.MCP_2025);
        marker.answerOutcome(queries, working(markerId, null, null), null);
        for (McpStream stream : followedBy) {
            awaitFollowed(stream, marker, markerId);
        }
        return marker;
    }

    private String taskIdOf(McpStream stream, UUID id) {
        return stream.messages().stream()
                .map(m -> m.at("/params/taskId").asText())
                .filter(t -> handles.verify(t, Surface.MCP_2025, Fixtures.caller("alice"))
                        .filter(id::equals)
                        .isPresent())
                .findFirst()
                .orElseThrow();
    }

    private List<String> statusesOf(McpStream stream, UUID id) {
        return stream.messages().stream()
                .filter(m ->
                        "notifications/tasks/status".equals(m.path("method").asText()))
                .filter(m -> handles.verify(m.at("/params/taskId").asText(), Surface.MCP_2025, Fixtures.caller("alice"))
                        .filter(id::equals)
                        .isPresent())
                .map(m -> m.at("/params/status").asText())
                .toList();
    }

    private List<Integer> progressOf(McpStream stream, UUID id) {
        return stream.messages().stream()
                .filter(m -> "notifications/progress".equals(m.path("method").asText()))
                .filter(m -> handles.verify(m.at(RELATED_TASK_ID).asText(), Surface.MCP_2025, Fixtures.caller("alice"))
                        .filter(id::equals)
                        .isPresent())
                .map(m -> m.at("/params/progress").asInt())
                .toList();
    }

    private static List<String> logsOf(McpStream stream) {
        return stream.messages().stream()
                .filter(m -> "notifications/message".equals(m.path("method").asText()))
                .map(m -> m.at("/params/data").asText())
                .toList();
    }

    private static ExecutionSnapshot working(UUID id, JsonNode progressToken, Double progress) {
        return Fixtures.withProgress(
                Fixtures.snapshot(id, "demo.count", ExecutionStatus.WORKING, Surface.MCP_2025),
                progressToken,
                progress);
    }

    private McpStream listen(Mcp2025Session session, String token) {
        return client().bearer(token).open("GET", headers(session), null);
    }

    private static Map<String, String> headers(Mcp2025Session session) {
        Map<String, String> headers = new LinkedHashMap<>(session.headers());
        headers.put("Accept", "text/event-stream");
        return headers;
    }

    private static void assertRefused(McpStream refused, int status, int code) {
        try (refused) {
            assertThat(refused.status()).isEqualTo(status);
            await().atMost(PATIENCE).until(refused::ended);
            JsonNode body =
                    Wire.fromBytes(refused.text().getBytes(java.nio.charset.StandardCharsets.UTF_8), JsonNode.class);
            Mcp2025Client.assertError(body, code);
        }
    }

    private void changed(UUID key, UUID id, ExecutionStatus state, String owner, Surface surface) {
        Instant now = Instant.now();
        kafka.send(
                LIFECYCLE_TOPIC,
                key.toString(),
                new ExecutionChanged(
                        UUID.randomUUID(),
                        now,
                        id,
                        state,
                        Fixtures.CREATED,
                        now,
                        state.name().toLowerCase(),
                        Api.ORG,
                        Api.PROJECT,
                        Fixtures.caller(owner).principal(),
                        surface));
    }

    private void answerOutcome(UUID id, ExecutionStatus status, String result, Surface surface) {
        ExecutionOutcome outcome =
                new ExecutionOutcome(Fixtures.snapshot(id, "demo.sleep", status, surface), result, null);
        queries.answer("/internal/v1/executions/" + id + "/outcome", 200, Wire.toBytes(outcome));
    }
}
