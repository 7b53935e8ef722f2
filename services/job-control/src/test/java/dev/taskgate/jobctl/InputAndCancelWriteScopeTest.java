package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.event.InputRequested;

import static dev.taskgate.jobctl.JobControlFixture.REPLY_TO;
import static dev.taskgate.jobctl.JobControlFixture.SCOPES;
import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.cancel;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Answering input and cancelling re-check the tool's current policy and the caller's write scope on every command:
 * an execution of a mutating tool (as submitted, or declared mutating since) needs {@code tools:write} among the
 * command's scopes, after the ownership check, and a refusal changes nothing.
 */
@QuarkusTest
class InputAndCancelWriteScopeTest {
    private static final String CONFIRM = "{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\","
            + "\"message\":\"Go?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"confirm\":"
            + "{\"type\":\"boolean\"}},\"required\":[\"confirm\"]}}}";
    private static final String ACCEPT = "{\"action\":\"accept\",\"content\":{\"confirm\":true}}";
    private static JobControlFixture fixture;

    @Inject
    TestOperations operations;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @AfterEach
    void readOnlyAgain() {
        operations.declareMutating(false);
    }

    @Test
    void answeringAMutatingExecutionWithoutToolsWriteIsRefused403AndNothingIsDelivered() {
        Caller owner = newCaller();
        UUID id = working(owner, TestOperations.MUTATION);
        String key = awaitRequest(owner, id);

        for (List<String> scopes : Arrays.<List<String>>asList(null, List.of(), List.of("tools:call"))) {
            assertInsufficientScope(fixture.send(provide(owner, id, key, scopes)));
        }
        ExecutionSnapshot unchanged = snapshot(owner, id);
        assertThat(unchanged.status()).isEqualTo(ExecutionStatus.INPUT_REQUIRED);
        assertThat(unchanged.inputRequests()).containsOnlyKeys(key);

        CommandReply granted = fixture.send(provide(owner, id, key, SCOPES));
        assertThat(granted).isInstanceOf(Accepted.class);
        assertThat(((Accepted) granted).execution().status()).isEqualTo(ExecutionStatus.WORKING);
    }

    @Test
    void aToolDeclaredMutatingAfterSubmissionNeedsToolsWriteToAnswerOrCancel() {
        Caller owner = newCaller();
        // submitted while read-only, by a caller without tools:write
        UUID id = ((Accepted) fixture.send(submit(
                        owner, "k-" + UUID.randomUUID(), TestOperations.POLICY_CHANGES, "{}", List.of("tools:call"))))
                .executionId();
        fixture.report(started(id, 1));
        awaitStatus(owner, id, ExecutionStatus.WORKING);
        fixture.report(requested(id));
        String key = awaitRequest(owner, id);

        operations.declareMutating(true);

        assertInsufficientScope(fixture.send(provide(owner, id, key, List.of("tools:call"))));
        assertInsufficientScope(fixture.send(cancel(owner, id, List.of("tools:call"))));
        ExecutionSnapshot unchanged = snapshot(owner, id);
        assertThat(unchanged.status()).isEqualTo(ExecutionStatus.INPUT_REQUIRED);
        assertThat(unchanged.cancelRequested()).isNotEqualTo(Boolean.TRUE);

        CommandReply cancelled = fixture.send(cancel(owner, id, SCOPES));
        assertThat(cancelled).isInstanceOf(Accepted.class);
        assertThat(((Accepted) cancelled).execution().cancelRequested()).isTrue();
    }

    @Test
    void aReadOnlyToolIsAnsweredWithoutToolsWrite() {
        Caller owner = newCaller();
        UUID id = ((Accepted) fixture.send(submit(
                        owner, "k-" + UUID.randomUUID(), TestOperations.POLICY_CHANGES, "{}", List.of("tools:call"))))
                .executionId();
        fixture.report(started(id, 1));
        awaitStatus(owner, id, ExecutionStatus.WORKING);
        fixture.report(requested(id));
        String key = awaitRequest(owner, id);

        CommandReply reply = fixture.send(provide(owner, id, key, null));

        assertThat(reply).isInstanceOf(Accepted.class);
        assertThat(((Accepted) reply).execution().status()).isEqualTo(ExecutionStatus.WORKING);
    }

    @Test
    void aNonOwnerGetsTheUniform404WithOrWithoutToolsWrite() {
        Caller owner = newCaller();
        UUID id = working(owner, TestOperations.MUTATION);
        String key = awaitRequest(owner, id);
        Caller other = newCaller();

        for (List<String> scopes : Arrays.asList(null, SCOPES)) {
            CommandReply reply = fixture.send(provide(other, id, key, scopes));
            assertThat(reply).isInstanceOf(Rejected.class);
            assertThat(((Rejected) reply).problem().status()).isEqualTo(404);
        }
        assertThat(snapshot(owner, id).inputRequests()).containsOnlyKeys(key);
    }

    // an execution of this tool, submitted with tools:write, running and asking for input
    private static UUID working(Caller owner, String tool) {
        UUID id = ((Accepted) fixture.send(submit(owner, "k-" + UUID.randomUUID(), tool, "{}"))).executionId();
        fixture.report(started(id, 1));
        awaitStatus(owner, id, ExecutionStatus.WORKING);
        fixture.report(requested(id));
        return id;
    }

    private static InputRequested requested(UUID id) {
        return new InputRequested(
                UUID.randomUUID(), Instant.now(), id, 1, "worker-test", Map.of("confirm", json(CONFIRM)));
    }

    private static String awaitRequest(Caller owner, UUID id) {
        return org.awaitility.Awaitility.await()
                .atMost(WAIT)
                .until(
                        () -> snapshot(owner, id),
                        s -> s.status() == ExecutionStatus.INPUT_REQUIRED
                                && s.inputRequests() != null
                                && s.inputRequests().size() == 1)
                .inputRequests()
                .keySet()
                .iterator()
                .next();
    }

    private static ProvideInput provide(Caller caller, UUID id, String key, List<String> scopes) {
        Map<String, JsonNode> responses = Map.of(key, json(ACCEPT));
        return new ProvideInput(UUID.randomUUID(), Instant.now(), REPLY_TO, id, caller, responses, scopes);
    }

    private static void assertInsufficientScope(CommandReply reply) {
        assertThat(reply).isInstanceOf(Rejected.class);
        assertThat(((Rejected) reply).problem().status()).isEqualTo(403);
        assertThat(((Rejected) reply).problem().type()).endsWith("/insufficient-scope");
    }
}
