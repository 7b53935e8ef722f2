package dev.taskgate.recordretry;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A record whose handling fails because PostgreSQL is away is kept — handled again for as long as the outage lasts,
 * reported as an outage meanwhile — and a record that fails for any other reason is tried a few times and then given up (to
 * be dead-lettered). The outage is a real one: the PostgreSQL client of the service refused by a closed port.
 */
class RecordRetryTest {
    private final DependencyOutage outage = new DependencyOutage();
    private final RecordRetry retry = new RecordRetry(outage, Duration.ofMillis(1), Duration.ofMillis(5));

    @Test
    void theClientsOwnFailureForAnUnreachableDatabaseIsTransient() throws Exception {
        Throwable refused = unreachableDatabaseFailure();

        assertThat(TransientFailures.isTransient(refused))
                .as(refused.toString())
                .isTrue();
    }

    @Test
    void connectionStatesAreTransientAndErrorsAboutTheRecordAreNot() {
        for (String state : new String[] {"08006", "08001", "57P01", "57P03", "53300", "40001", "40P01"}) {
            assertThat(TransientFailures.isTransient(new PgException("m", "FATAL", state, null)))
                    .as(state)
                    .isTrue();
        }
        for (String state : new String[] {"42601", "23505", "22P02", "23514"}) {
            assertThat(TransientFailures.isTransient(new PgException("m", "ERROR", state, null)))
                    .as(state)
                    .isFalse();
        }
        assertThat(TransientFailures.isTransient(new IllegalArgumentException("record without a value")))
                .isFalse();
        assertThat(TransientFailures.isTransient(new IllegalStateException("wrapped", unreachableDatabaseFailure())))
                .as("a cause counts")
                .isTrue();
    }

    @Test
    void aRecordIsHandledAgainForAsLongAsTheDatabaseIsAwayAndReadinessSaysSo() {
        Throwable away = unreachableDatabaseFailure();
        AtomicInteger attempts = new AtomicInteger();
        AtomicBoolean downWhileAway = new AtomicBoolean(true);
        Uni<String> handling = Uni.createFrom().deferred(() -> {
            int attempt = attempts.incrementAndGet();
            if (attempt > 1) {
                downWhileAway.compareAndSet(true, outage.isWaiting());
            }
            return attempt <= 3 * RecordRetry.ATTEMPTS
                    ? Uni.createFrom().failure(away)
                    : Uni.createFrom().item("applied");
        });

        String result = retry.handle("worker-events-in", handling).await().atMost(Duration.ofSeconds(30));

        assertThat(result).isEqualTo("applied");
        assertThat(attempts).as("far beyond the attempts a bad record gets").hasValue(3 * RecordRetry.ATTEMPTS + 1);
        assertThat(downWhileAway).as("the outage was reported while it lasted").isTrue();
        assertThat(outage.isWaiting()).as("and up again after it").isFalse();
    }

    @Test
    void aRecordThatFailsForAnotherReasonIsGivenUpAfterAFewAttempts() {
        AtomicInteger attempts = new AtomicInteger();
        Uni<String> handling = Uni.createFrom().deferred(() -> {
            attempts.incrementAndGet();
            return Uni.createFrom().failure(new PgException("duplicate key", "ERROR", "23505", null));
        });

        assertThatThrownBy(() -> retry.handle("commands-in", handling).await().atMost(Duration.ofSeconds(30)))
                .isInstanceOf(PgException.class);
        assertThat(attempts).hasValue(RecordRetry.ATTEMPTS + 1);
        assertThat(outage.isWaiting()).isFalse();
    }

    @Test
    void aRecordHandledWhileTheServiceClosesItsPoolIsKeptNeverGivenUp() {
        Throwable closed = closedPoolFailure();
        assertThat(TransientFailures.isTransient(closed)).as(closed.toString()).isTrue();

        // a rollout stops the instance: until it exits the record is handled again, never dead-lettered; left
        // unacknowledged, it goes to the instance that takes the partition over
        AtomicInteger attempts = new AtomicInteger();
        Uni<String> handling = Uni.createFrom()
                .deferred(() -> attempts.incrementAndGet() <= 3 * RecordRetry.ATTEMPTS
                        ? Uni.createFrom().failure(closed)
                        : Uni.createFrom().item("applied"));

        assertThat(retry.handle("commands-in", handling).await().atMost(Duration.ofSeconds(30)))
                .isEqualTo("applied");
        assertThat(attempts).as("far beyond the attempts a bad record gets").hasValue(3 * RecordRetry.ATTEMPTS + 1);
    }

    /** What the service's PostgreSQL client fails with once the pool was closed (Quarkus closes it as it stops). */
    private static Throwable closedPoolFailure() {
        Vertx vertx = Vertx.vertx();
        try {
            Pool pool = PgBuilder.pool()
                    .connectingTo(new PgConnectOptions()
                            .setHost("127.0.0.1")
                            .setPort(1)
                            .setDatabase("none")
                            .setUser("none")
                            .setPassword("none"))
                    .using(vertx)
                    .build();
            pool.close().toCompletionStage().toCompletableFuture().join();
            try {
                pool.query("select 1")
                        .execute()
                        .toCompletionStage()
                        .toCompletableFuture()
                        .join();
                throw new AssertionError("a query on a closed pool succeeded");
            } catch (java.util.concurrent.CompletionException e) {
                return e.getCause();
            }
        } finally {
            vertx.close();
        }
    }

    /** What the service's PostgreSQL client fails with when nothing listens on the database's port. */
    private static Throwable unreachableDatabaseFailure() {
        Vertx vertx = Vertx.vertx();
        try {
            int closedPort;
            try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                closedPort = socket.getLocalPort();
            }
            Pool pool = PgBuilder.pool()
                    .connectingTo(new PgConnectOptions()
                            .setHost("127.0.0.1")
                            .setPort(closedPort)
                            .setDatabase("none")
                            .setUser("none")
                            .setPassword("none"))
                    .using(vertx)
                    .build();
            try {
                pool.query("select 1")
                        .execute()
                        .toCompletionStage()
                        .toCompletableFuture()
                        .join();
                throw new AssertionError("a query on a closed port succeeded");
            } catch (java.util.concurrent.CompletionException e) {
                return e.getCause();
            } finally {
                pool.close();
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            vertx.close();
        }
    }
}
