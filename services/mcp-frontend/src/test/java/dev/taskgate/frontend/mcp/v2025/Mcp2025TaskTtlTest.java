package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpKafkaComponentTest;
import dev.taskgate.testsupport.mcp.Mcp2025Client;
import dev.taskgate.testsupport.mcp.Mcp2025Session;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 2025-11-25 task TTL, with the test playing job-control the way its visibility rules answer (the clamping and
 * expiry themselves are proven in job-control's {@code McpTaskVisibilityTest} and end to end in
 * {@code Mcp2025SessionE2E}): the client's {@code task.ttl} is what the frontend asks job-control for, absent means
 * none (job-control's default); every Task reports {@code ttl} = visibility end − creation, in the created task and in
 * {@code tasks/get}; an expired task answers exactly like an unknown one; a bad {@code ttl} publishes nothing.
 */
@QuarkusTest
class Mcp2025TaskTtlTest extends McpKafkaComponentTest {
    private static final long TEN_MINUTES = Duration.ofMinutes(10).toMillis();
    private static final long ONE_MINUTE = Duration.ofMinutes(1).toMillis();
    private static final long ONE_DAY = Duration.ofDays(1).toMillis();

    private final FakeJobControlQueries queries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;
    private Mcp2025Session client;

    @Inject
    ExecutionHandles handles;

    @BeforeEach
    void connect() {
        queries.reset();
        client = mcp2025().initialize("2025-11-25");
    }

    @AfterEach
    void stop() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    @Test
    void theRequestedTtlIsAskedForAndTheGrantedOneReported() {
        UUID id = UUID.randomUUID();
        grant(id, TEN_MINUTES);

        JsonNode created = createTask(2, TEN_MINUTES);
        JsonNode got = get(3, id, TEN_MINUTES);

        assertThat(submitted().taskTtlMs()).isEqualTo(TEN_MINUTES);
        assertThat(created.at("/result/task/ttl").asLong()).isEqualTo(TEN_MINUTES);
        assertThat(got.at("/result/ttl").asLong()).isEqualTo(TEN_MINUTES);
    }

    @Test
    void aTtlBelowTheMinimumIsClampedByJobControlAndTheClampedOneReported() {
        UUID id = UUID.randomUUID();
        grant(id, ONE_MINUTE); // job-control clamps to [1 min, 7 days]

        JsonNode created = createTask(4, 1_000L);
        JsonNode got = get(5, id, ONE_MINUTE);

        assertThat(submitted().taskTtlMs())
                .as("the client's value goes to job-control as asked")
                .isEqualTo(1_000L);
        assertThat(created.at("/result/task/ttl").asLong()).isEqualTo(ONE_MINUTE);
        assertThat(got.at("/result/ttl").asLong()).isEqualTo(ONE_MINUTE);
    }

    @Test
    void aTtlBeyondALongIsAskedForAsTheLargestOne() {
        grant(UUID.randomUUID(), Duration.ofDays(7).toMillis());
        ObjectNode params = call();
        params.putObject("task").put("ttl", new java.math.BigInteger("100000000000000000000"));

        McpReply response = client.request(6, "tools/call", params);

        Mcp2025Client.assertValid("CreateTaskResult", response.json().get("result"));
        assertThat(submitted().taskTtlMs()).isEqualTo(Long.MAX_VALUE);
        assertThat(response.json().at("/result/task/ttl").asLong())
                .isEqualTo(Duration.ofDays(7).toMillis());
    }

    @Test
    void withoutATtlJobControlsDefaultIsGrantedAndReported() {
        UUID id = UUID.randomUUID();
        grant(id, ONE_DAY);
        ObjectNode params = call();
        params.putObject("task");

        McpReply response = client.request(7, "tools/call", params);
        JsonNode got = get(8, id, ONE_DAY);

        Mcp2025Client.assertValid("CreateTaskResult", response.json().get("result"));
        assertThat(submitted().taskTtlMs())
                .as("none asked for: job-control's default applies")
                .isNull();
        assertThat(response.json().at("/result/task/ttl").asLong()).isEqualTo(ONE_DAY);
        assertThat(got.at("/result/ttl").asLong()).isEqualTo(ONE_DAY);
    }

    @Test
    void aSnapshotWithoutAVisibilityEndReportsTheConfiguredTtl() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(
                        Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.MCP_2025), null, null)));

        McpReply got = client.request(9, "tasks/get", Mcp2025Client.params().put("taskId", taskId(id)));

        Mcp2025Client.assertValid("GetTaskResult", got.json().get("result"));
        assertThat(got.json().at("/result/ttl").asLong()).isEqualTo(ONE_DAY); // taskgate.frontend.mcp.task-ttl
    }

    @Test
    void anOrdinaryCallAsksForNoTtl() {
        UUID id = UUID.randomUUID();
        grant(id, ONE_DAY);
        played(id, "demo.sleep", Surface.MCP_2025).complete(queries, "{\"content\":[],\"isError\":false}");

        McpReply response = client.request(10, "tools/call", call());

        Mcp2025Client.assertValid("CallToolResult", response.json().get("result"));
        assertThat(submitted().taskTtlMs()).isNull();
    }

    @Test
    void aNegativeOrFractionalTtlIsInvalidParamsAndPublishesNothing() {
        jobControl = JobControlResponder.answering(c -> null);
        for (Object ttl : new Object[] {-1, 1.5, "600000"}) {
            ObjectNode params = call();
            params.putObject("task").set("ttl", Wire.mapper().valueToTree(ttl));

            McpReply response = client.request(11, "tools/call", params);

            Mcp2025Client.assertError(response.json(), -32602);
            assertThat(response.json().at("/error/message").asText())
                    .as(String.valueOf(ttl))
                    .contains("ttl");
        }
        assertThat(jobControl.received()).isEmpty();
    }

    @Test
    void aTaskPastItsVisibilityAnswersExactlyLikeAnUnknownOne() {
        UUID expired = UUID.randomUUID();
        UUID unknown = UUID.randomUUID();
        // job-control answers every owner lookup of an expired task with its one not-found problem
        for (UUID id : new UUID[] {expired, unknown}) {
            queries.answer("/internal/v1/executions/" + id + "/outcome", 404, "{\"status\":404}".getBytes());
        }
        String expiredTask = taskId(expired);
        String forged = expiredTask.substring(0, expiredTask.length() - 2) + (expiredTask.endsWith("AA") ? "BB" : "AA");

        for (String method : new String[] {"tasks/get", "tasks/result", "tasks/cancel"}) {
            McpReply a = client.request(12, method, Mcp2025Client.params().put("taskId", expiredTask));
            McpReply b = client.request(12, method, Mcp2025Client.params().put("taskId", taskId(unknown)));
            McpReply c = client.request(12, method, Mcp2025Client.params().put("taskId", forged));

            Mcp2025Client.assertError(a.json(), -32602);
            assertThat(a.status()).isEqualTo(b.status()).isEqualTo(c.status());
            assertThat(a.text()).as(method).isEqualTo(b.text()).isEqualTo(c.text());
        }
    }

    private void grant(UUID id, long ttlMs) {
        jobControl = JobControlResponder.answering(c -> new Accepted(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                id,
                true,
                snapshot(id, ExecutionStatus.QUEUED, ttlMs)));
    }

    private JsonNode createTask(int rpcId, long ttl) {
        ObjectNode params = call();
        params.putObject("task").put("ttl", ttl);
        McpReply response = client.request(rpcId, "tools/call", params);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("CreateTaskResult", response.json().get("result"));
        return response.json();
    }

    private JsonNode get(int rpcId, UUID id, long ttlMs) {
        queries.answer(
                "/internal/v1/executions/" + id + "/outcome",
                200,
                Wire.toBytes(new ExecutionOutcome(snapshot(id, ExecutionStatus.WORKING, ttlMs), null, null)));
        McpReply response =
                client.request(rpcId, "tasks/get", Mcp2025Client.params().put("taskId", taskId(id)));
        Mcp2025Client.assertValid("JSONRPCResultResponse", response.json());
        Mcp2025Client.assertValid("GetTaskResult", response.json().get("result"));
        return response.json();
    }

    private SubmitExecution submitted() {
        return jobControl.received().stream()
                .map(JobControlResponder.Received::command)
                .filter(SubmitExecution.class::isInstance)
                .map(SubmitExecution.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private String taskId(UUID id) {
        return handles.mint(id, Surface.MCP_2025, Fixtures.caller("alice"));
    }

    private static ObjectNode call() {
        ObjectNode params = Mcp2025Client.params().put("name", "demo.sleep");
        params.set("arguments", Wire.mapper().valueToTree(Map.of("seconds", 5)));
        return params;
    }

    private static ExecutionSnapshot snapshot(UUID id, ExecutionStatus status, long ttlMs) {
        return new ExecutionSnapshot(
                id,
                "demo.sleep",
                "1",
                status,
                Surface.MCP_2025,
                Fixtures.CREATED,
                Fixtures.CREATED.plusSeconds(1),
                Fixtures.CREATED.plus(Duration.ofHours(24)),
                Fixtures.CREATED.plus(Duration.ofDays(8)),
                null,
                null,
                null,
                null,
                null,
                Fixtures.CREATED.plusMillis(ttlMs));
    }
}
