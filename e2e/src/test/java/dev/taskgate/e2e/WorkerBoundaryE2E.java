package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;

import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.Signature;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The worker side of the trust boundary, probed on the packaged stack as a neighbour on the network would
 * (docs/security.md "Kafka", "Worker children"). A {@code Finished} result that worker-pool's own key did not sign —
 * unsigned, signed by the frontend, or signed with the published development key — is set aside on the dead-letter
 * topic and decides nothing, while the same record signed by worker-pool would (the control, so that the probe is
 * not vacuous); and the child running an operation holds none of the stack's keys, passwords or internal URLs.
 *
 * <p>The executions wait for input ({@code demo.confirm}), so nothing but the records sent here could end them while
 * the probe runs.
 */
@ExtendWith(LocalStack.class)
class WorkerBoundaryE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(60);
    private static final String WORKER_EVENTS = LocalStack.topic(Topics.WORKER_EVENTS);
    private static final String FORGED_RESULT =
            "{\"content\":[{\"type\":\"text\",\"text\":\"forged\"}],\"isError\":false}";

    private static String alice;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        alice = Tokens.forSubject("alice")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void aFinishedThatWorkerPoolDidNotSignIsSetAsideAndDecidesNothing() throws Exception {
        String handle = waitingExecution();
        UUID id = ChaosWork.executionId(handle);
        Finished unsigned = forged(id);
        Finished byTheFrontend = forged(id);
        Finished withTheDevelopmentKey = forged(id);
        try (KafkaTestClient stack = LocalStack.kafka();
                KafkaTestClient published = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher deadLetters = stack.watch(WORKER_EVENTS + ".dlq")) {
            stack.send(WORKER_EVENTS, id.toString(), unsigned, Signature.none());
            stack.send(WORKER_EVENTS, id.toString(), byTheFrontend, Signature.as(KafkaTestClient.FRONTEND));
            published.send(WORKER_EVENTS, id.toString(), withTheDevelopmentKey, Signature.asProducer());

            Set<UUID> setAside = List.of(unsigned, byTheFrontend, withTheDevelopmentKey).stream()
                    .map(Finished::messageId)
                    .collect(Collectors.toSet());
            for (int i = 0; i < setAside.size(); i++) {
                deadLetters.await(WorkerEvent.class, e -> setAside.contains(e.messageId()), SETTLE);
            }
        }

        // job-control read all three and applied none: the execution still waits, and then ends as its child decides
        assertThat(rest(handle).path("status").asText()).isEqualTo("input_required");
        answer(handle, "decline");
        awaitStatus(handle, "completed");
        assertThat(result(handle)).contains("decline").doesNotContain("forged");
    }

    @Test
    void theSameFinishedSignedByWorkerPoolDecidesTheExecution() {
        String handle = waitingExecution();
        UUID id = ChaosWork.executionId(handle);
        try (KafkaTestClient stack = LocalStack.kafka()) {
            stack.send(WORKER_EVENTS, id.toString(), forged(id), Signature.asProducer());
        }

        awaitStatus(handle, "completed");
        assertThat(result(handle)).isEqualTo(FORGED_RESULT);
    }

    @Test
    void theChildRunningAnOperationHoldsNoKeyPasswordOrInternalUrl() throws IOException {
        String handle = waitingExecution();
        LocalStack stack = LocalStack.get();
        List<ProcessHandle> children = ProcessHandle.of(
                        stack.service("worker-pool").pid())
                .orElseThrow()
                .children()
                .toList();
        assertThat(children).as("worker-pool's children").isNotEmpty();

        Map<String, String> secrets = stack.serviceEnv("worker-pool").entrySet().stream()
                .filter(e -> e.getKey().matches(".*(KEY|PASSWORD|SECRET|_URL).*")
                        && e.getValue().length() >= 8)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(secrets)
                .as("the worker's own secrets, the probe's reference")
                .isNotEmpty();
        for (ProcessHandle child : children) {
            String environment = Files.readString(Path.of("/proc/" + child.pid() + "/environ"), StandardCharsets.UTF_8);
            secrets.forEach((name, value) -> assertThat(environment)
                    .as("child %d holds %s", child.pid(), name)
                    .doesNotContain(value));
        }
        answer(handle, "decline");
        awaitStatus(handle, "completed");
    }

    /**
     * A Finished for the first run of {@code id} from the worker instance that owns it — everything job-control
     * checks besides the signature is right — with a result of our choosing.
     */
    private static Finished forged(UUID id) {
        return new Finished(UUID.randomUUID(), Instant.now(), id, 1, owner(id), FORGED_RESULT);
    }

    /** The worker instance job-control recorded as the owner of {@code id}'s current run. */
    private static String owner(UUID id) {
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(LocalStack.jdbcUrl());
                PreparedStatement q = c.prepareStatement("select owner_worker_id from jobctl.execution where id = ?")) {
            q.setObject(1, id);
            try (ResultSet rows = q.executeQuery()) {
                assertThat(rows.next()).as("execution " + id + " is stored").isTrue();
                return Objects.requireNonNull(rows.getString(1), "the run of " + id + " has no recorded owner");
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String waitingExecution() {
        String handle = given().auth()
                .oauth2(alice)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "demo.confirm", "input", Map.of("message", "Proceed?")))
                .post(BASE)
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        awaitStatus(handle, "input_required");
        return handle;
    }

    private static void answer(String handle, String action) {
        JsonNode requests = rest(handle).path("input_requests");
        String key = requests.fieldNames().next();
        given().auth()
                .oauth2(alice)
                .contentType(ContentType.JSON)
                .body(Map.of("request_key", key, "response", Map.of("action", action)))
                .post(BASE + "/" + handle + "/input")
                .then()
                .statusCode(200);
    }

    private static void awaitStatus(String handle, String status) {
        await().atMost(SETTLE).until(() -> rest(handle).path("status").asText().equals(status));
    }

    private static JsonNode rest(String handle) {
        try {
            return JSON.readTree(given().auth()
                    .oauth2(alice)
                    .get(BASE + "/" + handle)
                    .then()
                    .statusCode(200)
                    .extract()
                    .asByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String result(String handle) {
        return given().auth()
                .oauth2(alice)
                .get(BASE + "/" + handle + "/result")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }
}
