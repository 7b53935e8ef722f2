package dev.taskgate.e2e;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.taskgate.testsupport.DevDatabaseRoles;

/**
 * What the chaos test reads from job-control's tables (schema {@code jobctl}) to prove and count recovery, in the
 * database its cluster runs on.
 */
final class ChaosDb {
    /** An execution a killed worker owned, at the epoch it ran under. */
    record Held(UUID id, long epoch) {}

    /** The recovery columns of one execution. */
    record Row(
            UUID id,
            String state,
            long epoch,
            int replacements,
            String replacedFrom,
            String statusMessage,
            String errorCode,
            String errorMessage) {}

    private final String jdbcUrl;

    ChaosDb(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    /** Running executions whose current epoch was started by {@code workerId}. */
    List<Held> heldBy(String workerId) throws SQLException {
        List<Held> held = new ArrayList<>();
        try (Connection c = connect();
                PreparedStatement s =
                        c.prepareStatement("select id, epoch from jobctl.execution where owner_worker_id = ? "
                                + "and state in ('working', 'input_required')")) {
            s.setString(1, workerId);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    held.add(new Held(r.getObject(1, UUID.class), r.getLong(2)));
                }
            }
        }
        return held;
    }

    /** Of {@code held}, those settled: terminal, or moved on to a later epoch (a replacement or reconciliation). */
    List<UUID> settled(List<Held> held) throws SQLException {
        List<UUID> settled = new ArrayList<>();
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement("select state, epoch from jobctl.execution where id = ?")) {
            for (Held h : held) {
                s.setObject(1, h.id());
                try (ResultSet r = s.executeQuery()) {
                    if (r.next()
                            && (r.getLong(2) > h.epoch()
                                    || List.of("completed", "failed", "cancelled")
                                            .contains(r.getString(1)))) {
                        settled.add(h.id());
                    }
                }
            }
        }
        return settled;
    }

    /** Every execution of the given principals, by id. */
    Map<UUID, Row> executionsOf(List<String> principals) throws SQLException {
        Map<UUID, Row> rows = new HashMap<>();
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement(
                        "select id, state, epoch, replacements, replaced_from_frontier, status_message, error_code, "
                                + "error_message from jobctl.execution where principal = any(?)")) {
            Array array = c.createArrayOf("text", principals.toArray());
            s.setArray(1, array);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    UUID id = r.getObject(1, UUID.class);
                    rows.put(
                            id,
                            new Row(
                                    id,
                                    r.getString(2),
                                    r.getLong(3),
                                    r.getInt(4),
                                    r.getString(5),
                                    r.getString(6),
                                    r.getString(7),
                                    r.getString(8)));
                }
            }
        }
        return rows;
    }

    /** Receipts of the given principals: receipt key → execution id. */
    Map<String, UUID> receiptsOf(List<String> principals) throws SQLException {
        Map<String, UUID> receipts = new HashMap<>();
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement(
                        "select receipt_key, execution_id from jobctl.receipt where principal = any(?)")) {
            s.setArray(1, c.createArrayOf("text", principals.toArray()));
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    UUID previous = receipts.put(r.getString(1), r.getObject(2, UUID.class));
                    if (previous != null) {
                        throw new AssertionError("receipt key " + r.getString(1) + " used by two principals");
                    }
                }
            }
        }
        return receipts;
    }

    /** Journal entries per execution id (the table's primary key allows one; counted anyway, as the proof). */
    Map<UUID, List<String>> journalPlanHashes(List<UUID> executions) throws SQLException {
        Map<UUID, List<String>> entries = new HashMap<>();
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement(
                        "select execution_id, plan_hash from jobctl.transaction_journal where execution_id = any(?)")) {
            s.setArray(1, c.createArrayOf("uuid", executions.toArray()));
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    entries.computeIfAbsent(r.getObject(1, UUID.class), k -> new ArrayList<>())
                            .add(r.getString(2));
                }
            }
        }
        return entries;
    }

    private Connection connect() throws SQLException {
        return DevDatabaseRoles.JOBCTL.connect(jdbcUrl);
    }
}
