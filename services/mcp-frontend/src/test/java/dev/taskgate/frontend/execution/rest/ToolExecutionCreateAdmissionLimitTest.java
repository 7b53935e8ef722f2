package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;

import static org.assertj.core.api.Assertions.assertThat;

/** A REST creation job-control refuses over an admission limit is 429 problem+json with {@code Retry-After}. */
@QuarkusTest
class ToolExecutionCreateAdmissionLimitTest {
    @TestHTTPResource("/")
    URI base;

    private JobControlResponder jobControl;

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void overAnAdmissionLimitIs429WithRetryAfter() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of(
                        "admission-limit",
                        "Admission limit reached",
                        429,
                        "The project concurrency limit is reached: 4 of 4 executions of this project are queued or "
                                + "running. Retry after about 12 s."),
                12L));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "admit-1")
                .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).isEqualTo(429);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.header("Retry-After")).isEqualTo("12");
        assertThat(response.problemSlug()).isEqualTo("admission-limit");
        assertThat(response.json().path("detail").asText()).contains("project concurrency limit");
        SubmitExecution sent = (SubmitExecution) jobControl.received().get(0).command();
        assertThat(sent.taskSurface())
                .as("REST executions are the native surface")
                .isEqualTo(TaskSurface.NATIVE);
    }
}
