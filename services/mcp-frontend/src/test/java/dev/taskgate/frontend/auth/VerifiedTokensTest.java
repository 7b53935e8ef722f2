package dev.taskgate.frontend.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VerifiedTokensTest {
    private static final Instant NOW = Instant.parse("2026-12-03T12:00:00Z");
    private static final Duration MAX_AGE = Duration.ofSeconds(60);

    private final VerifiedTokens tokens = new VerifiedTokens(3, MAX_AGE, Optional.of(Duration.ofHours(24)));

    @Test
    void findsARememberedTokenByItsExactBytes() {
        Token token = Token.issuedAt(NOW, Duration.ofHours(1));
        tokens.remember("raw-a", token, NOW);

        assertThat(tokens.find("raw-a", NOW.plusSeconds(1))).containsSame(token);
        assertThat(tokens.find("raw-a ", NOW.plusSeconds(1))).isEmpty();
        assertThat(tokens.find("raw-b", NOW.plusSeconds(1))).isEmpty();
    }

    @Test
    void forgetsATokenMaxAgeAfterItsVerification() {
        tokens.remember("raw", Token.issuedAt(NOW, Duration.ofHours(1)), NOW);

        assertThat(tokens.find("raw", NOW.plus(MAX_AGE).minusMillis(1))).isPresent();
        assertThat(tokens.find("raw", NOW.plus(MAX_AGE))).isEmpty();
    }

    @Test
    void forgetsATokenAtItsExpiry() {
        tokens.remember("raw", Token.issuedAt(NOW, Duration.ofSeconds(10)), NOW);

        assertThat(tokens.find("raw", NOW.plusSeconds(9))).isPresent();
        assertThat(tokens.find("raw", NOW.plusSeconds(10))).isEmpty();
    }

    @Test
    void forgetsATokenWhenItGetsOlderThanTheMaximumTokenAge() {
        Instant issued = NOW.minus(Duration.ofHours(24)).plusSeconds(5);
        tokens.remember("raw", Token.issuedAt(issued, Duration.ofDays(2)), NOW);

        assertThat(tokens.find("raw", NOW.plusSeconds(4))).isPresent();
        assertThat(tokens.find("raw", NOW.plusSeconds(5))).isEmpty();
    }

    @Test
    void remembersNoTokenWithoutExpiryNorOneAlreadyExpired() {
        tokens.remember("no-exp", new Token(Map.of("iat", NOW.getEpochSecond())), NOW);
        tokens.remember("expired", Token.issuedAt(NOW.minusSeconds(20), Duration.ofSeconds(10)), NOW);

        assertThat(tokens.find("no-exp", NOW)).isEmpty();
        assertThat(tokens.find("expired", NOW)).isEmpty();
        assertThat(tokens.size()).isZero();
    }

    @Test
    void holdsAtMostMaxEntriesTheLeastRecentlyUsedLeavingFirst() {
        Token token = Token.issuedAt(NOW, Duration.ofHours(1));
        tokens.remember("a", token, NOW);
        tokens.remember("b", token, NOW);
        tokens.remember("c", token, NOW);
        tokens.find("a", NOW);

        tokens.remember("d", token, NOW);

        assertThat(tokens.size()).isEqualTo(3);
        assertThat(tokens.find("b", NOW)).isEmpty();
        assertThat(tokens.find("a", NOW)).isPresent();
        assertThat(tokens.find("c", NOW)).isPresent();
        assertThat(tokens.find("d", NOW)).isPresent();
    }

    @Test
    void remembersNothingWithZeroEntries() {
        VerifiedTokens off = new VerifiedTokens(0, MAX_AGE, Optional.empty());
        off.remember("raw", Token.issuedAt(NOW, Duration.ofHours(1)), NOW);

        assertThat(off.find("raw", NOW)).isEmpty();
        assertThat(off.size()).isZero();
    }

    @Test
    void refusesANegativeSize() {
        assertThatThrownBy(() -> new VerifiedTokens(-1, MAX_AGE, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("taskgate.frontend.token-cache.max-entries");
    }

    /** A verified token as SmallRye hands it over: its claims, {@code iat} and {@code exp} in epoch seconds. */
    private record Token(Map<String, Object> claims) implements JsonWebToken {
        static Token issuedAt(Instant iat, Duration ttl) {
            return new Token(
                    Map.of("iat", iat.getEpochSecond(), "exp", iat.plus(ttl).getEpochSecond()));
        }

        @Override
        public String getName() {
            return "alice";
        }

        @Override
        public Set<String> getClaimNames() {
            return claims.keySet();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T getClaim(String name) {
            return (T) claims.get(name);
        }
    }
}
