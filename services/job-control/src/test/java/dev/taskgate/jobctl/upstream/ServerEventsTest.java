package dev.taskgate.jobctl.upstream;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServerEventsTest {

    @Test
    void readsOneMessagePerEventSkippingCommentsIdsAndEmptyEvents() throws Exception {
        ServerEvents events = events(": keep-alive\n\n"
                + "id: 7\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\n"
                + "data:\"method\":\"notifications/tools/list_changed\"}\n\n"
                + "id: 8\n\n"
                + "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\n");

        assertThat(events.next().path("method").asText()).isEqualTo("notifications/tools/list_changed");
        assertThat(events.next().path("method").asText()).isEqualTo("ping");
        assertThat(events.next()).as("the end of the stream").isNull();
    }

    @Test
    void anEventThatIsNotJsonRpcEndsTheReadingWithoutItsData() {
        assertThatThrownBy(() -> events("data: {not json s3cret\n\n").next())
                .isInstanceOf(UpstreamException.class)
                .hasMessage("upstream u sent an event that is not a JSON-RPC 2.0 message");
        assertThatThrownBy(() -> events("data: {\"hello\":1}\n\n").next())
                .hasMessage("upstream u sent an event that is not a JSON-RPC 2.0 message");
    }

    @Test
    void anOversizedEventEndsTheReading() {
        String big = "data: " + "x".repeat(ServerEvents.MAX_EVENT_CHARS + 1) + "\n\n";

        assertThatThrownBy(() -> events(big).next())
                .isInstanceOf(UpstreamException.class)
                .hasMessageContaining("an event of more than");
    }

    private static ServerEvents events(String text) {
        return new ServerEvents(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "u");
    }
}
