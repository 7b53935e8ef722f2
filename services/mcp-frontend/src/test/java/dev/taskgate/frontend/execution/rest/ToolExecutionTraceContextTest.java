package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.tracing.TraceContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The command a request sends carries the request's trace context: the execution's trace starts at the caller (or
 * here), and job-control's handling continues it.
 */
@QuarkusTest
class ToolExecutionTraceContextTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    @TestHTTPResource("/")
    URI base;

    private JobControlResponder jobControl;

    @AfterEach
    void stopJobControl() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void theSubmissionContinuesTheCallersTraceInTheRequestsSpan() {
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo"));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "traced-" + UUID.randomUUID())
                .header(TraceContext.TRACEPARENT, "00-" + TRACE + "-" + CALLER_SPAN + "-01")
                .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        TraceContext sent = new TraceContext(jobControl.received().get(0).traceparentHeader(), null);
        assertThat(sent.traceId()).contains(TRACE);
        assertThat(sent.spanId()).isPresent().get().isNotEqualTo(CALLER_SPAN);
    }

    @Test
    void aRequestWithoutTraceContextStartsTheTrace() {
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo"));

        Api.Result response = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("Idempotency-Key", "untraced-" + UUID.randomUUID())
                .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                .post(Api.EXECUTIONS);

        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !jobControl.received().isEmpty());
        assertThat(jobControl.received().get(0).traceparentHeader()).isNotNull();
        assertThat(new TraceContext(jobControl.received().get(0).traceparentHeader(), null).traceId())
                .isPresent()
                .get()
                .isNotEqualTo(TRACE);
    }
}
