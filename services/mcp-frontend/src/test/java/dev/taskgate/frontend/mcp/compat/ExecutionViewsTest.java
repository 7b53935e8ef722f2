package dev.taskgate.frontend.mcp.compat;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionViewsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void theHandoffAnswerHasTextAndTheStructuredHandle() throws Exception {
        JsonNode result =
                JSON.readTree(ExecutionViews.handoff("tgx_h", snapshot(ExecutionStatus.QUEUED, null), 10_000));

        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.at("/content/0/type").asText()).isEqualTo("text");
        assertThat(result.at("/content/0/text").asText()).contains("demo.sleep", "still running", "execution_get");
        JsonNode s = result.path("structuredContent");
        assertThat(s.path("type").asText()).isEqualTo("taskgate.execution/v1");
        assertThat(s.path("execution_id").asText()).isEqualTo("tgx_h");
        assertThat(s.path("state").asText()).isEqualTo("working");
        assertThat(s.path("next_action"))
                .isEqualTo(JSON.readTree(
                        "{\"tool\":\"execution_get\",\"arguments\":{\"execution_id\":\"tgx_h\",\"wait_ms\":30000}}"));
        // the text repeats the structured content for clients that read only text
        String text = result.at("/content/0/text").asText();
        assertThat(JSON.readTree(text.substring(text.indexOf('\n') + 1))).isEqualTo(s);
    }

    @Test
    void waitingForInputPointsAtProvideInput() {
        JsonNode request = JSON.createObjectNode().put("method", "elicitation/create");
        JsonNode view =
                ExecutionViews.execution("tgx_h", snapshot(ExecutionStatus.INPUT_REQUIRED, Map.of("ir_1", request)));

        assertThat(view.path("state").asText()).isEqualTo("input_required");
        assertThat(view.at("/input_requests/ir_1")).isEqualTo(request);
        assertThat(view.at("/next_action/tool").asText()).isEqualTo("execution_provide_input");
        assertThat(view.at("/next_action/arguments/request_key").asText()).isEqualTo("ir_1");
    }

    @Test
    void aTerminalExecutionHasNoNextActionAndAFailureCarriesItsError() {
        ExecutionOutcome failed = new ExecutionOutcome(
                snapshot(ExecutionStatus.FAILED, null),
                null,
                new ExecutionOutcome.ExecutionError("deadline", "The execution passed its deadline."));
        JsonNode view = ExecutionViews.failed("tgx_h", failed);

        assertThat(view.has("next_action")).isFalse();
        assertThat(view.at("/error/code").asText()).isEqualTo("deadline");
        assertThat(view.at("/error/message").asText()).isEqualTo("The execution passed its deadline.");
    }

    private static ExecutionSnapshot snapshot(ExecutionStatus status, Map<String, JsonNode> requests) {
        return new ExecutionSnapshot(
                UUID.randomUUID(),
                "demo.sleep",
                "1",
                status,
                Surface.MCP_2026,
                T,
                T.plusSeconds(1),
                T.plusSeconds(86_400),
                T.plusSeconds(8 * 86_400),
                null,
                2.0,
                10.0,
                null,
                requests);
    }
}
