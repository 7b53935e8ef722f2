package dev.taskgate.jobctl.upstream.db;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamJson;

/**
 * Plain-SQL access to {@code jobctl.upstream_registration}; callers pass the connection (of their transaction). The
 * credential's value comes and goes sealed: this class never opens it.
 */
@ApplicationScoped
public class UpstreamRegistrationRepository {
    private static final Logger LOG = Logger.getLogger(UpstreamRegistrationRepository.class);
    private static final String COLUMNS = "id, definition::text as definition, credential_header, credential_value, "
            + "workspace, created_at, updated_at, revision";

    /** Inserts a new registration unless its id or namespace is taken; whether it did. */
    public Uni<Boolean> insert(SqlClient client, StoredUpstream upstream) {
        return client.preparedQuery("insert into jobctl.upstream_registration (id, namespace, definition, "
                        + "credential_header, credential_value, workspace, created_at, updated_at, revision) "
                        + "values ($1, $2, $3::text::jsonb, $4, $5, $6, $7, $8, $9) on conflict do nothing")
                .execute(Tuple.from(Arrays.asList(
                        upstream.id(),
                        upstream.definition().namespace(),
                        definitionText(upstream),
                        upstream.credentialHeader(),
                        sealed(upstream),
                        upstream.workspace(),
                        at(upstream.createdAt()),
                        at(upstream.updatedAt()),
                        upstream.revision())))
                .map(rows -> rows.rowCount() == 1);
    }

    /** The registration {@code id}; {@code forUpdate} locks its row for the caller's transaction. */
    public Uni<Optional<StoredUpstream>> find(SqlClient client, String id, boolean forUpdate) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.upstream_registration where id = $1"
                        + (forUpdate ? " for update" : ""))
                .execute(Tuple.of(id))
                .map(rows -> rows.size() == 0
                        ? Optional.empty()
                        : Optional.of(read(rows.iterator().next())));
    }

    /** Every registration, by id. */
    public Uni<List<StoredUpstream>> all(SqlClient client) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.upstream_registration order by id")
                .execute()
                .map(UpstreamRegistrationRepository::readAll);
    }

    /**
     * Replaces the registration {@code next.id()} if its revision is still {@code expectedRevision}; the new row has
     * {@code next}'s contents and revision. The caller checks first that the new namespace is free.
     *
     * @return whether it was replaced
     */
    public Uni<Boolean> update(SqlClient client, StoredUpstream next, long expectedRevision) {
        return client.preparedQuery(
                        "update jobctl.upstream_registration set namespace = $2, definition = $3::text::jsonb, "
                                + "credential_header = $4, credential_value = $5, updated_at = $6, revision = $7 "
                                + "where id = $1 and revision = $8")
                .execute(Tuple.from(Arrays.asList(
                        next.id(),
                        next.definition().namespace(),
                        definitionText(next),
                        next.credentialHeader(),
                        sealed(next),
                        at(next.updatedAt()),
                        next.revision(),
                        expectedRevision)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Deletes the registration {@code id}; whether there was one. */
    public Uni<Boolean> delete(SqlClient client, String id) {
        return client.preparedQuery("delete from jobctl.upstream_registration where id = $1")
                .execute(Tuple.of(id))
                .map(rows -> rows.rowCount() == 1);
    }

    // one unreadable row (written by a newer version, or by hand) does not hide the others
    private static List<StoredUpstream> readAll(RowSet<Row> rows) {
        List<StoredUpstream> found = new ArrayList<>();
        for (Row row : rows) {
            try {
                found.add(read(row));
            } catch (RuntimeException e) {
                LOG.errorf(
                        "Registered upstream unreadable, left out [upstream=%s reason=%s]",
                        row.getString("id"), e.getMessage());
            }
        }
        return found;
    }

    private static StoredUpstream read(Row row) {
        var sealed = row.getBuffer("credential_value");
        return new StoredUpstream(
                UpstreamJson.parse(
                        Wire.fromBytes(row.getString("definition").getBytes(StandardCharsets.UTF_8), JsonNode.class),
                        UpstreamJson.FIELDS,
                        node -> {
                            throw new IllegalStateException("a stored upstream definition holds a credential");
                        }),
                row.getString("credential_header"),
                sealed == null ? null : sealed.getBytes(),
                row.getString("workspace"),
                row.getOffsetDateTime("created_at").toInstant(),
                row.getOffsetDateTime("updated_at").toInstant(),
                row.getLong("revision"));
    }

    private static String definitionText(StoredUpstream upstream) {
        return UpstreamJson.write(upstream.definition()).toString();
    }

    private static Buffer sealed(StoredUpstream upstream) {
        return upstream.sealedCredential() == null ? null : Buffer.buffer(upstream.sealedCredential());
    }

    private static OffsetDateTime at(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
