package dev.taskgate.frontend.mcp.stdio;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code TASKGATE_TOKEN} meets the same claim rules as a bearer token: bad claims and foreign grants are 401. */
@QuarkusTest
class StdioCredentialsClaimsTest {
    @Inject
    StdioCredentials credentials;

    @Test
    void refusesTokensWhoseClaimsBreakTheRules() {
        for (Tokens.Builder token : List.of(
                Tokens.forSubject("alice\r\n"),
                Tokens.forSubject("alice").org("ac/me"),
                Tokens.forSubject("alice").issuedAt(Instant.now().plus(Duration.ofHours(1))),
                Tokens.forSubject("alice").claimJson("workspaces", "[\"acme/other\"]"),
                Tokens.forSubject("alice").claimJson("workspaces", "[\"acme/demo\\n\"]"))) {
            assertThatThrownBy(() -> credentials.authenticate(token.sign()))
                    .isInstanceOf(McpException.class)
                    .satisfies(e -> assertThat(((McpException) e).disposition())
                            .isEqualTo(McpException.Disposition.UNAUTHENTICATED));
        }
    }

    @Test
    void acceptsAPrintableNonAsciiSubjectGrantedItsWorkspace() {
        String token = Tokens.forSubject("rv丿user")
                .claimJson("workspaces", "[\"acme/demo\",\"acme/other\"]")
                .sign();

        assertThat(credentials.authenticate(token).caller().subject()).isEqualTo("rv丿user");
    }
}
