package dev.taskgate.jobctl.submit.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.submit.Receipt;

/** Plain-SQL access to {@code jobctl.receipt}. */
@ApplicationScoped
public class ReceiptRepository {

    /**
     * Inserts the receipt unless one exists for (principal, workspace, key). A concurrent insert of the same key
     * waits for the other transaction and then inserts nothing: this is what decides which submission creates the
     * execution.
     *
     * @return whether this call inserted it
     */
    public Uni<Boolean> insertIfAbsent(
            SqlClient client,
            String principal,
            String workspace,
            String receiptKey,
            byte[] fingerprint,
            String toolName,
            String toolVersion,
            UUID executionId,
            Instant at) {
        return client.preparedQuery("insert into jobctl.receipt (principal, workspace, receipt_key, fingerprint, "
                        + "tool_name, tool_version, execution_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8) "
                        + "on conflict (principal, workspace, receipt_key) do nothing")
                .execute(Tuple.from(Arrays.asList(
                        principal,
                        workspace,
                        receiptKey,
                        Buffer.buffer(fingerprint),
                        toolName,
                        toolVersion,
                        executionId,
                        OffsetDateTime.ofInstant(at, ZoneOffset.UTC))))
                .map(rows -> rows.rowCount() == 1);
    }

    /** The receipt for (principal, workspace, key), if any. */
    public Uni<Optional<Receipt>> find(SqlClient client, String principal, String workspace, String receiptKey) {
        return client.preparedQuery("select fingerprint, execution_id from jobctl.receipt "
                        + "where principal = $1 and workspace = $2 and receipt_key = $3")
                .execute(Tuple.of(principal, workspace, receiptKey))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return Optional.empty();
                    }
                    Row row = it.next();
                    return Optional.of(
                            new Receipt(row.getBuffer("fingerprint").getBytes(), row.getUUID("execution_id")));
                });
    }
}
