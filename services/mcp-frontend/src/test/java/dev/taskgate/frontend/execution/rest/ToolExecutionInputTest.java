package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * REST input ({@code POST .../tool-executions/{id}/input}) with the test playing job-control: an answer becomes a
 * {@code ProvideInput} for the owner and is acknowledged; bad bodies, foreign or forged handles and job-control's
 * not-found are problems and send nothing. GET shows {@code input_requests} while input is outstanding.
 */
@QuarkusTest
class ToolExecutionInputTest {
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

    private String handle(UUID id) {
        return handles.mint(id, Surface.REST, Fixtures.caller("alice"));
    }

    private Api.Result post(String handle, String body) {
        return Api.at(base).bearer(Fixtures.aliceToken()).json(body).post(Api.EXECUTIONS + "/" + handle + "/input");
    }

    @Test
    void anAnswerIsSentToJobControlAndAcknowledged() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "demo.confirm"));

        Api.Result response = post(
                handle(id),
                "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"accept\","
                        + "\"content\":{\"confirm\":true,\"note\":\"0.10\"}}}");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.text()).isEqualTo("{\"acknowledged\":true}");
        JobControlResponder.Received record = jobControl.received().get(0);
        ProvideInput provide = (ProvideInput) record.command();
        assertThat(record.key()).isEqualTo(id.toString());
        assertThat(provide.executionId()).isEqualTo(id);
        assertThat(provide.caller()).isEqualTo(Fixtures.caller("alice"));
        assertThat(provide.scopes())
                .as("job-control re-checks tools:write against the tool's current policy")
                .containsExactly("tools:call");
        assertThat(provide.responses()).containsOnlyKeys("ir_abc");
        assertThat(provide.responses().get("ir_abc"))
                .isEqualTo(Wire.mapper()
                        .valueToTree(Map.of("action", "accept", "content", Map.of("confirm", true, "note", "0.10"))));
    }

    @Test
    void badBodiesAreProblemsAndSendNothing() throws Exception {
        String handle = handle(UUID.randomUUID());
        Map<String, String> bodies = Map.of(
                "not json",
                "malformed-json",
                "[]",
                "invalid-request",
                "{\"response\":{\"action\":\"accept\"}}",
                "invalid-request",
                "{\"request_key\":\"\",\"response\":{\"action\":\"accept\"}}",
                "invalid-request",
                "{\"request_key\":7,\"response\":{\"action\":\"accept\"}}",
                "invalid-request",
                "{\"request_key\":\"ir_abc\"}",
                "invalid-request",
                "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"perhaps\"}}",
                "invalid-request",
                "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"cancel\",\"content\":{\"a\":1}}}",
                "invalid-request",
                "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"accept\"},\"extra\":1}",
                "invalid-request",
                "{\"request_key\":\"" + "k".repeat(257) + "\",\"response\":{\"action\":\"accept\"}}",
                "invalid-request");

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            bodies.forEach((body, slug) -> {
                Api.Result response = post(handle, body);

                assertThat(response.status()).as(body).isEqualTo(400);
                assertThat(response.header("Content-Type")).startsWith("application/problem+json");
                assertThat(response.problemSlug()).as(body).isEqualTo(slug);
            });
            Api.Result wrongType = Api.at(base)
                    .bearer(Fixtures.aliceToken())
                    .header("Content-Type", "text/plain")
                    .bytes("{}".getBytes())
                    .post(Api.EXECUTIONS + "/" + handle + "/input");
            assertThat(wrongType.status()).isEqualTo(415);
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void aSamplingOrRootsResultForARelayedRequestIsSentAsTheAnswer() {
        UUID id = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, id, false, ExecutionStatus.WORKING, "counting.sample"));

        Api.Result sampled = post(
                handle(id),
                "{\"request_key\":\"upstream-sampling-1\",\"response\":{\"role\":\"assistant\","
                        + "\"model\":\"m\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}}");
        Api.Result roots = post(
                handle(id),
                "{\"request_key\":\"upstream-roots-1\",\"response\":{\"roots\":[{\"uri\":\"file:///srv\"}]}}");

        assertThat(sampled.status()).as(sampled.toString()).isEqualTo(200);
        assertThat(roots.status()).as(roots.toString()).isEqualTo(200);
        ProvideInput first = (ProvideInput) jobControl.received().get(0).command();
        assertThat(first.responses()
                        .get("upstream-sampling-1")
                        .at("/content/text")
                        .asText())
                .isEqualTo("hi");
        ProvideInput second = (ProvideInput) jobControl.received().get(1).command();
        assertThat(second.responses().get("upstream-roots-1").at("/roots/0/uri").asText())
                .isEqualTo("file:///srv");
    }

    @Test
    void aMalformedSamplingOrRootsResultIsAProblemAndSendsNothing() throws Exception {
        String handle = handle(UUID.randomUUID());
        Map<String, String> bodies = Map.of(
                "{\"request_key\":\"k\",\"response\":{\"role\":7,\"content\":{}}}", "/response/role",
                "{\"request_key\":\"k\",\"response\":{\"role\":\"assistant\"}}", "/response/content",
                "{\"request_key\":\"k\",\"response\":{\"roots\":{}}}", "/response/roots",
                "{\"request_key\":\"k\",\"response\":{\"roots\":[{\"name\":\"a\"}]}}", "/response/roots/0/uri");

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            bodies.forEach((body, pointer) -> {
                Api.Result response = post(handle, body);

                assertThat(response.status()).as(body).isEqualTo(400);
                assertThat(response.problemSlug()).as(body).isEqualTo("invalid-request");
                assertThat(response.text()).as(body).contains("\"pointer\":\"" + pointer + "\"");
            });
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void anotherCallersOrAForgedHandleIsTheUniform404AndSendsNothing() throws Exception {
        UUID id = UUID.randomUUID();
        String alices = handle(id);
        String bob = Fixtures.bobToken();
        String body = "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"accept\"}}";

        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result asBob = Api.at(base).bearer(bob).json(body).post(Api.EXECUTIONS + "/" + alices + "/input");
            Api.Result forged = post(alices + "x", body);

            assertThat(asBob.status()).isEqualTo(404);
            assertThat(asBob.problemSlug()).isEqualTo("not-found");
            assertThat(forged.text()).isEqualTo(asBob.text().replace(alices, alices + "x"));
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void jobControlsScopeRefusalIsA403() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of(
                        "insufficient-scope",
                        "Insufficient scope",
                        403,
                        "Answering an execution of a mutating tool needs the scope tools:write.")));

        Api.Result response =
                post(handle(UUID.randomUUID()), "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"decline\"}}");

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.problemSlug()).isEqualTo("insufficient-scope");
    }

    @Test
    void jobControlsNotFoundIsTheUniform404() {
        jobControl = JobControlResponder.answering(c -> new Rejected(
                UUID.randomUUID(),
                Instant.now(),
                c.messageId(),
                c.replyTo(),
                Problem.of("not-found", "Not found", 404, "No such execution exists for this caller.")));

        Api.Result response =
                post(handle(UUID.randomUUID()), "{\"request_key\":\"ir_abc\",\"response\":{\"action\":\"decline\"}}");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.problemSlug()).isEqualTo("not-found");
    }

    @Test
    void getShowsTheOutstandingInputRequests() {
        UUID id = UUID.randomUUID();
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.waitingForInput(id, Surface.REST, Map.of("ir_abc", Fixtures.confirmRequest()))));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle(id));

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().path("status").asText()).isEqualTo("input_required");
        assertThat(response.json().at("/input_requests/ir_abc")).isEqualTo(Fixtures.confirmRequest());
        assertThat(List.of(response.json().path("input_requests").fieldNames().next()))
                .containsExactly("ir_abc");
    }
}
