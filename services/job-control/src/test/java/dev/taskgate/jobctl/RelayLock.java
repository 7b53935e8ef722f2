package dev.taskgate.jobctl;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;

/** The outbox relay's lock, held by a connection of the test as another instance's relay pass holds it. */
public final class RelayLock {

    private RelayLock() {}

    /**
     * Runs the body while the lock is held (taken first, waiting for a pass that holds it): no pass of this instance
     * publishes anything meanwhile. Afterwards the transaction is rolled back, which frees the lock.
     */
    public static void heldDuring(Pool pool, Runnable body) {
        SqlConnection connection = pool.getConnection().await().atMost(WAIT);
        try {
            Transaction transaction = connection.begin().await().atMost(WAIT);
            connection
                    .query("select pg_advisory_xact_lock(hashtext('jobctl.outbox-relay'))")
                    .execute()
                    .await()
                    .atMost(WAIT);
            try {
                body.run();
            } finally {
                transaction.rollback().await().atMost(WAIT);
            }
        } finally {
            connection.close().await().atMost(WAIT);
        }
    }
}
