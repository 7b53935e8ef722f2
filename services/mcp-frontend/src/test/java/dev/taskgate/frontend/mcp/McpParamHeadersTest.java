package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.ConformanceRunProfile;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpKafkaComponentTest;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code Mcp-Param-*} headers of the conformance tool {@code test_custom_header} checked on {@code /mcp}. */
@QuarkusTest
@TestProfile(ConformanceRunProfile.class)
class McpParamHeadersTest extends McpKafkaComponentTest {
    private static final String TOOL = "test_custom_header";
    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @BeforeEach
    void reset() {
        queries.reset();
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void toolsListShowsTheMarkedArguments() {
        McpReply response = mcp().request(1, "tools/list").bearer(null).post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/tools")).anySatisfy(tool -> {
            assertThat(tool.path("name").asText()).isEqualTo(TOOL);
            assertThat(tool.at("/inputSchema/properties/region/x-mcp-header").asText())
                    .isEqualTo("Region");
        });
    }

    @Test
    void aMissingMismatchedOrUndecodableHeaderIs400AndSubmitsNothing() {
        jobControl = JobControlResponder.answering(c -> {
            throw new AssertionError("nothing may be submitted");
        });

        McpReply missing =
                mcp().toolCall(2, TOOL, Map.of("region", "eu")).bearer(null).post();
        McpReply mismatched = mcp().toolCall(3, TOOL, Map.of("region", "eu"))
                .bearer(null)
                .header("Mcp-Param-Region", "us")
                .post();
        McpReply undecodable = mcp().toolCall(4, TOOL, Map.of("region", "Hello"))
                .bearer(null)
                .header("Mcp-Param-Region", "=?base64?SGVsbG8?=")
                .post();
        McpReply badInteger = mcp().toolCall(5, TOOL, Map.of("region", "eu", "priority", 3))
                .bearer(null)
                .header("Mcp-Param-Region", "eu")
                .header("mcp-param-priority", "4")
                .post();

        for (McpReply r : new McpReply[] {missing, mismatched, undecodable, badInteger}) {
            assertThat(r.status()).as(r.toString()).isEqualTo(400);
            assertThat(r.json().at("/error/code").asInt()).as(r.toString()).isEqualTo(McpErrors.HEADER_MISMATCH);
        }
        assertThat(missing.json().at("/id").asInt()).isEqualTo(2);
        assertThat(missing.json().at("/error/message").asText()).contains("Mcp-Param-Region");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void matchingHeadersRunTheTool() {
        UUID id = UUID.randomUUID();
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"Hello, Hello!\"}],\"isError\":false}";
        played(id, TOOL, Surface.MCP_2026).complete(queries, result);
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, true, ExecutionStatus.QUEUED, TOOL, Surface.MCP_2026));
        String hello = Base64.getEncoder().encodeToString("Hello".getBytes(StandardCharsets.UTF_8));

        McpReply response = mcp().toolCall(6, TOOL, Map.of("region", "Hello", "priority", 7, "verbose", true))
                .bearer(null)
                .header("Mcp-Param-Region", "=?base64?" + hello + "?=")
                .header("Mcp-Param-Priority", "07")
                .header("Mcp-Param-Verbose", "true")
                .post();

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().at("/result/content/0/text").asText()).isEqualTo("Hello, Hello!");
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).toolName())
                .isEqualTo(TOOL);
    }
}
