package dev.taskgate.frontend.mcp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.WithLifecycleWakeOnly;
import dev.taskgate.frontend.support.WithPlayedExecution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Polls of an execution that just ended ({@code tasks/get}, REST {@code GET …/{id}} and {@code …/result}) are answered
 * from the outcome the record of its end carried, once this instance read that record, without a read through
 * job-control; job-control, played here, still answers {@code working}, so an answer shows where it came from. A
 * record carried for another owner, or an execution a replay through this instance found, is read from job-control.
 */
@QuarkusTest
@TestProfile(WithLifecycleWakeOnly.class)
class PolledEndReadsTest extends WithPlayedExecution {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}],\"isError\":false}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    ExecutionHandles handles;

    @Override
    protected Surface surface() {
        return Surface.MCP_2026;
    }

    @Test
    void aTaskThatJustEndedIsAnsweredFromTheRecordOfItsEnd() {
        endCarryingFor("alice");

        JsonNode got = tasksGet();

        assertThat(got.at("/result/status").asText()).as(got.toString()).isEqualTo("completed");
        assertThat(got.at("/result/result/content/0/text").asText()).isEqualTo("slept");
        assertThat(outcomeReads()).isZero();
    }

    @Test
    void aRestReadOfAnExecutionThatJustEndedIsAnsweredFromTheRecordOfItsEnd() {
        endCarryingFor("alice");
        String path = Api.EXECUTIONS + "/" + handle();

        Api.Result status = Api.at(base).bearer(Fixtures.aliceToken()).get(path);
        Api.Result result = Api.at(base).bearer(Fixtures.aliceToken()).get(path + "/result");

        assertThat(status.status()).as(status.text()).isEqualTo(200);
        assertThat(status.json().path("status").asText()).isEqualTo("completed");
        assertThat(result.status()).as(result.text()).isEqualTo(200);
        assertThat(new String(result.bytes(), StandardCharsets.UTF_8)).isEqualTo(STORED);
        assertThat(queries.requests())
                .as("neither the status nor the outcome was read from job-control")
                .noneMatch(r -> r.path().startsWith("/internal/v1/executions/" + id));
    }

    @Test
    void anEndCarriedForAnotherOwnerIsReadFromJobControl() {
        endCarryingFor("bob");

        JsonNode got = tasksGet();

        assertThat(got.at("/result/status").asText()).as(got.toString()).isEqualTo("working");
        assertThat(outcomeReads()).isEqualTo(1);
    }

    @Test
    void aTaskAReplayThroughThisInstanceFoundIsReadFromJobControl() {
        endCarryingFor("alice");
        jobControl.close();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.COMPLETED, "demo.sleep", surface()));

        JsonNode replayed = mcp().toolCall("replay-1", "demo.sleep", Map.of("seconds", 1))
                .withTasks()
                .meta("dev.taskgate/requestKey", "polled-end-key")
                .post()
                .json();
        JsonNode got = tasksGet();

        assertThat(replayed.at("/result/taskId").asText())
                .as(replayed.toString())
                .isEqualTo(handle());
        assertThat(got.at("/result/status").asText())
                .as("the replay may have renewed the task's visibility: job-control answers")
                .isEqualTo("working");
        assertThat(outcomeReads()).isEqualTo(1);
    }

    /** The run ends with {@link #STORED}, and this instance has read the record of the end, carried for {@code owner}. */
    private void endCarryingFor(String owner) {
        execution.endCarrying(ExecutionStatus.COMPLETED, STORED, Fixtures.caller(owner));
        await().atMost(WAIT).until(() -> signals.decisiveChangeSeen(id));
    }

    private JsonNode tasksGet() {
        return mcp().task("get-1", "tasks/get", handle()).post().json();
    }

    private String handle() {
        return handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));
    }

    private long outcomeReads() {
        return queries.requests().stream()
                .filter(r -> r.path().equals("/internal/v1/executions/" + id + "/outcome"))
                .count();
    }
}
