package dev.taskgate.jobctl.upstream;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StreamBackoffTest {

    @Test
    void doublesUpToTheCapAndStaysThere() {
        StreamBackoff backoff = new StreamBackoff(Duration.ofSeconds(1), Duration.ofSeconds(5));

        assertThat(backoff.next()).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.next()).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.next()).isEqualTo(Duration.ofSeconds(4));
        assertThat(backoff.next()).isEqualTo(Duration.ofSeconds(5));
        assertThat(backoff.next()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void startsOverOnlyAfterAStreamThatLastedTheCap() {
        StreamBackoff backoff = new StreamBackoff(Duration.ofSeconds(1), Duration.ofSeconds(5));
        backoff.next();
        backoff.next();

        backoff.streamLasted(Duration.ofMillis(4999));
        assertThat(backoff.next())
                .as("a short stream counts as a failed attempt")
                .isEqualTo(Duration.ofSeconds(4));

        backoff.streamLasted(Duration.ofSeconds(5));
        assertThat(backoff.next()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void refusesAnEmptyOrInvertedRange() {
        assertThatThrownBy(() -> new StreamBackoff(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StreamBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
