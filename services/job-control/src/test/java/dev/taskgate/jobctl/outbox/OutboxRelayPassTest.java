package dev.taskgate.jobctl.outbox;

import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.JobControlFixture;
import dev.taskgate.jobctl.RelayLock;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The relay's pass takes its lock and its batch in one statement: what it answers without the lock, and after; its
 * fallback timer asks for a pass only when rows are waiting.
 */
@QuarkusTest
class OutboxRelayPassTest {

    @Inject
    Pool pool;

    @Inject
    OutboxRelay relay;

    @Test
    void aPassWithoutTheLockPublishesNothingAndTheRowsGoOnceItIsFree() {
        UUID messageId = UUID.randomUUID();
        // another instance's pass: holds the relay lock until it ends
        RelayLock.heldDuring(pool, () -> {
            insertRow(messageId);

            assertThat(relay.relayBatch().await().atMost(WAIT)).isEqualTo(OutboxRelay.LOCK_HELD_ELSEWHERE);
            assertThat(count(pool, "select count(*) from jobctl.outbox where message_id = $1", messageId))
                    .as("nothing is published or deleted without the lock")
                    .isEqualTo(1);
        });

        // the relay's own passes (woken by its timer) take the lock now, publish the row and delete it
        await().atMost(WAIT)
                .until(() -> count(pool, "select count(*) from jobctl.outbox where message_id = $1", messageId) == 0);
        await().atMost(WAIT).until(() -> relay.relayBatch().await().atMost(WAIT) == 0);
    }

    @Test
    void theFallbackTimerAsksForAPassOnlyWhenRowsAreWaiting() {
        await().atMost(WAIT).until(() -> count(pool, "select count(*) from jobctl.outbox") == 0);
        assertThat(relay.needsPass().await().atMost(WAIT))
                .as("an empty outbox: no pass, no transaction")
                .isFalse();

        UUID messageId = UUID.randomUUID();
        // held, so that the relay cannot publish the row while the test looks
        RelayLock.heldDuring(pool, () -> {
            insertRow(messageId);
            assertThat(relay.needsPass().await().atMost(WAIT)).isTrue();
        });
        await().atMost(WAIT)
                .until(() -> count(pool, "select count(*) from jobctl.outbox where message_id = $1", messageId) == 0);
    }

    private void insertRow(UUID messageId) {
        JobControlFixture.insertOutboxRow(pool, messageId, "{}");
    }
}
