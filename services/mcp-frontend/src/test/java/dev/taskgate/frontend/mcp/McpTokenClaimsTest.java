package dev.taskgate.frontend.mcp;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.frontend.support.McpComponentTest;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.McpReply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claims that become the caller, on {@code POST /mcp}: a signed token whose {@code sub}, {@code org_id},
 * {@code project_id}, {@code iat} or age breaks the rules is answered as any invalid token is (HTTP 401,
 * {@code WWW-Authenticate: Bearer}, an id-less {@code -32600}), never a server error, and nothing is published.
 */
@QuarkusTest
class McpTokenClaimsTest extends McpComponentTest {
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    static Stream<Arguments> badClaims() {
        return Stream.of(
                Arguments.of("sub with CR/LF", Tokens.forSubject("alice\r\nX-Injected: 1")),
                Arguments.of("sub with a lone surrogate", Tokens.forSubject("x").claimJson("sub", "\"\\udc00\"")),
                Arguments.of("sub with DEL", Tokens.forSubject("alice\u007f")),
                Arguments.of("empty sub", Tokens.forSubject("")),
                Arguments.of("sub over 256 UTF-8 bytes", Tokens.forSubject("a".repeat(257))),
                Arguments.of("org_id with a slash", Tokens.forSubject("alice").org("ac/me")),
                Arguments.of("project_id with LF", Tokens.forSubject("alice").project("demo\n")),
                Arguments.of(
                        "iat in the future",
                        Tokens.forSubject("alice").issuedAt(Instant.now().plus(Duration.ofMinutes(10)))),
                Arguments.of(
                        "older than the maximum token age",
                        Tokens.forSubject("alice")
                                .issuedAt(Instant.now().minus(Duration.ofHours(25)))
                                .ttl(Duration.ofHours(48))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badClaims")
    void aTokenWithBadClaimsIsUnauthenticated(String name, Tokens.Builder token) {
        try (KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            McpReply response =
                    mcp().request(7, "tools/call").bearer(token.sign()).post();

            assertThat(response.status()).as(response.toString()).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
            JsonNode body = response.json();
            assertThat(body.path("error").path("code").asInt()).isEqualTo(-32600);
            assertThat(body.has("id")).isFalse();
            McpSchemas.assertValidError(body);
            assertThat(commands.drainToEnd()).isEmpty();
        }
    }
}
