package dev.taskgate.frontend.auth;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claims that become the caller, on the REST API: a signed token whose {@code sub}, {@code org_id},
 * {@code project_id} or {@code iat} breaks the rules (docs/security.md "Tokens and principals") is a 401 problem
 * like any invalid token, on every route, and nothing is published or asked of job-control; a printable non-ASCII
 * subject is an ordinary caller.
 */
@QuarkusTest
class TokenClaimsRestTest {
    private static final String BODY = "{\"tool_name\":\"demo.echo\",\"input\":{}}";
    private static KafkaTestClient kafka;

    private final FakeJobControlQueries jobControlQueries = FakeJobControlQueries.get();
    private JobControlResponder jobControl;

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @BeforeEach
    void reset() {
        jobControlQueries.reset();
    }

    @AfterEach
    void stopJobControl() {
        if (jobControl != null) {
            jobControl.close();
        }
    }

    static Stream<Arguments> badClaims() {
        return Stream.of(
                Arguments.of("sub with CR/LF", Tokens.forSubject("alice\r\nTaskgate-Workspace: evil/x")),
                Arguments.of("sub with LF", Tokens.forSubject("alice\nbob")),
                Arguments.of("sub with NUL", Tokens.forSubject("alice\u0000")),
                Arguments.of("sub with DEL", Tokens.forSubject("alice\u007f")),
                Arguments.of("sub with a lone surrogate", Tokens.forSubject("x").claimJson("sub", "\"al\\ud800ice\"")),
                Arguments.of("empty sub", Tokens.forSubject("")),
                Arguments.of("sub over 256 UTF-8 bytes", Tokens.forSubject("丿".repeat(86))),
                Arguments.of("org_id with a slash", Tokens.forSubject("alice").org("acme/demo")),
                Arguments.of("org_id with CR/LF", Tokens.forSubject("alice").org("acme\r\n")),
                Arguments.of("empty project_id", Tokens.forSubject("alice").project("")),
                Arguments.of(
                        "project_id over 128 bytes", Tokens.forSubject("alice").project("p".repeat(129))),
                Arguments.of(
                        "iat an hour in the future",
                        Tokens.forSubject("alice").issuedAt(Instant.now().plus(Duration.ofHours(1)))),
                Arguments.of(
                        "older than the maximum token age although not expired",
                        Tokens.forSubject("alice")
                                .issuedAt(Instant.now().minus(Duration.ofHours(25)))
                                .ttl(Duration.ofHours(48))),
                Arguments.of("no iat", Tokens.forSubject("alice").without("iat")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badClaims")
    void aTokenWithBadClaimsIsUnauthenticatedNeverAServerError(String name, Tokens.Builder token) {
        String jwt = token.sign();
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result create = Api.at(base)
                    .bearer(jwt)
                    .header("Idempotency-Key", "claims-" + UUID.randomUUID())
                    .json(BODY)
                    .post(Api.EXECUTIONS);
            Api.Result list = Api.at(base).bearer(jwt).get(Api.EXECUTIONS);
            Api.Result operator = Api.at(base)
                    .bearer(jwt)
                    .get("/v1/orgs/" + Api.ORG + "/projects/" + Api.PROJECT + "/operator/tool-executions");

            for (Api.Result response : List.of(create, list, operator)) {
                assertThat(response.status()).as(response.toString()).isEqualTo(401);
                assertThat(response.header("Content-Type")).startsWith("application/problem+json");
                assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
                assertThat(response.problemSlug()).isEqualTo("unauthenticated");
            }
            assertThat(commands.drainToEnd()).isEmpty();
        }
        assertThat(jobControlQueries.requests()).isEmpty();
    }

    @Test
    void aCjkSubjectCreatesAndListsItsOwnExecution() {
        String subject = "rv丿user";
        Caller caller = new Caller(Tokens.DEFAULT_ISSUER, subject, Api.ORG, Api.PROJECT);
        String token = Tokens.forSubject(subject).sign();
        UUID executionId = UUID.randomUUID();
        jobControl = JobControlResponder.answering(
                c -> Fixtures.accepted(c, executionId, true, ExecutionStatus.QUEUED, "demo.echo"));

        Api.Result created = Api.at(base)
                .bearer(token)
                .header("Idempotency-Key", "cjk-" + UUID.randomUUID())
                .json(BODY)
                .post(Api.EXECUTIONS);

        assertThat(created.status()).as(created.toString()).isEqualTo(202);
        String handle = handles.mint(executionId, Surface.REST, caller);
        assertThat(created.json().path("execution_id").asText()).isEqualTo(handle);
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).caller())
                .isEqualTo(caller);
        // signed by the frontend, with the token's scopes for job-control's own tools:write check
        assertThat(jobControl.received().get(0).signatureRefusal()).isNull();
        assertThat(((SubmitExecution) jobControl.received().get(0).command()).scopes())
                .containsExactly("tools:call");

        jobControlQueries.answer(
                "/internal/v1/executions",
                200,
                Wire.toBytes(new ExecutionPage(
                        List.of(Fixtures.snapshot(executionId, "demo.echo", ExecutionStatus.QUEUED, Surface.REST)),
                        null)));
        Api.Result listed = Api.at(base).bearer(token).get(Api.EXECUTIONS);

        assertThat(listed.status()).as(listed.toString()).isEqualTo(200);
        assertThat(listed.json().at("/items/0/execution_id").asText()).isEqualTo(handle);
        assertThat(jobControlQueries.requests()).hasSize(1);
    }
}
