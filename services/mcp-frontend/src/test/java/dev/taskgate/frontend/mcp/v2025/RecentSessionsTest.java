package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.session.McpSession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link RecentSessions} on a clock the test moves: the recheck, the owner key, forgetting, the bound. */
class RecentSessionsTest {
    private static final Duration RECHECK = Duration.ofSeconds(1);
    private static final Caller ALICE = new Caller("https://issuer.test", "alice", "acme", "demo");
    private static final Caller ALICE_ELSEWHERE = new Caller("https://issuer.test", "alice", "acme", "other");
    private static final Caller BOB = new Caller("https://issuer.test", "bob", "acme", "demo");
    private static final McpSession SESSION =
            new McpSession("2025-11-25", JsonNodeFactory.instance.objectNode(), Instant.EPOCH, Instant.EPOCH);

    private final AtomicLong clock = new AtomicLong(1_000);
    private final RecentSessions recent = new RecentSessions(RECHECK, 2, clock::get);

    @Test
    void aSessionServesUntilTheRecheckHasPassedSinceItWasAskedFor() {
        long askedAt = clock.get();
        recent.remember("h1", ALICE, SESSION, recent.ticket(), askedAt);

        clock.addAndGet(RECHECK.toNanos() - 1);
        assertThat(recent.find("h1", ALICE)).contains(SESSION);
        clock.addAndGet(1);
        assertThat(recent.find("h1", ALICE)).isEmpty();
        assertThat(recent.size()).as("the expired entry left").isZero();
    }

    @Test
    void onlyTheOwnerIsServed() {
        recent.remember("h1", ALICE, SESSION, recent.ticket(), clock.get());

        assertThat(recent.find("h1", BOB)).isEmpty();
        assertThat(recent.find("h1", ALICE_ELSEWHERE)).isEmpty();
        assertThat(recent.find("h2", ALICE)).isEmpty();
        assertThat(recent.find("h1", ALICE)).contains(SESSION);
    }

    @Test
    void aForgottenSessionIsGoneAndAnAnswerAskedForBeforeTheForgetIsNotRemembered() {
        recent.remember("h1", ALICE, SESSION, recent.ticket(), clock.get());
        long before = recent.ticket(); // a lookup starts, then the session is ended here

        recent.forget("h1", ALICE);
        recent.remember("h1", ALICE, SESSION, before, clock.get());

        assertThat(recent.find("h1", ALICE)).isEmpty();
        recent.remember("h1", ALICE, SESSION, recent.ticket(), clock.get());
        assertThat(recent.find("h1", ALICE))
                .as("a lookup started after the forget")
                .contains(SESSION);
    }

    @Test
    void theLeastRecentlyUsedLeavesBeyondTheBound() {
        recent.remember("h1", ALICE, SESSION, recent.ticket(), clock.get());
        recent.remember("h2", ALICE, SESSION, recent.ticket(), clock.get());
        assertThat(recent.find("h1", ALICE)).isPresent(); // h2 is now the least recently used

        recent.remember("h3", ALICE, SESSION, recent.ticket(), clock.get());

        assertThat(recent.find("h2", ALICE)).isEmpty();
        assertThat(recent.find("h1", ALICE)).isPresent();
        assertThat(recent.find("h3", ALICE)).isPresent();
    }

    @Test
    void aZeroRecheckRemembersNothingAndANegativeOneIsRefused() {
        RecentSessions never = new RecentSessions(Duration.ZERO, 2, clock::get);
        never.remember("h1", ALICE, SESSION, never.ticket(), clock.get());

        assertThat(never.find("h1", ALICE)).isEmpty();
        assertThat(never.size()).isZero();
        assertThatThrownBy(() -> new RecentSessions(Duration.ofMillis(-1), 2, clock::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("taskgate.frontend.mcp.session-recheck");
    }
}
