package dev.taskgate.frontend.mcp;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.frontend.support.ReceiptingJobControl;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP request key ({@code _meta["dev.taskgate/requestKey"]}) and admission refusals through the MCP endpoint,
 * with the test playing job-control on the real broker: it binds receipt keys to executions as job-control does
 * (same key and input → same execution; other input → 409), or refuses with 429.
 */
@QuarkusTest
class McpRequestKeyAndAdmissionTest extends McpComponentTest {
    private static final String KEY = "dev.taskgate/requestKey";
    private JobControlResponder jobControl;

    @Inject
    ExecutionHandles handles;

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    /** Receipts like job-control's: a key binds to the first input it was used with. */
    private static JobControlResponder receipts() {
        return ReceiptingJobControl.start(Surface.MCP_2026);
    }

    private static CommandReply rejected(ExecutionCommand c, Problem problem, Long retryAfterSeconds) {
        return new Rejected(UUID.randomUUID(), Instant.now(), c.messageId(), c.replyTo(), problem, retryAfterSeconds);
    }

    @Test
    void theSameKeyAndRequestGiveTheSameTask() {
        jobControl = receipts();

        JsonNode first = mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                .withTasks()
                .meta(KEY, "job-42")
                .post()
                .json();
        JsonNode again = mcp().toolCall(2, "demo.sleep", Map.of("seconds", 5))
                .withTasks()
                .meta(KEY, "job-42")
                .post()
                .json();

        assertThat(first.at("/result/resultType").asText()).as(first.toString()).isEqualTo("task");
        assertThat(again.at("/result/taskId").asText())
                .isEqualTo(first.at("/result/taskId").asText());
        SubmitExecution submit = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(submit.receiptKey()).isEqualTo("mcp-2026:k:job-42");
        assertThat(submit.taskSurface()).isEqualTo(TaskSurface.NATIVE);
    }

    @Test
    void theSameKeyWithOtherArgumentsIsAnErrorNamingTheKey() {
        jobControl = receipts();
        mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                .withTasks()
                .meta(KEY, "job-43")
                .post();

        McpReply conflict = mcp().toolCall(2, "demo.sleep", Map.of("seconds", 6))
                .withTasks()
                .meta(KEY, "job-43")
                .post();

        assertThat(conflict.status()).isEqualTo(200);
        assertThat(conflict.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(conflict.json().at("/error/message").asText()).contains("'job-43'");
        assertThat(conflict.json().at("/error/data/requestKey").asText()).isEqualTo("job-43");
    }

    @Test
    void callsWithoutAKeyGetAFreshReceiptKeyEach() {
        jobControl = receipts();

        JsonNode first = mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                .withTasks()
                .post()
                .json();
        JsonNode second = mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                .withTasks()
                .post()
                .json();

        assertThat(second.at("/result/taskId").asText())
                .isNotEqualTo(first.at("/result/taskId").asText());
    }

    @Test
    void aMalformedKeyIsRejectedNamingTheFieldAndNothingIsSubmitted() {
        jobControl = receipts();

        for (Object bad : new Object[] {"", "k".repeat(257), 42}) {
            McpReply response =
                    mcp().toolCall(1, "demo.echo", Map.of()).meta(KEY, bad).post();
            assertThat(response.json().at("/error/code").asInt())
                    .as(String.valueOf(bad))
                    .isEqualTo(-32602);
            assertThat(response.json().at("/error/message").asText()).contains(KEY);
        }
        assertThat(mcp().toolCall(1, "demo.sleep", Map.of("seconds", 5))
                        .withTasks()
                        .meta(KEY, "é".repeat(256))
                        .post()
                        .json()
                        .at("/result/resultType")
                        .asText())
                .as("256 characters are fine")
                .isEqualTo("task");
        assertThat(jobControl.received()).hasSize(1);
    }

    @Test
    void aSynchronousCallBelongsToTheCompatibilitySurface() {
        jobControl = JobControlResponder.answering(c -> rejected(
                c,
                Problem.of(
                        "admission-limit",
                        "Admission limit reached",
                        429,
                        "The principal concurrency limit is reached: 2 of 2."),
                7L));

        McpReply response = mcp().toolCall(3, "demo.echo", Map.of()).post();

        assertThat(((SubmitExecution) jobControl.received().get(0).command()).taskSurface())
                .isEqualTo(TaskSurface.COMPATIBILITY);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().at("/id").asInt()).isEqualTo(3);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(McpErrors.ADMISSION_LIMIT);
        assertThat(response.json().at("/error/message").asText()).contains("principal concurrency limit");
        assertThat(response.json().at("/error/data/retryAfterMs").asLong()).isEqualTo(7000);
    }

    @Test
    void anAdmissionRefusalOfATaskCarriesTheRetryHint() {
        jobControl = JobControlResponder.answering(c -> rejected(
                c,
                Problem.of(
                        "admission-limit",
                        "Admission limit reached",
                        429,
                        "The project backlog limit is reached: 3 of 3."),
                2L));

        McpReply response = mcp().toolCall(4, "demo.sleep", Map.of("seconds", 1))
                .withTasks()
                .post();

        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-31429);
        assertThat(response.json().at("/error/data/retryAfterMs").asLong()).isEqualTo(2000);
    }
}
