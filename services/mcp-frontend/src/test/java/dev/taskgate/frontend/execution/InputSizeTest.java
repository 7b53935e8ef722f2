package dev.taskgate.frontend.execution;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.command.CommandGateway;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An input too large for the command that carries it (over {@link CommandGateway#MAX_COMMAND_BYTES} once sealed,
 * though inside the 1 MiB body limit) is refused before anything is sent: 413 {@code payload-too-large} on REST,
 * -32602 on MCP, an answer that says to send less (before, an input near the body limit made a record the broker
 * refused, answered 503 "retry", and every retry failed the same way). An input that fits is taken. The test plays
 * job-control on the real broker.
 */
@QuarkusTest
class InputSizeTest extends McpComponentTest {
    // sealed, an input's JSON text grows by about a third: 600,000 characters are about 800,000 bytes, over the bound
    private static final String TOO_LARGE = "x".repeat(600_000);
    // about 670,000 bytes sealed: under the bound
    private static final String LARGE = "y".repeat(500_000);

    private JobControlResponder jobControl;

    @AfterEach
    void stopJobControl() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void aRestInputTooLargeForItsCommandIs413AndNothingIsSent() {
        jobControl = accepting();

        Api.Result refused = create("too-large", TOO_LARGE);

        assertThat(refused.status()).as(refused.toString()).isEqualTo(413);
        assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
        assertThat(refused.problemSlug()).isEqualTo("payload-too-large");
        assertThat(refused.json().path("detail").asText())
                .contains("input is too large")
                .contains(Integer.toString(CommandGateway.MAX_COMMAND_BYTES));
        assertThat(refused.json().path("instance").asText()).isEqualTo(Api.EXECUTIONS);

        // the next command is the first the played job-control receives: the refused one was never sent
        Api.Result taken = create("fits", LARGE);

        assertThat(taken.status()).as(taken.toString()).isEqualTo(202);
        assertThat(jobControl.received()).hasSize(1);
        SubmitExecution submitted =
                (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submitted.receiptKey()).isEqualTo("fits");
        assertThat(submitted.input().path("s").asText()).isEqualTo(LARGE);
    }

    @Test
    void anMcpCallWhoseArgumentsAreTooLargeIsInvalidParamsAndNothingIsSent() {
        jobControl = accepting();

        McpReply refused =
                mcp().toolCall(1, "demo.echo", Map.of("s", TOO_LARGE)).post();

        assertThat(refused.json().at("/error/code").asInt())
                .as(refused.toString())
                .isEqualTo(-32602);
        assertThat(refused.json().at("/error/message").asText()).contains("input is too large");
        McpSchemas.assertValidError(refused.json());
        assertThat(jobControl.received()).isEmpty();
    }

    private static JobControlResponder accepting() {
        UUID executionId = UUID.randomUUID();
        return JobControlResponder.answering(
                c -> Fixtures.accepted(c, executionId, true, ExecutionStatus.QUEUED, "demo.echo"));
    }

    private Api.Result create(String key, String text) {
        return Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", key)
                .json("{\"tool_name\":\"demo.echo\",\"input\":{\"s\":\"" + text + "\"}}")
                .post(Api.EXECUTIONS);
    }
}
