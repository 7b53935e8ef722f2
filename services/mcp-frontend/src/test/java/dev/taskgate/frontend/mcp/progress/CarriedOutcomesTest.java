package dev.taskgate.frontend.mcp.progress;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

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

/**
 * Opening the outcome a lifecycle record carries, and whom it may answer: only what job-control's own read would
 * answer, else nothing (the request then reads).
 */
class CarriedOutcomesTest {
    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
    private static final Caller ALICE = new Caller("https://issuer.test", "alice", "acme", "demo");
    private static final String RESULT = "{\"content\":[],\"isError\":false}";

    private final RecordPayloads payloads = DevPayloadKeys.recordPayloads();
    private final CarriedOutcomes outcomes = new CarriedOutcomes(payloads);
    private final UUID id = UUID.randomUUID();

    @Test
    void aSealedOutcomeOfTheRecordsExecutionAndStateOpens() {
        ExecutionOutcome outcome = outcome(id, ExecutionStatus.COMPLETED, NOW.plusSeconds(60), null);

        CarriedOutcome carried = open(ExecutionStatus.COMPLETED, ALICE, outcome);

        assertThat(carried.outcome()).isEqualTo(outcome);
        assertThat(carried.readableBy(ALICE, NOW)).contains(outcome);
    }

    @Test
    void anOutcomeOfAnotherExecutionOrStateIsLeftOut() {
        ExecutionOutcome other = outcome(UUID.randomUUID(), ExecutionStatus.COMPLETED, NOW.plusSeconds(60), null);
        ExecutionOutcome failed = outcome(id, ExecutionStatus.FAILED, NOW.plusSeconds(60), null);

        assertThat(open(ExecutionStatus.COMPLETED, ALICE, other)).isNull();
        assertThat(open(ExecutionStatus.COMPLETED, ALICE, failed)).isNull();
    }

    @Test
    void anOutcomeOnANonTerminalChangeOrWithoutOneIsLeftOut() {
        ExecutionOutcome working = outcome(id, ExecutionStatus.WORKING, NOW.plusSeconds(60), null);

        assertThat(open(ExecutionStatus.WORKING, ALICE, working)).isNull();
        assertThat(open(ExecutionStatus.COMPLETED, ALICE, null)).isNull();
    }

    @Test
    void anOutcomeSealedUnderAnotherRingIsLeftOut() {
        RecordPayloads stranger = DevPayloadKeys.recordPayloads(
                List.of("other-1:" + Base64.getEncoder().encodeToString(new byte[32])));
        ExecutionChanged record = record(
                ExecutionStatus.COMPLETED, ALICE, outcome(id, ExecutionStatus.COMPLETED, NOW.plusSeconds(60), null));
        byte[] sealed = stranger.seal(Wire.toBytes(record));

        assertThat(outcomes.open(Wire.fromBytes(sealed, ExecutionChanged.class)))
                .isNull();
    }

    @Test
    void onlyTheOwnerInItsWorkspaceReadsIt() {
        CarriedOutcome carried = open(
                ExecutionStatus.COMPLETED, ALICE, outcome(id, ExecutionStatus.COMPLETED, NOW.plusSeconds(60), null));

        assertThat(carried.readableBy(new Caller("https://issuer.test", "bob", "acme", "demo"), NOW))
                .isEmpty();
        assertThat(carried.readableBy(new Caller("https://other.test", "alice", "acme", "demo"), NOW))
                .isEmpty();
        assertThat(carried.readableBy(new Caller("https://issuer.test", "alice", "acme", "ops"), NOW))
                .isEmpty();
        assertThat(carried.readableBy(new Caller("https://issuer.test", "alice", "other", "demo"), NOW))
                .isEmpty();
        assertThat(new CarriedOutcome(carried.outcome(), null, "acme", "demo").readableBy(ALICE, NOW))
                .as("an older producer's record names no owner")
                .isEmpty();
    }

    @Test
    void nothingIsReadPastRetentionOrTheTasksVisibility() {
        CarriedOutcome retained = open(
                ExecutionStatus.COMPLETED, ALICE, outcome(id, ExecutionStatus.COMPLETED, NOW.plusSeconds(60), null));
        CarriedOutcome visible = open(
                ExecutionStatus.COMPLETED,
                ALICE,
                outcome(id, ExecutionStatus.COMPLETED, NOW.plusSeconds(600), NOW.plusSeconds(60)));

        assertThat(retained.readableBy(ALICE, NOW.plusSeconds(60))).isEmpty();
        assertThat(visible.readableBy(ALICE, NOW.plusSeconds(59))).isPresent();
        assertThat(visible.readableBy(ALICE, NOW.plusSeconds(60))).isEmpty();
    }

    private CarriedOutcome open(ExecutionStatus state, Caller owner, ExecutionOutcome outcome) {
        byte[] sealed = payloads.seal(Wire.toBytes(record(state, owner, outcome)));
        return outcomes.open(Wire.fromBytes(sealed, ExecutionChanged.class));
    }

    private ExecutionChanged record(ExecutionStatus state, Caller owner, ExecutionOutcome outcome) {
        JsonNode carried = outcome == null ? null : Wire.mapper().valueToTree(outcome);
        return new ExecutionChanged(
                UUID.randomUUID(),
                NOW,
                id,
                state,
                NOW.minus(1, ChronoUnit.MINUTES),
                NOW,
                state.wireName(),
                owner.orgId(),
                owner.projectId(),
                owner.principal(),
                Surface.REST,
                carried);
    }

    private static ExecutionOutcome outcome(
            UUID executionId, ExecutionStatus status, Instant retentionExpiresAt, Instant visibleUntil) {
        ExecutionSnapshot snapshot = new ExecutionSnapshot(
                executionId,
                "demo.echo",
                "1",
                status,
                Surface.REST,
                NOW.minusSeconds(60),
                NOW,
                null,
                retentionExpiresAt,
                null,
                null,
                null,
                null,
                null,
                visibleUntil,
                null,
                null);
        return new ExecutionOutcome(snapshot, status == ExecutionStatus.COMPLETED ? RESULT : null, null);
    }
}
