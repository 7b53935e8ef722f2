package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.UpstreamToolFixtures;
import dev.taskgate.frontend.support.WithListenStreams;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code subscriptions/listen} of MCP 2026-07-28 over HTTP, with the test playing job-control (queries, lifecycle
 * records on {@code fe-test.taskgate.lifecycle.v1}): the acknowledgement names what is honoured (the caller's
 * running tasks, the tool list; never prompt or resource changes), a task's status goes out as {@code tasks/get}
 * shows it until it ends, the tool list's changes are told, every message carries the subscription's id (all
 * schema-checked), the subscription ends with its result once nothing is left to tell, and bad filters are refused.
 */
@QuarkusTest
@TestProfile(WithListenStreams.class)
class McpSubscriptionsListenTest extends McpComponentTest {
    private static final String LIFECYCLE_TOPIC = "fe-test.taskgate.lifecycle.v1";
    private static final String DONE = "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}";
    private static final Duration PATIENCE = Duration.ofSeconds(40);
    private static final String SUBSCRIPTION_ID = "/params/_meta/io.modelcontextprotocol~1subscriptionId";

    private static KafkaTestClient kafka;
    private final FakeJobControlQueries queries = FakeJobControlQueries.get();

    @Inject
    ExecutionHandles handles;

    @Inject
    OperationCatalog catalog;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @BeforeEach
    void reset() {
        queries.reset();
    }

    @Test
    void aFollowedTaskIsToldAsTasksGetShowsItUntilItEndsAndTheSubscriptionEndsWithItsResult() {
        UUID id = UUID.randomUUID();
        answerOutcome(id, ExecutionStatus.WORKING, null);
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
        String unknown = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));
        String bobs = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("bob"));

        try (McpStream stream = listen("sub-1", Map.of("taskIds", List.of(taskId, unknown, bobs)), true)) {
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
            List<JsonNode> opening = stream.awaitMessages(2, PATIENCE);
            JsonNode acknowledged = opening.get(0);
            assertThat(acknowledged.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(acknowledged.at("/params/notifications"))
                    .as("unknown and foreign tasks are dropped")
                    .isEqualTo(json("{\"taskIds\":[\"" + taskId + "\"]}"));
            assertThat(acknowledged.at(SUBSCRIPTION_ID).asText()).isEqualTo("sub-1");
            assertThat(McpSchemas.errors(McpSchemas.BASE, "SubscriptionsAcknowledgedNotification", acknowledged))
                    .isEmpty();
            JsonNode current = opening.get(1);
            assertThat(current.path("method").asText()).isEqualTo("notifications/tasks");
            assertThat(current.at("/params/status").asText())
                    .as("where the task is when the subscription starts")
                    .isEqualTo("working");

            answerOutcome(id, ExecutionStatus.COMPLETED, DONE);
            // the reader's group may still be joining: repeat the record until the stream tells it (once)
            await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                changed(id, ExecutionStatus.COMPLETED);
                assertThat(stream.messages()).hasSizeGreaterThanOrEqualTo(3);
            });
            JsonNode completed = stream.messages().get(2);
            assertThat(McpSchemas.errors(McpSchemas.TASKS, "TaskStatusNotification", completed))
                    .isEmpty();
            assertThat(completed.at(SUBSCRIPTION_ID).asText()).isEqualTo("sub-1");
            McpReply get = mcp().task(9, "tasks/get", taskId).post();
            ObjectNode expected = ((ObjectNode) get.json().get("result")).deepCopy();
            expected.remove("resultType");
            ObjectNode told = ((ObjectNode) completed.get("params")).deepCopy();
            ((ObjectNode) told.get("_meta")).remove("io.modelcontextprotocol/subscriptionId");
            if (told.get("_meta").isEmpty()) {
                told.remove("_meta");
            }
            if (expected.path("_meta").isObject()) {
                ((ObjectNode) expected.get("_meta")).remove("io.modelcontextprotocol/serverInfo");
                if (expected.get("_meta").isEmpty()) {
                    expected.remove("_meta");
                }
            }
            assertThat(told).as("the task exactly as tasks/get shows it").isEqualTo(expected);

            JsonNode end = stream.awaitResponse(PATIENCE);
            assertThat(end.path("id").asText()).isEqualTo("sub-1");
            assertThat(end.at("/result/resultType").asText())
                    .as("nothing left to tell: ended gracefully")
                    .isEqualTo("complete");
            assertThat(end.at("/result/_meta/io.modelcontextprotocol~1subscriptionId")
                            .asText())
                    .isEqualTo("sub-1");
            assertThat(McpSchemas.errors(McpSchemas.BASE, "SubscriptionsListenResultResponse", end))
                    .isEmpty();
            assertThat(stream.messages().stream().filter(m -> m.has("method")))
                    .as("one status per change: the repeated record told nothing more")
                    .hasSize(3);
        }
    }

    @Test
    void theToolListsChangesAreToldAndPromptOrResourceChangesAreNeverAcknowledged() {
        ObjectNode filter = json("{\"toolsListChanged\":true,\"promptsListChanged\":true,"
                + "\"resourcesListChanged\":true,\"resourceSubscriptions\":[\"test://static-text\"]}");
        try (McpStream stream = listen(7, filter, false)) {
            JsonNode acknowledged = stream.awaitMessages(1, PATIENCE).get(0);
            assertThat(acknowledged.at("/params/notifications")).isEqualTo(json("{\"toolsListChanged\":true}"));
            assertThat(acknowledged.at(SUBSCRIPTION_ID).asInt()).isEqualTo(7);

            catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool("sub-list-1", "up.echo", "acme/*"));
            JsonNode changed = stream.awaitMessages(2, PATIENCE).get(1);
            assertThat(changed.path("method").asText()).isEqualTo("notifications/tools/list_changed");
            assertThat(changed.at(SUBSCRIPTION_ID).asInt()).isEqualTo(7);
            assertThat(McpSchemas.errors(McpSchemas.BASE, "ToolListChangedNotification", changed))
                    .isEmpty();
            await().atMost(PATIENCE).until(() -> stream.comments() >= 2); // quiet: keep-alives, still open
            assertThat(stream.ended()).isFalse();
        } finally {
            catalog.replaceUpstreamTools(UpstreamTools.NONE);
        }
        JsonNode discover = mcp().request(8, "server/discover").post().json();
        assertThat(discover.at("/result/capabilities/tools/listChanged").asBoolean())
                .as("over HTTP the tool list's changes can be listened to")
                .isTrue();
    }

    @Test
    void aSubscriptionWithNothingToTellIsAcknowledgedAndEnded() {
        String done = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));
        try (McpStream stream = listen(3, Map.of("taskIds", List.of(done)), true)) {
            JsonNode acknowledged = stream.awaitMessages(1, PATIENCE).get(0);
            assertThat(acknowledged.at("/params/notifications")).isEqualTo(json("{\"taskIds\":[]}"));
            assertThat(stream.awaitResponse(PATIENCE).at("/result/resultType").asText())
                    .isEqualTo("complete");
        }
    }

    @Test
    void badFiltersAndTaskIdsWithoutTheExtensionAreRefused() {
        String taskId = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));
        assertRefused(mcp().request(1, "subscriptions/listen").post(), -32602, "params.notifications is required");
        assertRefused(
                listenRequest(Map.of("toolsListChanged", "yes"), true).post(),
                -32602,
                "toolsListChanged must be true or false");
        assertRefused(listenRequest(Map.of("taskIds", taskId), true).post(), -32602, "taskIds must be an array");
        assertRefused(
                listenRequest(Map.of("resourceSubscriptions", "test://x"), true).post(),
                -32602,
                "resourceSubscriptions must be an array");
        List<String> many = new ArrayList<>();
        for (int i = 0; i <= 100; i++) {
            many.add(taskId);
        }
        assertRefused(listenRequest(Map.of("taskIds", many), true).post(), -32602, "more than 100 tasks");
        McpReply noExtension =
                listenRequest(Map.of("taskIds", List.of(taskId)), false).post();
        assertThat(noExtension.json().at("/error/code").asInt())
                .as("tasks extension N5")
                .isEqualTo(-32021);
        assertThat(queries.requests()).as("nothing reached job-control").isEmpty();
    }

    private McpStream listen(Object id, Object notifications, boolean tasks) {
        return listenRequest(id, notifications, tasks).stream();
    }

    private Mcp2026Request listenRequest(Object notifications, boolean tasks) {
        return listenRequest(1, notifications, tasks);
    }

    private Mcp2026Request listenRequest(Object id, Object notifications, boolean tasks) {
        Mcp2026Request request = mcp().request(id, "subscriptions/listen").param("notifications", notifications);
        request.header("Accept", "application/json, text/event-stream");
        return tasks ? request.withTasks() : request;
    }

    private static void assertRefused(McpReply reply, int code, String message) {
        assertThat(reply.json().at("/error/code").asInt()).as(reply.text()).isEqualTo(code);
        assertThat(reply.json().at("/error/message").asText()).contains(message);
    }

    private static ObjectNode json(String text) {
        return (ObjectNode) Wire.fromBytes(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), JsonNode.class);
    }

    private void changed(UUID id, ExecutionStatus state) {
        Instant now = Instant.now();
        kafka.send(
                LIFECYCLE_TOPIC,
                id.toString(),
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
                        Fixtures.caller("alice").principal(),
                        Surface.MCP_2026));
    }

    private void answerOutcome(UUID id, ExecutionStatus status, String result) {
        ExecutionOutcome outcome =
                new ExecutionOutcome(Fixtures.snapshot(id, "demo.sleep", status, Surface.MCP_2026), result, null);
        queries.answer("/internal/v1/executions/" + id + "/outcome", 200, Wire.toBytes(outcome));
    }
}
