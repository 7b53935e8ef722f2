package dev.taskgate.frontend.auth;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AuthenticatedCallerScopesTest {

    @Test
    void splitsTheScopeClaimAtAnyRunOfWhitespace() {
        assertThat(AuthenticatedCaller.scopes(" tools:call \t tools:write\n  webhooks:admin "))
                .containsExactlyInAnyOrder("tools:call", "tools:write", "webhooks:admin");
    }

    @Test
    void grantsNothingForAnAbsentOrBlankClaim() {
        assertThat(AuthenticatedCaller.scopes(null)).isEmpty();
        assertThat(AuthenticatedCaller.scopes("")).isEmpty();
        assertThat(AuthenticatedCaller.scopes("   ")).isEmpty();
    }
}
