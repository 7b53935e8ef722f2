package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20 item 7, one execution, both surfaces: the REST routes of one execution (get, result, cancel, input)
 * accept the owner's MCP task id of either generation, with the test playing job-control; another principal's task
 * id, a forged one and job-control's not-found stay the one uniform 404, and the scope check comes first as for a
 * REST id.
 */
@QuarkusTest
class ToolExecutionAcrossSurfacesTest {
    private static final String STORED = "{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"isError\":false}";

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

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
    void getAndResultAcceptTheOwnersTaskIdsOfBothGenerations() {
        for (Surface surface : new Surface[] {Surface.MCP_2026, Surface.MCP_2025}) {
            UUID id = UUID.randomUUID();
            queries.answer(
                    "/internal/v1/executions/" + id,
                    200,
                    Wire.toBytes(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.WORKING, surface)));
            queries.answer(
                    "/internal/v1/executions/" + id + "/outcome",
                    200,
                    Wire.toBytes(new ExecutionOutcome(
                            Fixtures.snapshot(id, "demo.echo", ExecutionStatus.COMPLETED, surface), STORED, null)));
            String taskId = handles.mint(id, surface, Fixtures.caller("alice"));

            Api.Result get = alice().get(Api.EXECUTIONS + "/" + taskId);
            Api.Result result = alice().get(Api.EXECUTIONS + "/" + taskId + "/result");

            assertThat(get.status()).as(get.toString()).isEqualTo(200);
            assertThat(get.json().path("execution_id").asText()).isEqualTo(taskId);
            assertThat(get.json().path("surface").asText()).isEqualTo(surface.wireName());
            assertThat(get.json().path("status").asText()).isEqualTo("working");
            assertThat(result.status()).as(result.toString()).isEqualTo(200);
            assertThat(result.bytes()).isEqualTo(STORED.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void cancelAndInputAcceptTheOwnersTaskIdsAndSendTheCommandForTheOwner() {
        UUID task = UUID.randomUUID();
        UUID task2025 = UUID.randomUUID();
        jobControl = JobControlResponder.answering(c -> c instanceof CancelExecution
                ? Fixtures.accepted(c, task, false, ExecutionStatus.WORKING, "demo.sleep", Surface.MCP_2026)
                        .withStopDelivered(false)
                : Fixtures.accepted(c, task2025, false, ExecutionStatus.WORKING, "demo.confirm", Surface.MCP_2025));

        Api.Result cancel = alice().post(Api.EXECUTIONS + "/"
                + handles.mint(task, Surface.MCP_2026, Fixtures.caller("alice")) + "/cancel");
        Api.Result input = alice().json("{\"request_key\":\"ir_1\",\"response\":{\"action\":\"decline\"}}")
                .post(Api.EXECUTIONS + "/" + handles.mint(task2025, Surface.MCP_2025, Fixtures.caller("alice"))
                        + "/input");

        assertThat(cancel.status()).as(cancel.toString()).isEqualTo(202);
        assertThat(cancel.json().path("surface").asText()).isEqualTo("mcp-2026");
        assertThat(cancel.json().path("stop_delivery").asText()).isEqualTo("stop_delivery_unknown");
        assertThat(input.status()).as(input.toString()).isEqualTo(200);
        assertThat(jobControl.received()).hasSize(2);
        CancelExecution sentCancel =
                (CancelExecution) jobControl.received().get(0).command();
        ProvideInput sentInput = (ProvideInput) jobControl.received().get(1).command();
        assertThat(sentCancel.executionId()).isEqualTo(task);
        assertThat(sentCancel.caller()).isEqualTo(Fixtures.caller("alice"));
        assertThat(sentInput.executionId()).isEqualTo(task2025);
        assertThat(sentInput.caller()).isEqualTo(Fixtures.caller("alice"));
    }

    @Test
    void anotherPrincipalsTaskIdIsTheUniform404OnEveryRouteAndReachesNothing() throws Exception {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.echo", ExecutionStatus.WORKING, Surface.MCP_2026)));
        String bobsTask = handles.mint(id, Surface.MCP_2026, Fixtures.caller("bob"));
        String bobs2025 = handles.mint(id, Surface.MCP_2025, Fixtures.caller("bob"));
        String forged = "tgx_" + "A".repeat(44);
        String input = "{\"request_key\":\"ir_1\",\"response\":{\"action\":\"decline\"}}";

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result reference = alice().get(Api.EXECUTIONS + "/" + forged);
            for (String handle : new String[] {bobsTask, bobs2025, forged}) {
                Api.Result[] replies = {
                    alice().get(Api.EXECUTIONS + "/" + handle),
                    alice().get(Api.EXECUTIONS + "/" + handle + "/result"),
                    alice().post(Api.EXECUTIONS + "/" + handle + "/cancel"),
                    alice().json(input).post(Api.EXECUTIONS + "/" + handle + "/input")
                };
                for (Api.Result reply : replies) {
                    assertThat(reply.status()).as(handle + " " + reply).isEqualTo(404);
                    assertThat(withoutInstance(reply)).isEqualTo(withoutInstance(reference));
                }
            }
            assertThat(commands.drainToEnd()).isEmpty();
        }
        assertThat(queries.requests()).isEmpty();
    }

    @Test
    void jobControlsNotFoundForATaskIdIsTheUniform404() {
        UUID id = UUID.randomUUID();
        String taskId = handles.mint(id, Surface.MCP_2026, Fixtures.caller("alice"));

        Api.Result expired = alice().get(Api.EXECUTIONS + "/" + taskId);
        Api.Result forged = alice().get(Api.EXECUTIONS + "/" + "tgx_" + "A".repeat(44));

        assertThat(expired.status()).isEqualTo(404);
        assertThat(withoutInstance(expired)).isEqualTo(withoutInstance(forged));
        assertThat(queries.requests()).hasSize(1);
    }

    @Test
    void aMissingScopeIs403ForATaskIdAsForAForgedOne() {
        String token = Tokens.forSubject("alice")
                .org(Api.ORG)
                .project(Api.PROJECT)
                .scopes("profile")
                .sign();
        String taskId = handles.mint(UUID.randomUUID(), Surface.MCP_2026, Fixtures.caller("alice"));

        Api.Result real = Api.at(base).bearer(token).get(Api.EXECUTIONS + "/" + taskId);
        Api.Result forged = Api.at(base).bearer(token).get(Api.EXECUTIONS + "/" + "tgx_" + "A".repeat(44));

        assertThat(real.status()).isEqualTo(403);
        assertThat(real.problemSlug()).isEqualTo("insufficient-scope");
        assertThat(withoutInstance(real)).isEqualTo(withoutInstance(forged));
        assertThat(queries.requests()).isEmpty();
    }

    private Api alice() {
        return Api.at(base).bearer(Fixtures.aliceToken());
    }

    private static String withoutInstance(Api.Result response) {
        ObjectNode json = (ObjectNode) response.json();
        json.remove("instance");
        return json.toString();
    }
}
