package dev.taskgate.jobctl.db;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnectOptions;

import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Transactions} against the test PostgreSQL, through a proxy on loopback: the first statement goes out
 * without waiting for {@code BEGIN}'s answer, and the transaction commits or rolls back as {@code withTransaction}
 * does. What a transaction writes is a setting of the session ({@code set_config(…, false)}: kept by a commit, undone
 * by a rollback), so no table is needed; one connection in the pool, so that every transaction has the same session.
 */
class TransactionsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private Vertx vertx;
    private AnswerHoldingProxy proxy;
    private Pool pool;

    @BeforeEach
    void connect() throws Exception {
        vertx = Vertx.vertx();
        proxy = new AnswerHoldingProxy(TestInfra.pgPort());
        SqlConnectOptions options = new SqlConnectOptions()
                .setHost("127.0.0.1")
                .setPort(proxy.port())
                .setDatabase("taskgate_test")
                .setUser(DevDatabaseRoles.JOBCTL.user())
                .setPassword(DevDatabaseRoles.JOBCTL.password());
        pool = Pool.pool(vertx, options, new PoolOptions().setMaxSize(1));
        // the one connection is opened now: its start-up exchange is not what a hold should catch
        pool.query("select 1").execute().await().atMost(WAIT);
    }

    @AfterEach
    void close() throws Exception {
        pool.close().await().atMost(WAIT);
        proxy.close();
        vertx.close().await().atMost(WAIT);
    }

    @Test
    void theFirstStatementIsSentBeforeBeginIsAnswered() {
        proxy.holdAnswersUntilSent("pipelined_probe");

        // waiting for BEGIN's answer before sending the statement would never get one: the proxy holds it back
        Integer answer = Transactions.within(
                        pool,
                        tx -> tx.query("select 7 as pipelined_probe")
                                .execute()
                                .map(rows -> rows.iterator().next().getInteger(0)))
                .await()
                .atMost(WAIT);

        assertThat(answer).isEqualTo(7);
        assertThat(inTransaction())
                .as("the connection is back outside any transaction")
                .isFalse();
    }

    @Test
    void aTransactionWhoseWorkSucceedsIsCommitted() {
        Transactions.within(pool, tx -> insert(tx, 1).flatMap(v -> insert(tx, 2)))
                .await()
                .atMost(WAIT);

        assertThat(written()).isEqualTo("12");
    }

    @Test
    void aFailingStatementRollsBackWhatCameBeforeItAndIsTheFailure() {
        assertThatThrownBy(() -> Transactions.within(
                                pool,
                                tx -> insert(tx, 1)
                                        .flatMap(v -> tx.query("select * from no_such_table")
                                                .execute()))
                        .await()
                        .atMost(WAIT))
                .isInstanceOf(io.vertx.sqlclient.DatabaseException.class)
                .hasMessageContaining("no_such_table");

        assertThat(written()).isEmpty();
        assertThat(inTransaction()).isFalse();
    }

    @Test
    void workThatFailsAfterItsStatementsRollsBackAndIsTheFailure() {
        IllegalStateException refused = new IllegalStateException("refused by the work");

        assertThatThrownBy(() -> Transactions.within(
                                pool,
                                tx -> insert(tx, 1)
                                        .flatMap(v -> Uni.createFrom().<Void>failure(refused)))
                        .await()
                        .atMost(WAIT))
                .isSameAs(refused);

        assertThat(written()).isEmpty();
    }

    @Test
    void workThatThrowsBeforeAnyStatementLeavesTheConnectionUsable() {
        IllegalStateException refused = new IllegalStateException("thrown while building the work");

        assertThatThrownBy(() -> Transactions.<Void>within(pool, tx -> {
                            throw refused;
                        })
                        .await()
                        .atMost(WAIT))
                .isSameAs(refused);

        Transactions.within(pool, tx -> insert(tx, 3)).await().atMost(WAIT);
        assertThat(written()).isEqualTo("3");
        assertThat(inTransaction()).isFalse();
    }

    /** Appends {@code n} to the session's probe setting. */
    private static Uni<Void> insert(SqlConnection tx, int n) {
        return tx.query("select set_config('tx_probe.written', coalesce(current_setting('tx_probe.written', true), '')"
                        + " || '" + n + "', false)")
                .execute()
                .replaceWithVoid();
    }

    /** What committed transactions appended to the probe setting. */
    private String written() {
        String value = pool.query("select current_setting('tx_probe.written', true)")
                .execute()
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getString(0);
        return value == null ? "" : value;
    }

    /** Whether the pool's one connection is inside a transaction: now() and statement_timestamp() differ there. */
    private boolean inTransaction() {
        return pool.query("select now() <> statement_timestamp()")
                .execute()
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getBoolean(0);
    }
}
