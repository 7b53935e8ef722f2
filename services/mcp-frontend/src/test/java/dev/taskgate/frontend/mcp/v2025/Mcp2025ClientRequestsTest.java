package dev.taskgate.frontend.mcp.v2025;

import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.WithClientRequests;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Server-to-client requests in a synchronous 2025-era {@code tools/call}, with the test playing job-control: the
 * input an execution waits for is asked on the call's SSE stream as {@code elicitation/create} /
 * {@code sampling/createMessage} (only when the client declared the capability), the client's response POSTed in
 * the session reaches job-control as {@code ProvideInput} (202), and the stream ends with the result. Forged, foreign
 * and stale ids are ignored (202, nothing sent); a wrong shape is 400; a client without the capability gets the
 * handle view. Every message the server sends is validated against the 2025-11-25 schema.
 */
@QuarkusTest
@TestProfile(WithClientRequests.class)
class Mcp2025ClientRequestsTest extends McpComponentTest {
    private static final String DONE = "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}";

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;
    private Mcp2025Session client;
    private McpStream stream;

    @Inject
    ClientRequestIds ids;

    @Inject
    ClientResponses responses;

    @Inject
    ExecutionHandles handles;

    @ConfigProperty(name = "taskgate.handles.key")
    String handlesKey;

    @BeforeEach
    void connect() {
        queries.reset();
    }

    @AfterEach
    void stop() {
        if (stream != null) {
            stream.close();
        }
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void anElicitationIsAskedOnTheCallStreamAndTheAnswerResumesTheCall() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        UUID id = waitingCall(Map.of("confirm", Fixtures.confirmRequest()));

        JsonNode request = awaitRequest();
        Mcp2025Client.assertValid("JSONRPCRequest", request);
        Mcp2025Client.assertValid("ElicitRequest", request);
        assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
        assertThat(request.at("/params/message").asText()).isEqualTo("Proceed?");
        assertThat(request.path("id").asText()).startsWith("tgq1.");

        ObjectNode answer = json("{\"action\":\"accept\",\"content\":{\"confirm\":true}}");
        McpReply posted = client.respond(request.get("id"), "result", answer);

        assertThat(posted.status()).as(posted.toString()).isEqualTo(202);
        assertThat(posted.bytes()).isEmpty();
        ProvideInput provided = provided();
        assertThat(provided.executionId()).isEqualTo(id);
        assertThat(provided.responses()).containsOnlyKeys("confirm");
        assertThat(provided.responses().get("confirm")).isEqualTo(answer);
        JsonNode last = awaitEnd();
        Mcp2025Client.assertValid("JSONRPCResultResponse", last);
        Mcp2025Client.assertValid("CallToolResult", last.get("result"));
        assertThat(last.path("id").asInt()).isEqualTo(31);
        assertThat(last.at("/result/content/0/text").asText()).isEqualTo("done");
    }

    @Test
    void aSamplingRequestIsAskedAndItsResultDeliveredAsIs() {
        client = mcp2025().initialize("2025-11-25", capabilities("sampling"));
        waitingCall(Map.of(
                "llm",
                json("{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":[{\"role\":"
                        + "\"user\",\"content\":{\"type\":\"text\",\"text\":\"Hi\"}}],\"maxTokens\":100}}")));

        JsonNode request = awaitRequest();
        Mcp2025Client.assertValid("CreateMessageRequest", request);

        ObjectNode sampled = json("{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"Hello\"},"
                + "\"model\":\"m\",\"stopReason\":\"endTurn\"}");
        assertThat(client.respond(request.get("id"), "result", sampled).status())
                .isEqualTo(202);

        assertThat(provided().responses().get("llm")).isEqualTo(sampled);
        Mcp2025Client.assertValid("JSONRPCResultResponse", awaitEnd());
    }

    @Test
    void anUpstreamsRootsRequestIsAskedOfAClientWithRootsAndAWrongShapeIsRefused() {
        client = mcp2025().initialize("2025-11-25", capabilities("roots"));
        waitingCall(Map.of("upstream-roots-1", json("{\"method\":\"roots/list\",\"params\":{}}")));

        JsonNode request = awaitRequest();
        Mcp2025Client.assertValid("ListRootsRequest", request);

        McpReply wrong = client.respond(request.get("id"), "result", json("{\"roots\":[{\"name\":\"no uri\"}]}"));
        assertThat(wrong.status()).as(wrong.toString()).isEqualTo(400);
        assertThat(wrong.json().at("/error/code").asInt()).isEqualTo(-32602);

        ObjectNode roots = json("{\"roots\":[{\"uri\":\"file:///srv\",\"name\":\"srv\"}]}");
        assertThat(client.respond(request.get("id"), "result", roots).status()).isEqualTo(202);

        assertThat(provided().responses().get("upstream-roots-1")).isEqualTo(roots);
        Mcp2025Client.assertValid("JSONRPCResultResponse", awaitEnd());
    }

    @Test
    void aDeclineIsDeliveredAsIsAndAnErrorAsACancelCarryingTheClientsReason() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        Map<String, JsonNode> asked = new LinkedHashMap<>();
        asked.put("first", Fixtures.confirmRequest());
        asked.put("second", Fixtures.confirmRequest());
        // job-control records each answer and the execution stays waiting: the stream stays open
        waitingCall(
                asked,
                c -> Fixtures.accepted(
                        c,
                        ((ProvideInput) c).executionId(),
                        false,
                        ExecutionStatus.INPUT_REQUIRED,
                        "demo.confirm",
                        Surface.MCP_2025));

        await().atMost(Duration.ofSeconds(30)).until(() -> requests().size() == 2);
        List<JsonNode> requests = requests();
        requests.forEach(r -> Mcp2025Client.assertValid("ElicitRequest", r));
        McpReply declined = client.respond(requests.get(0).get("id"), "result", json("{\"action\":\"decline\"}"));
        McpReply failed =
                client.respond(requests.get(1).get("id"), "error", json("{\"code\":-1,\"message\":\"User rejected\"}"));

        assertThat(declined.status()).isEqualTo(202);
        assertThat(failed.status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> provides().size() == 2);
        Map<String, JsonNode> delivered = new LinkedHashMap<>();
        provides().forEach(p -> delivered.putAll(p.responses()));
        assertThat(delivered.get("first")).isEqualTo(json("{\"action\":\"decline\"}"));
        assertThat(delivered.get("second"))
                .isEqualTo(json("{\"action\":\"cancel\",\"_meta\":{\"" + ClientResponses.CLIENT_ERROR
                        + "\":{\"code\":-1,\"message\":\"User rejected\"}}}"));
    }

    @Test
    void anIdMintedByAnotherReplicaIsAcceptedAndForgedOrForeignIdsAreIgnored() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        Mcp2025Session other = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(c -> c instanceof ProvideInput
                ? Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.confirm", Surface.MCP_2025)
                : null);
        ClientRequestIds.Target target = new ClientRequestIds.Target(id, "confirm", "elicitation/create");
        ClientRequestIds replica = new ClientRequestIds(Base64.getDecoder().decode(handlesKey), Clock.systemUTC());
        ClientRequestIds otherKey = new ClientRequestIds(new byte[32], Clock.systemUTC());
        ObjectNode accept = json("{\"action\":\"accept\",\"content\":{\"confirm\":true}}");
        long ignoredBefore = responses.ignored();

        List<McpReply> ignored = List.of(
                client.respond(TextNode.valueOf("tgq1.e30.AAAA"), "result", accept),
                client.respond(TextNode.valueOf(ids.mint(other.id(), target)), "result", accept),
                client.respond(TextNode.valueOf(otherKey.mint(client.id(), target)), "result", accept),
                client.respond(Wire.mapper().getNodeFactory().numberNode(7), "result", accept));
        McpReply fromReplica = client.respond(TextNode.valueOf(replica.mint(client.id(), target)), "result", accept);

        assertThat(ignored).extracting(McpReply::status).containsOnly(202);
        assertThat(responses.ignored() - ignoredBefore).isEqualTo(4);
        assertThat(fromReplica.status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> provides().size() == 1);
        assertThat(provides().get(0).executionId()).isEqualTo(id);
        assertThat(provides().get(0).responses().get("confirm")).isEqualTo(accept);
    }

    @Test
    void anAnswerForAnExecutionJobControlNoLongerKnowsIsIgnored() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(c -> new dev.taskgate.contracts.command.Rejected(
                UUID.randomUUID(),
                java.time.Instant.now(),
                c.messageId(),
                c.replyTo(),
                dev.taskgate.contracts.Problem.of("not-found", "Not found", 404, "Execution not found")));
        long ignoredBefore = responses.ignored();

        McpReply posted = client.respond(
                TextNode.valueOf(
                        ids.mint(client.id(), new ClientRequestIds.Target(id, "confirm", "elicitation/create"))),
                "result",
                json("{\"action\":\"cancel\"}"));

        assertThat(posted.status()).isEqualTo(202);
        assertThat(responses.ignored() - ignoredBefore).isEqualTo(1);
    }

    @Test
    void aResultOfTheWrongShapeIsRefusedAndNothingIsSent() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation", "sampling"));
        jobControl = JobControlResponder.answering(c -> null);
        UUID id = UUID.randomUUID();
        JsonNode elicitId = TextNode.valueOf(
                ids.mint(client.id(), new ClientRequestIds.Target(id, "confirm", "elicitation/create")));
        JsonNode sampleId = TextNode.valueOf(
                ids.mint(client.id(), new ClientRequestIds.Target(id, "llm", "sampling/createMessage")));

        McpReply badAction = client.respond(elicitId, "result", json("{\"action\":\"maybe\"}"));
        McpReply badContent = client.respond(
                elicitId, "result", json("{\"action\":\"accept\",\"content\":" + "{\"x\":{\"deep\":1}}}"));
        McpReply notSampled = client.respond(sampleId, "result", json("{\"action\":\"accept\"}"));

        for (McpReply bad : List.of(badAction, badContent, notSampled)) {
            assertThat(bad.status()).as(bad.toString()).isEqualTo(400);
            Mcp2025Client.assertError(bad.json(), -32602);
            assertThat(bad.json().has("id")).isFalse();
        }
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aResponseOutsideALiveSessionIsNotFound() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        ObjectNode message = json("{\"jsonrpc\":\"2.0\",\"id\":\"tgq1.x.y\",\"result\":{\"action\":\"cancel\"}}");
        Map<String, String> headers = new LinkedHashMap<>(client.headers());
        headers.put("Mcp-Session-Id", "A".repeat(43));

        McpReply unknown = client.post(message, headers);

        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    void aClientWithoutTheCapabilityGetsTheHandleViewAndTheExecutionKeepsWaiting() {
        client = mcp2025().initialize("2025-11-25", capabilities());
        UUID id = UUID.randomUUID();
        Map<String, JsonNode> asked = Map.of("confirm", Fixtures.confirmRequest());
        jobControl = JobControlResponder.answering(c -> c instanceof SubmitExecution
                ? Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.confirm", Surface.MCP_2025)
                : null);
        answerWaiting(id, asked);

        McpReply response = client.request(32, "tools/call", call());

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        JsonNode view = response.json().at("/result/structuredContent");
        assertThat(view.path("state").asText()).isEqualTo("input_required");
        assertThat(view.at("/next_action/tool").asText()).isEqualTo("execution_provide_input");
        assertThat(view.at("/next_action/arguments/request_key").asText()).isEqualTo("confirm");
        assertThat(jobControl.received())
                .extracting(JobControlResponder.Received::command)
                .noneMatch(c -> c instanceof CancelExecution || c instanceof ProvideInput);
    }

    @Test
    void a2025_06_18SessionIsAskedWithoutTheFormMode() {
        client = mcp2025().initialize("2025-06-18", capabilities("elicitation"));
        waitingCall(Map.of("confirm", Fixtures.confirmRequest()));

        JsonNode request = awaitRequest();

        Mcp2025Client.assertValid("ElicitRequest", request);
        assertThat(request.at("/params").has("mode")).isFalse();
    }

    @Test
    void tasksResultStreamsTheTasksElicitationWithRelatedTaskMetaThenTheResult() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        UUID id = UUID.randomUUID();
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        jobControl = JobControlResponder.answering(c -> {
            if (!(c instanceof ProvideInput)) {
                return null;
            }
            queries.answer(
                    "/internal/v1/executions/" + id + "/outcome",
                    200,
                    Wire.toBytes(new ExecutionOutcome(
                            Fixtures.snapshot(id, "demo.confirm", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                            DONE,
                            null)));
            return Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.confirm", Surface.MCP_2025);
        });
        answerWaiting(id, Map.of("confirm", Fixtures.confirmRequest()));

        stream = client.stream(33, "tasks/result", Mcp2025Client.params().put("taskId", taskId));
        JsonNode request = awaitRequest();

        Mcp2025Client.assertValid("ElicitRequest", request);
        assertThat(request.at("/params/_meta/" + Mcp2025Tasks.RELATED_TASK.replace("/", "~1") + "/taskId")
                        .asText())
                .isEqualTo(taskId);
        ObjectNode answer = json("{\"action\":\"accept\",\"content\":{\"confirm\":false}}");
        assertThat(client.respond(request.get("id"), "result", answer).status()).isEqualTo(202);
        assertThat(provided().responses().get("confirm")).isEqualTo(answer);
        JsonNode last = awaitEnd();
        Mcp2025Client.assertValid("JSONRPCResultResponse", last);
        Mcp2025Client.assertValid("CallToolResult", last.get("result"));
        assertThat(last.path("id").asInt()).isEqualTo(33);
        assertThat(last.at("/result/_meta/" + Mcp2025Tasks.RELATED_TASK.replace("/", "~1") + "/taskId")
                        .asText())
                .isEqualTo(taskId);
        assertThat(jobControl.received())
                .extracting(JobControlResponder.Received::command)
                .noneMatch(CancelExecution.class::isInstance);
    }

    @Test
    void tasksResultOfATaskThatNeedsNoInputIsPlainJsonAsBefore() {
        client = mcp2025().initialize("2025-11-25", capabilities("elicitation"));
        UUID id = UUID.randomUUID();
        String taskId = handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.COMPLETED, Surface.MCP_2025), DONE, null)));

        McpReply result =
                client.request(34, "tasks/result", Mcp2025Client.params().put("taskId", taskId));

        assertThat(result.header("Content-Type")).startsWith("application/json");
        Mcp2025Client.assertValid("JSONRPCResultResponse", result.json());
        assertThat(result.json().at("/result/content/0/text").asText()).isEqualTo("done");
    }

    // --- helpers ---

    private UUID waitingCall(Map<String, JsonNode> asked) {
        return waitingCall(asked, null);
    }

    /**
     * Starts a synchronous call whose execution waits for {@code asked}; on {@code ProvideInput} job-control resumes
     * it and the outcome becomes completed (or {@code onInput} answers instead).
     */
    private UUID waitingCall(Map<String, JsonNode> asked, Function<ExecutionCommand, CommandReply> onInput) {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(c -> {
            if (c instanceof SubmitExecution) {
                return Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, "demo.confirm", Surface.MCP_2025);
            }
            if (c instanceof ProvideInput) {
                if (onInput != null) {
                    return onInput.apply(c);
                }
                queries.answer(
                        "/internal/v1/executions/" + id + "/outcome",
                        200,
                        Wire.toBytes(new ExecutionOutcome(
                                Fixtures.snapshot(id, "demo.confirm", ExecutionStatus.COMPLETED, Surface.MCP_2025),
                                DONE,
                                null)));
                return Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.confirm", Surface.MCP_2025);
            }
            return null;
        });
        answerWaiting(id, asked);
        stream = client.stream(31, "tools/call", call());
        return id;
    }

    private void answerWaiting(UUID id, Map<String, JsonNode> asked) {
        ExecutionSnapshot waiting = Fixtures.waitingForInput(id, Surface.MCP_2025, asked);
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(waiting, null, null)));
        queries.answer("/internal/v1/executions/" + id, 200, Wire.toBytes(waiting));
    }

    private JsonNode awaitRequest() {
        await().atMost(Duration.ofSeconds(30)).until(() -> !requests().isEmpty());
        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
        return requests().get(0);
    }

    private List<JsonNode> requests() {
        return stream.messages().stream()
                .filter(m -> m.has("method") && m.has("id"))
                .toList();
    }

    private JsonNode awaitEnd() {
        await().atMost(Duration.ofSeconds(30)).until(stream::ended);
        List<JsonNode> messages = stream.messages();
        return messages.get(messages.size() - 1);
    }

    private ProvideInput provided() {
        await().atMost(Duration.ofSeconds(30)).until(() -> !provides().isEmpty());
        return provides().get(0);
    }

    private List<ProvideInput> provides() {
        return jobControl.received().stream()
                .map(JobControlResponder.Received::command)
                .filter(ProvideInput.class::isInstance)
                .map(ProvideInput.class::cast)
                .toList();
    }

    private static ObjectNode call() {
        // demo.confirm must run as a task; the test plays the execution, so any synchronous tool does
        ObjectNode params = Mcp2025Client.params().put("name", "demo.echo");
        params.putObject("arguments").put("message", "hi");
        return params;
    }

    private static ObjectNode capabilities(String... names) {
        ObjectNode capabilities = Wire.mapper().createObjectNode();
        for (String name : names) {
            capabilities.putObject(name);
        }
        return capabilities;
    }

    private static ObjectNode json(String text) {
        try {
            return (ObjectNode) Wire.mapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
