package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.util.UUID;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Authentication and authorization: bad tokens get 401 with {@code WWW-Authenticate: Bearer}, a missing scope 403,
 * another org or project the uniform 404 — all as problem+json, and none publishes a command.
 */
@QuarkusTest
class ToolExecutionAuthTest {
    private static final String VALID_BODY = "{\"tool_name\":\"demo.echo\",\"input\":{}}";
    private static KafkaTestClient kafka;

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

    static Stream<Arguments> unauthenticated() {
        return Stream.of(
                Arguments.of("no Authorization header", null),
                Arguments.of("not a JWT", "Bearer not-a-jwt"),
                Arguments.of("Basic scheme", "Basic YWxpY2U6c2VjcmV0"),
                Arguments.of(
                        "signed with an unknown key",
                        "Bearer "
                                + Tokens.forSubject("alice")
                                        .signedWithUnknownKey()
                                        .sign()),
                Arguments.of(
                        "expired",
                        "Bearer " + Tokens.forSubject("alice").expired().sign()),
                Arguments.of(
                        "wrong issuer",
                        "Bearer "
                                + Tokens.forSubject("alice")
                                        .issuer("https://evil.example")
                                        .sign()),
                Arguments.of(
                        "wrong audience",
                        "Bearer "
                                + Tokens.forSubject("alice")
                                        .audience("someone-else")
                                        .sign()),
                Arguments.of(
                        "tampered payload",
                        "Bearer " + tampered(Tokens.forSubject("alice").sign())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unauthenticated")
    void badTokenGets401OnCreate(String name, String authorization) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            Api.Result response = Api.at(base)
                    .header("Authorization", authorization)
                    .header("Idempotency-Key", "auth-" + UUID.randomUUID())
                    .json(VALID_BODY)
                    .post(Api.EXECUTIONS);

            assertUnauthenticated(response);
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unauthenticated")
    void badTokenGets401OnRead(String name, String authorization) {
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));
        Api.Result response =
                Api.at(base).header("Authorization", authorization).get(Api.EXECUTIONS + "/" + handle);

        assertUnauthenticated(response);
    }

    @Test
    void tokenWithoutToolsCallGets403() {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            String token = Tokens.forSubject("alice").scopes("profile").sign();
            Api.Result response = Api.at(base)
                    .bearer(token)
                    .header("Idempotency-Key", "no-scope")
                    .json(VALID_BODY)
                    .post(Api.EXECUTIONS);

            assertThat(response.status()).as(response.toString()).isEqualTo(403);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.problemSlug()).isEqualTo("insufficient-scope");
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void tokenWithoutToolsCallCannotCancel() {
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));
        String token = Tokens.forSubject("alice").scopes().sign();

        Api.Result response = Api.at(base).bearer(token).post(Api.EXECUTIONS + "/" + handle + "/cancel");

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.problemSlug()).isEqualTo("insufficient-scope");
    }

    @Test
    void otherOrgOrProjectGetsTheUniform404() {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            String otherOrg = Tokens.forSubject("alice").org("globex").sign();
            String otherProject = Tokens.forSubject("alice").project("secret").sign();
            String noOrgClaim = Tokens.forSubject("alice").without("org_id").sign();

            for (String token : new String[] {otherOrg, otherProject, noOrgClaim}) {
                Api.Result response = Api.at(base)
                        .bearer(token)
                        .header("Idempotency-Key", "k-404")
                        .json(VALID_BODY)
                        .post(Api.EXECUTIONS);
                assertThat(response.status()).as(response.toString()).isEqualTo(404);
                assertThat(response.header("Content-Type")).startsWith("application/problem+json");
                assertThat(response.problemSlug()).isEqualTo("not-found");
            }
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }

    @Test
    void validTokenForAnotherPathIsIndistinguishableFromAnUnknownExecution() {
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));
        Api.Result otherOrg = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .get("/v1/orgs/globex/projects/demo/tool-executions/" + handle);
        Api.Result forged = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .get("/v1/orgs/globex/projects/demo/tool-executions/tgx_forged");

        assertThat(otherOrg.status()).isEqualTo(404);
        assertThat(otherOrg.text()).isEqualTo(forged.text().replace("tgx_forged", handle));
    }

    private static void assertUnauthenticated(Api.Result response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(401);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(response.problemSlug()).isEqualTo("unauthenticated");
    }

    private static String tampered(String jwt) {
        String[] parts = jwt.split("\\.");
        String payload = new String(
                        java.util.Base64.getUrlDecoder().decode(parts[1]), java.nio.charset.StandardCharsets.UTF_8)
                .replace("\"alice\"", "\"mallory\"");
        return parts[0] + "."
                + java.util.Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                + "." + parts[2];
    }
}
