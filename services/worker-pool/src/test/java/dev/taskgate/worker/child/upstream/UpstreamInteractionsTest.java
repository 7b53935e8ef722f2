package dev.taskgate.worker.child.upstream;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;

/** What the client does with the upstream's requests and notifications, seen through a recording context. */
class UpstreamInteractionsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final RecordingContext context = new RecordingContext();
    private final UpstreamInteractions interactions = new UpstreamInteractions(
            UpstreamTarget.fromJson(MAPPER.createObjectNode()
                    .put("id", "up")
                    .put("url", "http://127.0.0.1:1/mcp")
                    .put("protocol", "2025-11-25")
                    .put("tool", "t")),
            context,
            "token-1");

    private static RpcMessage message(String json) {
        return RpcMessage.parse(json).orElseThrow();
    }

    @Test
    void forwardsOnlyIncreasingProgressOfItsOwnToken() {
        interactions.notice(message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                + "{\"progressToken\":\"token-1\",\"progress\":1,\"total\":3,\"message\":\"one\"}}"));
        interactions.notice(message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                + "{\"progressToken\":\"other\",\"progress\":2}}"));
        interactions.notice(message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                + "{\"progressToken\":\"token-1\",\"progress\":1}}"));
        interactions.notice(message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                + "{\"progressToken\":\"token-1\",\"progress\":2.5}}"));

        assertThat(context.reports())
                .containsExactly(
                        new RecordingContext.Report(1, 3.0, "one"), new RecordingContext.Report(2.5, null, null));
    }

    @Test
    void forwardsLogMessages() {
        interactions.notice(message("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":"
                + "{\"level\":\"warning\",\"logger\":\"db\",\"data\":{\"rows\":3}}}"));

        assertThat(context.logged()).singleElement().satisfies(logged -> {
            assertThat(logged.level()).isEqualTo(OperationLogLevel.WARNING);
            assertThat(logged.logger()).isEqualTo("db");
            assertThat(logged.data().path("rows").asInt()).isEqualTo(3);
        });
    }

    @Test
    void answersPingAndRelaysElicitationWithoutTheRelatedTaskMeta() throws Exception {
        ServerMessages.Reply pong =
                interactions.answer(message("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}"));
        assertThat(pong.response().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}");
        assertThat(pong.thenFail()).isNull();

        context.answering(requests -> Map.of(
                requests.keySet().iterator().next(), MAPPER.createObjectNode().put("action", "decline")));
        ServerMessages.Reply reply = interactions.answer(message("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":"
                + "\"elicitation/create\",\"params\":{\"message\":\"which?\",\"_meta\":"
                + "{\"io.modelcontextprotocol/related-task\":{\"taskId\":\"t1\"}}}}"));

        Map<String, JsonNode> asked = context.inputRequests().get(0);
        assertThat(asked).containsOnlyKeys("upstream-elicitation-1");
        assertThat(asked.get("upstream-elicitation-1").toString())
                .isEqualTo("{\"method\":\"elicitation/create\",\"params\":{\"message\":\"which?\"}}");
        assertThat(reply.response().toString())
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"action\":\"decline\"}}");
    }

    @Test
    void relaysSamplingAndRootsEachUnderAKeyOfItsKind() throws Exception {
        context.answering(requests -> {
            String key = requests.keySet().iterator().next();
            return Map.of(
                    key,
                    key.startsWith("upstream-sampling-")
                            ? MAPPER.createObjectNode()
                                    .put("role", "assistant")
                                    .put("model", "m")
                                    .set(
                                            "content",
                                            MAPPER.createObjectNode()
                                                    .put("type", "text")
                                                    .put("text", "hi"))
                            : MAPPER.createObjectNode().set("roots", MAPPER.createArrayNode()));
        });

        ServerMessages.Reply sampled = interactions.answer(message("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                + "\"sampling/createMessage\",\"params\":{\"messages\":[],\"maxTokens\":5}}"));
        ServerMessages.Reply roots =
                interactions.answer(message("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"roots/list\"}"));

        assertThat(context.inputRequests().get(0)).containsOnlyKeys("upstream-sampling-1");
        assertThat(context.inputRequests().get(1).get("upstream-roots-1").toString())
                .isEqualTo("{\"method\":\"roots/list\",\"params\":{}}");
        assertThat(sampled.response().at("/result/content/text").asText()).isEqualTo("hi");
        assertThat(sampled.thenFail()).isNull();
        assertThat(roots.response().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"roots\":[]}}");
    }

    @Test
    void aRefusedSamplingIsAnErrorForTheUpstreamWithTheClientsCodeAndTheCallGoesOn() throws Exception {
        context.answering(requests -> Map.of(
                requests.keySet().iterator().next(),
                MAPPER.createObjectNode()
                        .put("action", "cancel")
                        .set(
                                "_meta",
                                MAPPER.createObjectNode()
                                        .set(
                                                "dev.taskgate/client-error",
                                                MAPPER.createObjectNode()
                                                        .put("code", -32600)
                                                        .put("message", "no model here")))));

        ServerMessages.Reply reply = interactions.answer(
                message("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"sampling/createMessage\",\"params\":{}}"));

        assertThat(reply.response().at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(reply.response().at("/error/message").asText())
                .isEqualTo("the caller answered the sampling/createMessage request with an error: no model here");
        assertThat(reply.thenFail()).isNull();
    }

    @Test
    void aDeclinedRootsRequestIsAnErrorForTheUpstream() throws Exception {
        context.answering(requests -> Map.of(
                requests.keySet().iterator().next(), MAPPER.createObjectNode().put("action", "decline")));

        ServerMessages.Reply reply =
                interactions.answer(message("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"roots/list\"}"));

        assertThat(reply.response().at("/error/code").asInt()).isEqualTo(RelayedInput.REFUSED);
        assertThat(reply.response().at("/error/message").asText())
                .isEqualTo("the caller refused the roots/list request (decline)");
    }

    @Test
    void refusesOtherServerRequestsAndFailsTheCall() throws Exception {
        ServerMessages.Reply reply = interactions.answer(
                message("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"experimental/poke\",\"params\":{}}"));

        assertThat(reply.response().at("/error/code").asInt()).isEqualTo(-32601);
        assertThat(reply.response().get("id").asInt()).isEqualTo(9);
        assertThat(context.inputRequests()).isEmpty();
        assertThat(reply.thenFail())
                .hasMessage("upstream 'up' tool 't': the upstream asked for 'experimental/poke', an interaction"
                        + " Taskgate cannot relay to its caller; the call failed and the tool was not called again");
    }
}
