package dev.taskgate.frontend.mcp.progress;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.payload.RecordPayloads;
import dev.taskgate.testsupport.DevPayloadKeys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The records of ends kept for polls: answered from only while kept (the window, the bytes), only to whom
 * job-control's read would answer, never after a replay through this instance.
 */
class RecentEndsTest {
    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
    private static final Duration WINDOW = Duration.ofSeconds(2);
    private static final Caller ALICE = new Caller("https://issuer.test", "alice", "acme", "demo");
    private static final Caller BOB = new Caller("https://issuer.test", "bob", "acme", "demo");

    private final RecordPayloads payloads = DevPayloadKeys.recordPayloads();
    private final SettableClock clock = new SettableClock(NOW);
    private final RecentEnds ends = new RecentEnds(new CarriedOutcomes(payloads), clock, WINDOW, 1 << 20);
    private final UUID id = UUID.randomUUID();

    @Test
    void anEndReadLatelyAnswersItsOwnerForTheWindow() {
        ExecutionOutcome outcome = outcome(id, "first", NOW.plusSeconds(60));
        ends.ended(id, sealed(id, ALICE, outcome));

        assertThat(ends.find(id, ALICE)).contains(outcome);
        clock.set(NOW.plus(WINDOW).minusMillis(1));
        assertThat(ends.find(id, ALICE)).contains(outcome);
        clock.set(NOW.plus(WINDOW));
        assertThat(ends.find(id, ALICE)).as("the window is over").isEmpty();
    }

    @Test
    void onlyTheOwnerIsAnsweredAndOnlyWhileTheTaskIsVisible() {
        RecentEnds longWindow = new RecentEnds(new CarriedOutcomes(payloads), clock, Duration.ofMinutes(10), 1 << 20);
        longWindow.ended(id, sealed(id, ALICE, outcome(id, "first", NOW.plusSeconds(60))));

        assertThat(longWindow.find(id, BOB)).isEmpty();
        assertThat(longWindow.find(UUID.randomUUID(), ALICE)).isEmpty();
        clock.set(NOW.plusSeconds(60));
        assertThat(longWindow.find(id, ALICE)).as("visible until NOW + 60 s").isEmpty();
    }

    @Test
    void aRecordWithoutAnOutcomeOrThatDoesNotOpenOrOfAnotherExecutionAnswersNothing() {
        UUID bare = UUID.randomUUID();
        UUID unsealed = UUID.randomUUID();
        UUID misfiled = UUID.randomUUID();
        ends.ended(bare, payloads.seal(Wire.toBytes(record(bare, ALICE, null))));
        ends.ended(unsealed, Wire.toBytes(record(unsealed, ALICE, outcome(unsealed, "plain", NOW.plusSeconds(60)))));
        ends.ended(misfiled, sealed(id, ALICE, outcome(id, "first", NOW.plusSeconds(60))));
        ends.ended(id, "not json".getBytes(StandardCharsets.UTF_8));

        assertThat(ends.find(bare, ALICE)).isEmpty();
        assertThat(ends.find(unsealed, ALICE)).isEmpty();
        assertThat(ends.find(misfiled, ALICE))
                .as("keyed under another execution")
                .isEmpty();
        assertThat(ends.find(id, ALICE)).isEmpty();
    }

    @Test
    void aReplayThroughThisInstanceDropsTheEndAndKeepsItFromComingBack() {
        UUID other = UUID.randomUUID();
        ends.ended(id, sealed(id, ALICE, outcome(id, "first", NOW.plusSeconds(60))));
        ends.ended(other, sealed(other, ALICE, outcome(other, "other", NOW.plusSeconds(60))));

        ends.renewed(id);
        assertThat(ends.find(id, ALICE)).isEmpty();
        ends.ended(id, sealed(id, ALICE, outcome(id, "first", NOW.plusSeconds(60))));
        assertThat(ends.find(id, ALICE))
                .as("the record read again after the replay")
                .isEmpty();
        assertThat(ends.find(other, ALICE)).isPresent();
    }

    @Test
    void theOldestEndsLeaveFirstOnceTheirBytesAreSpent() {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID third = UUID.randomUUID();
        byte[] firstRecord = sealed(first, ALICE, outcome(first, "a", NOW.plusSeconds(60)));
        byte[] secondRecord = sealed(second, ALICE, outcome(second, "b", NOW.plusSeconds(60)));
        byte[] thirdRecord = sealed(third, ALICE, outcome(third, "c", NOW.plusSeconds(60)));
        RecentEnds bounded =
                new RecentEnds(new CarriedOutcomes(payloads), clock, WINDOW, secondRecord.length + thirdRecord.length);

        bounded.ended(first, firstRecord);
        bounded.ended(second, secondRecord);
        bounded.ended(third, thirdRecord);

        assertThat(bounded.find(first, ALICE)).isEmpty();
        assertThat(bounded.find(second, ALICE)).isPresent();
        assertThat(bounded.find(third, ALICE)).isPresent();
        RecentEnds tooSmall = new RecentEnds(new CarriedOutcomes(payloads), clock, WINDOW, firstRecord.length - 1);
        tooSmall.ended(first, firstRecord);
        assertThat(tooSmall.find(first, ALICE))
                .as("a record larger than the bound")
                .isEmpty();
    }

    @Test
    void aZeroWindowKeepsNothingAndTheReadIsMade() {
        RecentEnds off = new RecentEnds(new CarriedOutcomes(payloads), clock, Duration.ZERO, 1 << 20);
        ExecutionOutcome read = outcome(id, "read", NOW.plusSeconds(60));
        off.ended(id, sealed(id, ALICE, outcome(id, "first", NOW.plusSeconds(60))));

        assertThat(off.find(id, ALICE)).isEmpty();
        assertThat(off.outcome(id, ALICE, () -> read)).isEqualTo(read);
    }

    @Test
    void theReadIsMadeOnlyWhenNoEndAnswers() {
        ExecutionOutcome carried = outcome(id, "first", NOW.plusSeconds(60));
        ExecutionOutcome read = outcome(id, "read", NOW.plusSeconds(60));
        AtomicInteger reads = new AtomicInteger();
        ends.ended(id, sealed(id, ALICE, carried));

        assertThat(ends.outcome(id, ALICE, () -> {
                    reads.incrementAndGet();
                    return read;
                }))
                .isEqualTo(carried);
        assertThat(reads).hasValue(0);
        assertThat(ends.outcome(id, BOB, () -> {
                    reads.incrementAndGet();
                    return read;
                }))
                .isEqualTo(read);
        assertThat(reads).hasValue(1);
    }

    @Test
    void negativeSettingsAreRefusedNamingTheirKey() {
        CarriedOutcomes outcomes = new CarriedOutcomes(payloads);

        assertThatThrownBy(() -> new RecentEnds(outcomes, clock, Duration.ofMillis(-1), 1))
                .hasMessageContaining("taskgate.frontend.recent-ends.window");
        assertThatThrownBy(() -> new RecentEnds(outcomes, clock, WINDOW, -1))
                .hasMessageContaining("taskgate.frontend.recent-ends.max-bytes");
    }

    private static byte[] sealed(UUID executionId, Caller owner, ExecutionOutcome outcome) {
        return DevPayloadKeys.recordPayloads().seal(Wire.toBytes(record(executionId, owner, outcome)));
    }

    private static ExecutionChanged record(UUID executionId, Caller owner, ExecutionOutcome outcome) {
        JsonNode carried = outcome == null ? null : Wire.mapper().valueToTree(outcome);
        return new ExecutionChanged(
                UUID.randomUUID(),
                NOW,
                executionId,
                ExecutionStatus.COMPLETED,
                NOW.minusSeconds(60),
                NOW,
                "completed",
                owner.orgId(),
                owner.projectId(),
                owner.principal(),
                Surface.MCP_2026,
                carried);
    }

    private static ExecutionOutcome outcome(UUID executionId, String text, Instant visibleUntil) {
        ExecutionSnapshot snapshot = new ExecutionSnapshot(
                executionId,
                "demo.echo",
                "1",
                ExecutionStatus.COMPLETED,
                Surface.MCP_2026,
                NOW.minusSeconds(60),
                NOW,
                null,
                NOW.plusSeconds(600),
                null,
                null,
                null,
                null,
                null,
                visibleUntil,
                null,
                null);
        String result = "{\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}],\"isError\":false}";
        return new ExecutionOutcome(snapshot, result, null);
    }

    private static final class SettableClock extends Clock {
        private volatile Instant now;

        SettableClock(Instant now) {
            this.now = now;
        }

        void set(Instant instant) {
            now = instant;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
