package dev.taskgate.worker.child;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The child's protocol loop, in process: the refusals a child answers without running anything. */
class ChildServerTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ChildServer server = new ChildServer(
            OperationRegistry.builtIn(),
            new ProtocolWriter(stdout),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    private List<JsonNode> serve(String... lines) throws Exception {
        server.serve(new BufferedReader(new StringReader(String.join("\n", lines) + "\n")));
        return stdout.toString(StandardCharsets.UTF_8).lines().map(this::parse).toList();
    }

    private JsonNode parse(String line) {
        try {
            return mapper.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    @Test
    void saysReadyFirst() throws Exception {
        assertThat(serve()).extracting(n -> n.get("type").asText()).containsExactly("ready");
    }

    @Test
    void refusesAnOperationThatIsNotRegistered() throws Exception {
        List<JsonNode> lines = serve("{\"type\":\"run\",\"operation\":\"java.lang.System\",\"input\":{}}");

        assertThat(lines).hasSize(2);
        assertThat(lines.get(1).get("type").asText()).isEqualTo("error");
        assertThat(lines.get(1).get("code").asText()).isEqualTo(ChildServer.UNKNOWN_OPERATION);
        assertThat(lines.get(1).get("message").asText()).contains("java.lang.System");
    }

    @Test
    void refusesMalformedLines() throws Exception {
        List<JsonNode> lines = serve(
                "not json",
                "{\"type\":\"dance\"}",
                "{\"type\":\"run\",\"operation\":\"demo.echo\"}",
                "{\"type\":\"run\",\"operation\":\"demo.echo\",\"input\":[1]}");

        assertThat(lines)
                .extracting(n -> n.path("code").asText())
                .containsExactly(
                        "",
                        ChildServer.MALFORMED_MESSAGE,
                        ChildServer.MALFORMED_MESSAGE,
                        ChildServer.MALFORMED_MESSAGE,
                        ChildServer.MALFORMED_MESSAGE);
    }

    @Test
    void ignoresAStopWhenNothingRuns() throws Exception {
        assertThat(serve("{\"type\":\"stop\"}"))
                .extracting(n -> n.get("type").asText())
                .containsExactly("ready");
    }

    @Test
    void endOfInputLeavesARunningOperationUnstopped() throws Exception {
        List<JsonNode> lines = serve("{\"type\":\"run\",\"operation\":\"demo.sleep\",\"input\":{\"seconds\":0.2}}");

        assertThat(lines)
                .as("the parent left; the run is not told to stop and ends as it would have")
                .extracting(n -> n.get("type").asText())
                .containsExactly("ready", "result");
    }

    @Test
    void reportsAnOperationExceptionAsAnErrorLineAndStaysUsable() throws Exception {
        List<JsonNode> lines =
                serve("{\"type\":\"run\",\"operation\":\"demo.sleep\",\"input\":{\"seconds\":\"soon\"}}");

        assertThat(lines).hasSize(2);
        assertThat(lines.get(1).get("type").asText()).isEqualTo("error");
        assertThat(lines.get(1).get("code").asText()).isEqualTo(ChildServer.OPERATION_EXCEPTION);
        assertThat(lines.get(1).get("message").asText()).contains("seconds must be a non-negative number");
    }

    @Test
    void refusesARunWithAnInvalidWorkspace() throws Exception {
        List<JsonNode> lines = serve(
                "{\"type\":\"run\",\"operation\":\"workspace.search\",\"input\":{\"query\":\"x\"},"
                        + "\"workspace\":{\"id\":\"acme/demo\",\"roots\":[{\"name\":\"src\",\"directory\":\"relative\"}]}}",
                "{\"type\":\"run\",\"operation\":\"workspace.search\",\"input\":{\"query\":\"x\"},"
                        + "\"workspace\":\"acme/demo\"}");

        assertThat(lines).hasSize(3);
        assertThat(lines.get(1).path("code").asText()).isEqualTo(ChildServer.MALFORMED_MESSAGE);
        assertThat(lines.get(1).path("message").asText())
                .isEqualTo("run has an invalid 'workspace': workspace root src "
                        + "must be an absolute directory: relative");
        assertThat(lines.get(2).path("message").asText())
                .startsWith("run has an invalid 'workspace': a workspace " + "needs a string 'id'");
    }

    @Test
    void aWorkspaceOperationWithoutAWorkspaceFailsWithoutReadingAnything() throws Exception {
        List<JsonNode> lines =
                serve("{\"type\":\"run\",\"operation\":\"workspace.search\",\"input\":{\"query\":\"x\"}}");

        assertThat(lines).hasSize(2);
        assertThat(lines.get(1).path("code").asText()).isEqualTo(ChildServer.OPERATION_EXCEPTION);
        assertThat(lines.get(1).path("message").asText())
                .isEqualTo("workspace.search failed: workspace.search runs "
                        + "only over a registered workspace and this run has none; nothing was read or changed");
    }

    @Test
    void refusesARunWithAnInvalidUpstreamWithoutLookingItUpInTheRegistry() throws Exception {
        List<JsonNode> lines = serve(
                "{\"type\":\"run\",\"operation\":\"counting.echo\",\"input\":{},\"upstream\":{\"id\":\"counting\","
                        + "\"url\":\"http://127.0.0.1:1/mcp\",\"protocol\":\"2024-11-05\",\"tool\":\"echo\"}}",
                "{\"type\":\"run\",\"operation\":\"counting.echo\",\"input\":{},\"upstream\":[]}");

        assertThat(lines).hasSize(3);
        assertThat(lines.get(1).path("code").asText()).isEqualTo(ChildServer.MALFORMED_MESSAGE);
        assertThat(lines.get(1).path("message").asText())
                .startsWith("run has an invalid 'upstream': upstream protocol '2024-11-05' is unknown");
        assertThat(lines.get(2).path("code").asText()).isEqualTo(ChildServer.MALFORMED_MESSAGE);
        assertThat(lines.get(2).path("message").asText())
                .isEqualTo("run has an invalid 'upstream': 'upstream' must be an object");
    }
}
