package dev.taskgate.frontend.mcp;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.ToolsWithTestMutation;
import dev.taskgate.frontend.support.WithClientRequests;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/** A task-augmented call of a mutating tool needs a request key; other calls of it do not. */
@QuarkusTest
@TestProfile(WithClientRequests.class)
class McpMutatingToolRequestKeyTest extends McpComponentTest {

    private JobControlResponder jobControl;
    private final String writer = Tokens.forSubject("alice")
            .org(Api.ORG)
            .project(Api.PROJECT)
            .scopes("tools:call tools:write")
            .sign();

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void aTaskOfAMutatingToolWithoutAKeyIsRejectedNamingTheFieldAndNothingIsSubmitted() {
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, ToolsWithTestMutation.REWRITE, Surface.MCP_2026));

        McpReply response = mcp().toolCall(1, ToolsWithTestMutation.REWRITE, Map.of())
                .withTasks()
                .bearer(writer)
                .post();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(response.json().at("/error/message").asText()).contains("dev.taskgate/requestKey");
        assertThat(response.json().at("/error/data/field").asText()).contains("dev.taskgate/requestKey");
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aTaskOfAMutatingToolWithAKeyIsSubmittedUnderIt() {
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, ToolsWithTestMutation.REWRITE, Surface.MCP_2026));

        McpReply response = mcp().toolCall(1, ToolsWithTestMutation.REWRITE, Map.of())
                .withTasks()
                .meta("dev.taskgate/requestKey", "rewrite-1")
                .bearer(writer)
                .post();

        assertThat(response.json().at("/result/resultType").asText())
                .as(response.toString())
                .isEqualTo("task");
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).receiptKey())
                .isEqualTo("mcp-2026:k:rewrite-1");
    }
}
