package dev.taskgate.claims;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IssuedAtTest {
    private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
    private static final Duration SKEW = Duration.ofSeconds(60);

    @Test
    void acceptsThePastAndTheFutureWithinTheSkew() {
        assertThatCode(() -> IssuedAt.check(NOW.minusSeconds(3600), NOW, SKEW)).doesNotThrowAnyException();
        assertThatCode(() -> IssuedAt.check(NOW.plusSeconds(60), NOW, SKEW)).doesNotThrowAnyException();
        assertThatCode(() -> IssuedAt.check(null, NOW, SKEW)).doesNotThrowAnyException();
    }

    @Test
    void refusesTheFutureBeyondTheSkew() {
        assertThatThrownBy(() -> IssuedAt.check(NOW.plusSeconds(61), NOW, SKEW))
                .isInstanceOf(InvalidClaimException.class)
                .hasMessageStartingWith("iat claim ");
    }
}
