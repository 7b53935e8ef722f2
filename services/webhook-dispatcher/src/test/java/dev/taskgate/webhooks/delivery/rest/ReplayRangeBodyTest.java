package dev.taskgate.webhooks.delivery.rest;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.problem.ProblemException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The range replay body: RFC 3339 with offset, from before to, nothing else. */
class ReplayRangeBodyTest {

    @Test
    void parsesOffsetsToInstants() {
        ReplayRangeBody range = parse("{\"from\":\"2026-08-01T09:00:00Z\",\"to\":\"2026-08-01T12:30:00.5+02:00\"}");

        assertThat(range.from()).isEqualTo(Instant.parse("2026-08-01T09:00:00Z"));
        assertThat(range.to()).isEqualTo(Instant.parse("2026-08-01T10:30:00.5Z"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"from\":\"2026-08-01T10:00:00Z\",\"to\":\"2026-08-01T09:00:00Z\"}",
                "{\"from\":\"2026-08-01T09:00:00Z\",\"to\":\"2026-08-01T11:00:00+02:00\"}",
                "{\"from\":\"2026-08-01T09:00:00Z\"}",
                "{\"from\":\"2026-08-01T09:00:00\",\"to\":\"2026-08-01T10:00:00Z\"}",
                "{\"from\":\"2026-08-01\",\"to\":\"2026-08-02\"}",
                "{\"from\":null,\"to\":\"2026-08-01T10:00:00Z\"}",
                "{\"from\":\"2026-08-01T09:00:00Z\",\"to\":\"2026-08-01T10:00:00Z\",\"x\":1}",
                "[\"2026-08-01T09:00:00Z\"]"
            })
    void refusesBadRanges(String body) {
        assertThatThrownBy(() -> parse(body))
                .isInstanceOfSatisfying(
                        ProblemException.class,
                        e -> assertThat(e.problem().status()).isEqualTo(400));
    }

    private static ReplayRangeBody parse(String body) {
        return ReplayRangeBody.parse(body.getBytes(StandardCharsets.UTF_8));
    }
}
