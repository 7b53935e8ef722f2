package dev.taskgate.worker.child.upstream;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A request of the upstream that Taskgate cannot relay, inside the answer to a call: the call fails naming that
 * interaction — also when the upstream then refuses the error the child answered it with.
 */
class McpSessionServerRequestTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String UNRELAYABLE =
            "{\"jsonrpc\":\"2.0\",\"id\":\"u-1\",\"method\":\"experimental/unsupported\",\"params\":{}}";

    private final UpstreamTarget target = UpstreamTarget.fromJson(MAPPER.createObjectNode()
            .put("id", "up")
            .put("url", "http://127.0.0.1:1/mcp")
            .put("protocol", "2025-11-25")
            .put("tool", "t"));
    private final RecordingContext context = new RecordingContext();

    @Test
    void theCallFailsNamingTheInteractionAndTheErrorReachesTheUpstream() throws Exception {
        ScriptedTransport transport = new ScriptedTransport(null);

        UpstreamException failure = call(transport);

        assertThat(failure.getMessage()).contains("'experimental/unsupported'", "cannot relay");
        assertThat(transport.posted).singleElement().satisfies(answer -> {
            assertThat(answer.path("id").asText()).isEqualTo("u-1");
            assertThat(answer.path("error").path("code").asInt()).isEqualTo(UpstreamInteractions.METHOD_NOT_FOUND);
        });
    }

    @Test
    void anUpstreamThatRefusesTheErrorAnswerDoesNotHideWhyTheCallFailed() throws Exception {
        ScriptedTransport transport = new ScriptedTransport(
                new UpstreamException("upstream up refused the answer to experimental/unsupported with HTTP 500"));

        UpstreamException failure = call(transport);

        assertThat(failure.getMessage()).contains("'experimental/unsupported'", "cannot relay");
        assertThat(failure.getMessage()).doesNotContain("HTTP 500");
        assertThat(transport.posted).hasSize(1);
    }

    private UpstreamException call(ScriptedTransport transport) {
        McpSession session = new McpSession(target, context, transport);
        return catchThrowableOfType(
                UpstreamException.class,
                () -> session.request(
                        1,
                        "tools/call",
                        MAPPER.createObjectNode().put("name", "t"),
                        Deadline.after(Duration.ofSeconds(10)),
                        new UpstreamInteractions(target, context, "token-1"),
                        true));
    }

    /** Answers the call's request with the unrelayable request; refuses posts with {@code refusal} when given. */
    private static final class ScriptedTransport implements McpTransport {
        final List<ObjectNode> posted = new ArrayList<>();
        private final UpstreamException refusal;

        ScriptedTransport(UpstreamException refusal) {
            this.refusal = refusal;
        }

        @Override
        public Incoming send(ObjectNode request, String method, Deadline deadline, boolean stoppable) {
            Deque<StreamItem> items = new ArrayDeque<>(
                    List.of(new StreamItem.Message(RpcMessage.parse(UNRELAYABLE).orElseThrow())));
            return new Incoming() {
                @Override
                public StreamItem poll(Duration timeout) {
                    return items.isEmpty() ? new StreamItem.End() : items.poll();
                }

                @Override
                public UpstreamException ended(StreamItem ending, String what) {
                    return new UpstreamException("the upstream ended its answer to " + what);
                }

                @Override
                public void close() {}
            };
        }

        @Override
        public void post(ObjectNode message, String what, Deadline deadline) {
            posted.add(message);
            if (refusal != null) {
                throw refusal;
            }
        }

        @Override
        public Optional<String> sessionId() {
            return Optional.empty();
        }

        @Override
        public void adopt(String sessionId, String version) {}

        @Override
        public void negotiated(String version) {}

        @Override
        public void reset() {}

        @Override
        public void terminate() {}
    }
}
