package dev.taskgate.jobctl.liveness;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A silence counts only after a whole heartbeat timeout of listening, a healthy feed and every heartbeat recorded: a
 * Kafka outage, a lagging consumer or a PostgreSQL outage suspends settlement until fresh heartbeats had a timeout
 * to arrive (issue 20 item 2).
 */
class HeartbeatListeningTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(6);
    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    private final HeartbeatListening listening = new HeartbeatListening();

    private boolean mayAt(long seconds) {
        return listening.maySettleSilence(TIMEOUT, T0.plusSeconds(seconds));
    }

    @Test
    void silenceCountsAfterATimeoutOfListeningWithAHealthyFeed() {
        assertThat(mayAt(60)).as("not listening").isFalse();
        listening.markListening(T0);
        assertThat(mayAt(60)).as("the feed was never seen healthy").isFalse();
        listening.feedSampled(T0.plusSeconds(1), true);
        assertThat(mayAt(6)).isFalse();
        assertThat(mayAt(7)).isTrue();
        assertThat(listening.suspension(TIMEOUT, T0.plusSeconds(7))).isNull();
    }

    @Test
    void aDisconnectedOrLaggingFeedSuspendsSettlementUntilATimeoutAfterItRecovered() {
        listening.markListening(T0);
        listening.feedSampled(T0, true);
        listening.feedSampled(T0.plusSeconds(1), true); // still healthy: the start stays T0
        assertThat(mayAt(6)).isTrue();

        listening.feedSampled(T0.plusSeconds(10), false); // broker gone, or behind
        assertThat(mayAt(10)).isFalse();
        assertThat(listening.suspension(TIMEOUT, T0.plusSeconds(10))).contains("disconnected or behind");
        assertThat(mayAt(100)).as("however long it lasts").isFalse();

        listening.feedSampled(T0.plusSeconds(100), true);
        listening.heartbeatRecorded(T0.plusSeconds(100));
        listening.feedSampled(T0.plusSeconds(101), true);
        assertThat(mayAt(105)).as("recovered less than a timeout ago").isFalse();
        assertThat(listening.suspension(TIMEOUT, T0.plusSeconds(105))).contains("recovered");
        assertThat(mayAt(106)).isTrue();
    }

    @Test
    void afterAnOutageTheFeedIsHealthyOnlyFromTheFirstHeartbeatRecorded() {
        listening.markListening(T0);
        listening.feedSampled(T0, true);
        listening.feedSampled(T0.plusSeconds(10), false); // the broker is gone

        // back and connected, but it leads no partition yet: nothing comes through for a minute
        for (int s = 40; s <= 100; s++) {
            listening.feedSampled(T0.plusSeconds(s), true);
        }
        assertThat(mayAt(100)).as("connected, but no heartbeat came through").isFalse();
        assertThat(listening.suspension(TIMEOUT, T0.plusSeconds(100))).contains("no heartbeat recorded");

        listening.heartbeatRecorded(T0.plusSeconds(101));
        listening.feedSampled(T0.plusSeconds(102), true);
        assertThat(mayAt(106)).as("a timeout after the first heartbeat").isFalse();
        assertThat(mayAt(107)).isTrue();
    }

    @Test
    void aHeartbeatRecordedWhileTheFeedIsUnhealthyDoesNotEndTheSuspension() {
        listening.markListening(T0);
        listening.feedSampled(T0, true);
        listening.feedSampled(T0.plusSeconds(10), false);
        listening.heartbeatRecorded(T0.plusSeconds(11)); // a last one from before the outage
        listening.feedSampled(T0.plusSeconds(40), true);
        assertThat(mayAt(60)).isFalse();
        listening.heartbeatRecorded(T0.plusSeconds(61));
        assertThat(mayAt(67)).isTrue();
    }

    @Test
    void aHeartbeatThatCouldNotBeRecordedSuspendsSettlementForATimeout() {
        listening.markListening(T0);
        listening.feedSampled(T0, true);
        listening.recordingFailed(T0.plusSeconds(30)); // PostgreSQL away: heartbeats read but not recorded

        assertThat(mayAt(35)).isFalse();
        assertThat(listening.suspension(TIMEOUT, T0.plusSeconds(35))).contains("could not be recorded");
        assertThat(mayAt(36)).isTrue();
    }
}
