package dev.taskgate.recordretry;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Set;
import java.util.concurrent.TimeoutException;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;

/**
 * Whether a failure says a dependency is away rather than that the record is bad: PostgreSQL unreachable, restarting,
 * out of connections or closing them, the service's own pool closed as it stops, a serialization conflict or deadlock,
 * or a timeout waiting for any of that.
 * Such a failure says nothing about the record, so the record is kept and handled again once the dependency is back.
 */
public final class TransientFailures {
    // SQLSTATE: class 08 (connection exception) and these: admin/crash shutdown, cannot connect now, too many
    // connections, serialization failure, deadlock
    private static final Set<String> TRANSIENT_STATES = Set.of("57P01", "57P02", "57P03", "53300", "40001", "40P01");

    private static final String POOL_CLOSED = "Pool closed";

    private TransientFailures() {}

    /** Whether {@code failure} (or one of its causes) is a dependency being away. */
    public static boolean isTransient(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException
                    || t instanceof NoRouteToHostException
                    || t instanceof ClosedChannelException
                    || t instanceof ClosedConnectionException
                    || t instanceof TimeoutException) {
                return true;
            }
            if (t instanceof PgException pg && isTransientState(pg.getSqlState())) {
                return true;
            }
            // the Vert.x pool reports a refused or lost connection, an acquisition timeout and its own close with bare
            // messages; it is closed only while the service stops (a rollout), when Kafka may still hand the consumer a
            // record: kept unacknowledged, it goes to the instance that takes the partition over, never to the DLQ
            String message = t.getMessage();
            if (message != null
                    && (message.startsWith("Connection refused")
                            || message.contains("Connection reset")
                            || message.contains("Connection was closed")
                            || message.equals(POOL_CLOSED)
                            || message.startsWith("Timeout"))) {
                return true;
            }
        }
        return false;
    }

    static boolean isTransientState(String sqlState) {
        return sqlState != null && (sqlState.startsWith("08") || TRANSIENT_STATES.contains(sqlState));
    }
}
