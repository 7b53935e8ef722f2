package dev.taskgate.jobctl.journal;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.journal.JournalFile;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.journal.CommitDecisions.Action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CommitDecisionsTest {

    private static final String H1 = "sha256:" + "1".repeat(64);
    private static final String H2 = "sha256:" + "2".repeat(64);
    private static final String PLAN = "sha256:" + "a".repeat(64);
    private static final String OTHER_PLAN = "sha256:" + "b".repeat(64);

    @Test
    void bindsTheFirstRequestOfARunningMutation() {
        assertThat(CommitDecisions.decide(
                                execution(ExecutionStatus.WORKING, 3, true, false), request(3, PLAN), Optional.empty())
                        .action())
                .isEqualTo(Action.BIND);
    }

    @Test
    void grantsARedeliveryOfTheBindingRequestAgainAndRefusesEveryOtherRequest() {
        CommitRequested first = request(1, PLAN);
        Optional<BoundPlan> bound = Optional.of(new BoundPlan(1, first.messageId(), first.plan()));
        Execution running = execution(ExecutionStatus.WORKING, 1, true, false);

        assertThat(CommitDecisions.decide(running, first, bound).action()).isEqualTo(Action.GRANT_AGAIN);
        assertThat(CommitDecisions.decide(running, request(1, PLAN), bound))
                .isEqualTo(new CommitDecisions.Decision(
                        Action.REFUSE,
                        "this execution's journal entry is already bound; a plan is committed only once"));
        assertThat(CommitDecisions.decide(running, request(1, OTHER_PLAN), bound))
                .isEqualTo(new CommitDecisions.Decision(
                        Action.REFUSE, "another plan is already bound to this execution's journal entry"));
        assertThat(CommitDecisions.decide(execution(ExecutionStatus.WORKING, 2, true, false), request(2, PLAN), bound)
                        .action())
                .as("a later epoch never binds again")
                .isEqualTo(Action.REFUSE);
    }

    @ParameterizedTest
    @EnumSource(value = ExecutionStatus.class, names = "WORKING", mode = EnumSource.Mode.EXCLUDE)
    void refusesUnlessWorking(ExecutionStatus state) {
        assertThat(CommitDecisions.decide(execution(state, 1, true, false), request(1, PLAN), Optional.empty()))
                .isEqualTo(new CommitDecisions.Decision(
                        Action.REFUSE, "the execution is " + state.wireName() + ", not working"));
    }

    @Test
    void refusesAnotherEpochAReadOnlyOperationAndACancelledOne() {
        assertThat(CommitDecisions.decide(
                                execution(ExecutionStatus.WORKING, 2, true, false), request(1, PLAN), Optional.empty())
                        .reason())
                .isEqualTo("epoch 1 is not the execution's current dispatch");
        assertThat(CommitDecisions.decide(
                                execution(ExecutionStatus.WORKING, 1, false, false), request(1, PLAN), Optional.empty())
                        .reason())
                .isEqualTo("only mutating operations commit through the transaction journal");
        assertThat(CommitDecisions.decide(
                                execution(ExecutionStatus.WORKING, 1, true, true), request(1, PLAN), Optional.empty())
                        .reason())
                .isEqualTo("its cancellation was requested before the commit boundary");
    }

    @Test
    void aPlanThatChangesNothingCannotEvenBeExpressed() {
        assertThatThrownBy(() -> new JournalEntry(PLAN, "nothing", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JournalFile("a.txt", H1, H1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JournalFile("../a.txt", H1, H2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JournalFile("/etc/a", H1, H2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JournalFile("a.txt", "md5:x", H2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JournalEntry(
                        PLAN, "twice", List.of(new JournalFile("a", H1, H2), new JournalFile("a", H1, H2))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static CommitRequested request(long epoch, String planHash) {
        return new CommitRequested(
                UUID.randomUUID(),
                Instant.now(),
                UUID.randomUUID(),
                epoch,
                "w-1",
                new JournalEntry(planHash, "replace x", List.of(new JournalFile("src/a.txt", H1, H2))));
    }

    private static Execution execution(ExecutionStatus state, long epoch, boolean mutating, boolean cancelled) {
        Instant now = Instant.parse("2026-03-02T10:00:00Z");
        return new Execution(
                UUID.randomUUID(),
                "alice",
                "ws",
                "acme",
                "demo",
                Surface.REST,
                "demo.rewrite",
                "1",
                state,
                epoch,
                1,
                null,
                null,
                null,
                null,
                null,
                cancelled ? now : null,
                now,
                now,
                now.plusSeconds(3600),
                now.plusSeconds(7200),
                mutating,
                null);
    }
}
