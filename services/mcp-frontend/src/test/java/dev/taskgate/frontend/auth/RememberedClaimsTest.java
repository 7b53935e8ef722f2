package dev.taskgate.frontend.auth;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RememberedClaimsTest {

    @Test
    void readsEachClaimOfTheVerifiedTokenOnce() {
        CountingToken verified = new CountingToken(Map.of("sub", "alice", "org_id", "acme", "exp", 1_900_000_000L));
        RememberedClaims token = new RememberedClaims(verified);

        for (int i = 0; i < 3; i++) {
            assertThat(token.<String>getClaim("org_id")).isEqualTo("acme");
            assertThat(token.getSubject()).isEqualTo("alice");
            assertThat(token.getExpirationTime()).isEqualTo(1_900_000_000L);
        }

        assertThat(verified.reads)
                .containsEntry("org_id", 1)
                .containsEntry("sub", 1)
                .containsEntry("exp", 1);
    }

    @Test
    void remembersAnAbsentClaimAsAbsent() {
        CountingToken verified = new CountingToken(Map.of("sub", "alice"));
        RememberedClaims token = new RememberedClaims(verified);

        assertThat(token.<Object>getClaim("workspaces")).isNull();
        assertThat(token.<Object>getClaim("workspaces")).isNull();
        assertThat(token.containsClaim("workspaces")).isFalse();

        assertThat(verified.reads).containsEntry("workspaces", 1);
    }

    @Test
    void answersTheVerifiedTokensNameClaimNamesGroupsAndAudience() {
        CountingToken verified = new CountingToken(Map.of("sub", "alice", "scope", "tools:call"));
        RememberedClaims token = new RememberedClaims(verified);

        assertThat(token.getName()).isEqualTo("alice");
        assertThat(token.getClaimNames()).containsExactlyInAnyOrder("sub", "scope");
        assertThat(token.getGroups()).containsExactly("users");
        assertThat(token.getAudience()).containsExactly("taskgate");
    }

    /** A verified token that counts how often each claim is read. */
    private static final class CountingToken implements JsonWebToken {
        private final Map<String, Object> claims;
        final Map<String, Integer> reads = new HashMap<>();

        CountingToken(Map<String, Object> claims) {
            this.claims = claims;
        }

        @Override
        public String getName() {
            return (String) claims.get("sub");
        }

        @Override
        public Set<String> getClaimNames() {
            return claims.keySet();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T getClaim(String claimName) {
            reads.merge(claimName, 1, Integer::sum);
            return (T) claims.get(claimName);
        }

        @Override
        public Set<String> getGroups() {
            return Set.of("users");
        }

        @Override
        public Set<String> getAudience() {
            return Set.of("taskgate");
        }
    }
}
