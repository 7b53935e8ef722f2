package dev.taskgate.problem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestLimitsTest {
    private static final RequestLimits LIMITS = new RequestLimits(100, 200, 1000);

    @Test
    void aRequestWithinEveryLimitPasses() {
        assertThat(LIMITS.check("/" + "a".repeat(99), List.of(Map.entry("Host", "x".repeat(190))), "1000"))
                .isEmpty();
        assertThat(LIMITS.check("/", List.of(), null)).isEmpty();
        assertThat(LIMITS.check("/", List.of(), "not-a-number")).isEmpty();
    }

    @Test
    void eachLimitHasItsStatus() {
        assertThat(LIMITS.check("/" + "a".repeat(100), List.of(), null)).contains(RequestLimits.Exceeded.TARGET);
        assertThat(LIMITS.check("/", List.of(Map.entry("X", "x".repeat(196))), null))
                .contains(RequestLimits.Exceeded.HEADERS);
        assertThat(LIMITS.check("/", List.of(), "1001")).contains(RequestLimits.Exceeded.BODY);
        assertThat(RequestLimits.Exceeded.TARGET.status()).isEqualTo(414);
        assertThat(RequestLimits.Exceeded.HEADERS.status()).isEqualTo(431);
        assertThat(RequestLimits.Exceeded.BODY.status()).isEqualTo(413);
    }

    @Test
    void theTargetIsCheckedFirst() {
        assertThat(LIMITS.check("/" + "a".repeat(100), List.of(Map.entry("X", "x".repeat(500))), "5000"))
                .contains(RequestLimits.Exceeded.TARGET);
    }
}
