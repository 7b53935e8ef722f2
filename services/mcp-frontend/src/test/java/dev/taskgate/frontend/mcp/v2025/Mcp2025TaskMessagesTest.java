package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.support.Fixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What one listen stream tells of the tasks it follows ({@link Mcp2025TaskMessages}), without a stream: progress
 * strictly increasing above the recorded floor and coalesced, log messages at or above the level only, nothing of a
 * task once a read showed it terminal, and at most {@value Mcp2025TaskMessages#MAX_FOLLOWED} tasks followed.
 */
class Mcp2025TaskMessagesTest {
    private final ExecutionSignals signals = new ExecutionSignals();
    private final List<ExecutionSignal> handed = new ArrayList<>();
    private final Mcp2025TaskMessages messages = new Mcp2025TaskMessages(signals, Duration.ofHours(1));

    @Test
    void progressAboveTheFloorIsCoalescedAndLogsBelowTheLevelAreLeftOut() {
        UUID id = UUID.randomUUID();
        try (Mcp2025TaskMessages.Followed followed = messages.open((e, s) -> handed.add(s))) {
            followed.update(reported(id, ExecutionStatus.WORKING, 2.0));

            signals.progress(progress(id, 2));
            signals.progress(progress(id, 3));
            signals.progress(progress(id, 4));
            signals.log(log(id, LogLevel.DEBUG));
            signals.log(log(id, LogLevel.ERROR));
            List<String> logs = new ArrayList<>();
            handed.forEach(s -> followed.onSignal(id, s, LogLevel.WARNING)
                    .forEach(m -> logs.add(m.at("/params/level").asText())));

            assertThat(logs).containsExactly("error");
            assertThat(followed.dueProgress(System.nanoTime()))
                    .as("at or below the floor dropped, the newest of the rest wins")
                    .hasSize(1)
                    .allSatisfy((e, m) ->
                            assertThat(m.at("/params/progress").asInt()).isEqualTo(4));
            assertThat(followed.onSignal(id, handed.get(4), null))
                    .as("no level: no log messages")
                    .isEmpty();
        }
        assertThat(signals.isWatched(id)).isFalse();
    }

    @Test
    void aTaskReadAsTerminalIsForgottenWithItsPendingProgress() {
        UUID id = UUID.randomUUID();
        try (Mcp2025TaskMessages.Followed followed = messages.open((e, s) -> handed.add(s))) {
            followed.update(reported(id, ExecutionStatus.WORKING, null));
            signals.progress(progress(id, 1));
            handed.forEach(s -> followed.onSignal(id, s, LogLevel.DEBUG));
            assertThat(followed.nextDue(System.nanoTime())).isNotEqualTo(Long.MAX_VALUE);

            followed.update(reported(id, ExecutionStatus.COMPLETED, 1.0));

            assertThat(followed.follows(id)).isFalse();
            assertThat(signals.isWatched(id)).isFalse();
            assertThat(followed.nextDue(System.nanoTime())).isEqualTo(Long.MAX_VALUE);
            assertThat(followed.dueProgress(System.nanoTime())).isEmpty();
            assertThat(followed.onSignal(id, handed.get(0), LogLevel.DEBUG)).isEmpty();
        }
    }

    @Test
    void beyondTheCapATaskIsNotFollowed() {
        try (Mcp2025TaskMessages.Followed followed = messages.open((e, s) -> handed.add(s))) {
            for (int i = 0; i < Mcp2025TaskMessages.MAX_FOLLOWED; i++) {
                followed.update(reported(UUID.randomUUID(), ExecutionStatus.WORKING, null));
            }
            UUID oneTooMany = UUID.randomUUID();

            followed.update(reported(oneTooMany, ExecutionStatus.WORKING, null));

            assertThat(followed.follows(oneTooMany)).isFalse();
            assertThat(signals.isWatched(oneTooMany)).isFalse();
            assertThat(signals.watchedExecutions()).isEqualTo(Mcp2025TaskMessages.MAX_FOLLOWED);
        }
        assertThat(signals.watchedExecutions()).isZero();
    }

    private static Mcp2025TaskStatus.Reported reported(UUID id, ExecutionStatus status, Double progress) {
        return new Mcp2025TaskStatus.Reported(
                "task-" + id,
                JsonNodeFactory.instance.objectNode(),
                Fixtures.withProgress(
                        Fixtures.snapshot(id, "demo.count", status, Surface.MCP_2025),
                        TextNode.valueOf("tok"),
                        progress));
    }

    private static Progress progress(UUID id, double value) {
        return new Progress(UUID.randomUUID(), Instant.now(), id, 1, "w", value, 10.0, null);
    }

    private static LogMessage log(UUID id, LogLevel level) {
        return new LogMessage(UUID.randomUUID(), Instant.now(), id, 1, "w", level, null, TextNode.valueOf("x"));
    }
}
