package dev.taskgate.jobctl.session.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.session.McpSession;

/** Plain-SQL access to {@code jobctl.mcp_session}; every statement is one round trip and filters by owner. */
@ApplicationScoped
public class McpSessionRepository {

    /**
     * Creates a session.
     *
     * @return false when a session with this hash exists already (a 256-bit collision: the caller retries)
     */
    public Uni<Boolean> insert(
            SqlClient client,
            byte[] idHash,
            String principal,
            String workspace,
            String protocolVersion,
            byte[] clientCapabilities,
            Instant at) {
        return client.preparedQuery("insert into jobctl.mcp_session (id_hash, principal, workspace, protocol_version, "
                        + "client_capabilities, created_at, last_used_at) values ($1, $2, $3, $4, $5, $6, $6) "
                        + "on conflict (id_hash) do nothing")
                .execute(Tuple.of(
                        Buffer.buffer(idHash),
                        principal,
                        workspace,
                        protocolVersion,
                        Buffer.buffer(clientCapabilities),
                        ts(at)))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Renews and returns the owner's live session: not ended and used after {@code idleSince}. One statement, so
     * a concurrent end or expiry can never be missed.
     */
    public Uni<Optional<McpSession>> use(
            SqlClient client, byte[] idHash, String principal, String workspace, Instant idleSince, Instant at) {
        return client.preparedQuery("update jobctl.mcp_session set last_used_at = greatest(last_used_at, $5) "
                        + "where id_hash = $1 and principal = $2 and workspace = $3 and ended_at is null "
                        + "and last_used_at > $4 "
                        + "returning protocol_version, client_capabilities, created_at, last_used_at, log_level")
                .execute(Tuple.of(Buffer.buffer(idHash), principal, workspace, ts(idleSince), ts(at)))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? Optional.of(map(it.next())) : Optional.empty();
                });
    }

    /**
     * Sets the minimum log level of the owner's live session and renews it, like {@link #use}.
     *
     * @return whether a live session was changed
     */
    public Uni<Boolean> setLogLevel(
            SqlClient client,
            byte[] idHash,
            String principal,
            String workspace,
            Instant idleSince,
            Instant at,
            LogLevel level) {
        return client.preparedQuery("update jobctl.mcp_session set log_level = $6, "
                        + "last_used_at = greatest(last_used_at, $5) "
                        + "where id_hash = $1 and principal = $2 and workspace = $3 and ended_at is null "
                        + "and last_used_at > $4")
                .execute(Tuple.of(Buffer.buffer(idHash), principal, workspace, ts(idleSince), ts(at), level.wireName()))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Ends the owner's live session.
     *
     * @return whether a live session was ended
     */
    public Uni<Boolean> end(
            SqlClient client, byte[] idHash, String principal, String workspace, Instant idleSince, Instant at) {
        return client.preparedQuery("update jobctl.mcp_session set ended_at = $5 "
                        + "where id_hash = $1 and principal = $2 and workspace = $3 and ended_at is null "
                        + "and last_used_at > $4")
                .execute(Tuple.of(Buffer.buffer(idHash), principal, workspace, ts(idleSince), ts(at)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Deletes up to {@code limit} sessions ended or idle before {@code before}. */
    public Uni<Integer> deleteStale(SqlClient client, Instant before, int limit) {
        return client.preparedQuery("delete from jobctl.mcp_session where id_hash in (select id_hash from "
                        + "jobctl.mcp_session where coalesce(ended_at, last_used_at) < $1 limit $2)")
                .execute(Tuple.of(ts(before), limit))
                .map(rows -> rows.rowCount());
    }

    private static McpSession map(Row row) {
        return new McpSession(
                row.getString("protocol_version"),
                Wire.fromBytes(
                        row.getBuffer("client_capabilities").getBytes(), com.fasterxml.jackson.databind.JsonNode.class),
                instant(row.getOffsetDateTime("created_at")),
                instant(row.getOffsetDateTime("last_used_at")),
                row.getString("log_level") == null
                        ? null
                        : LogLevel.of(row.getString("log_level")).orElseThrow());
    }

    private static OffsetDateTime ts(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
