package dev.taskgate.jobctl.artifact.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.artifact.StoredArtifact;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

/**
 * {@code jobctl.artifact}: content sealed with the {@link PayloadCipher} (kind {@link PayloadKind#ARTIFACT}, bound to
 * the artifact id) on the way in and opened on the way out. Reads never return a row past {@code expires_at}.
 */
@ApplicationScoped
public class ArtifactRepository {

    private static final String COLUMNS = "id, org_id, project_id, artifact_key, name, media_type, sha256, size, "
            + "content, created_by_execution, created_at, updated_at, expires_at";

    private final PayloadCipher cipher;

    ArtifactRepository(PayloadCipher cipher) {
        this.cipher = cipher;
    }

    /**
     * Inserts the artifact, or replaces the one with the same id (latest wins; {@code created_at} stays).
     *
     * @return always completes with the number of rows written (1)
     */
    public Uni<Integer> save(SqlClient client, StoredArtifact artifact) {
        byte[] sealed = cipher.seal(StoredArtifact.sealingId(artifact.id()), PayloadKind.ARTIFACT, artifact.content());
        return client.preparedQuery("insert into jobctl.artifact (" + COLUMNS + ") values ($1, $2, $3, $4, $5, $6, $7, "
                        + "$8, $9, $10, $11, $12, $13) on conflict (id) do update set artifact_key = excluded.artifact_key, "
                        + "name = excluded.name, media_type = excluded.media_type, sha256 = excluded.sha256, "
                        + "size = excluded.size, content = excluded.content, "
                        + "created_by_execution = excluded.created_by_execution, updated_at = excluded.updated_at, "
                        + "expires_at = excluded.expires_at")
                .execute(Tuple.from(new Object[] {
                    artifact.id(),
                    artifact.orgId(),
                    artifact.projectId(),
                    artifact.key().orElse(null),
                    artifact.name(),
                    artifact.mediaType(),
                    artifact.sha256(),
                    artifact.size(),
                    Buffer.buffer(sealed),
                    artifact.createdBy(),
                    utc(artifact.createdAt()),
                    utc(artifact.updatedAt()),
                    utc(artifact.expiresAt())
                }))
                .map(RowSet::rowCount);
    }

    /** The unexpired artifact with this id in this workspace. */
    public Uni<Optional<StoredArtifact>> findById(
            SqlClient client, String orgId, String projectId, String id, Instant now) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.artifact where id = $1 and org_id = $2 "
                        + "and project_id = $3 and expires_at > $4")
                .execute(Tuple.of(id, orgId, projectId, utc(now)))
                .map(this::first);
    }

    /** The unexpired artifact retained under this key in this workspace. */
    public Uni<Optional<StoredArtifact>> findByKey(
            SqlClient client, String orgId, String projectId, String key, Instant now) {
        return client.preparedQuery("select " + COLUMNS + " from jobctl.artifact where org_id = $1 "
                        + "and project_id = $2 and artifact_key = $3 and expires_at > $4")
                .execute(Tuple.of(orgId, projectId, key, utc(now)))
                .map(this::first);
    }

    /**
     * Deletes at most {@code limit} artifacts past their expiry, skipping rows another sweeper holds.
     *
     * @return how many it deleted
     */
    public Uni<Integer> deleteExpired(SqlClient client, Instant now, int limit) {
        return client.preparedQuery("delete from jobctl.artifact where id in (select id from jobctl.artifact "
                        + "where expires_at <= $1 order by expires_at limit $2 for update skip locked)")
                .execute(Tuple.of(utc(now), limit))
                .map(RowSet::rowCount);
    }

    private Optional<StoredArtifact> first(RowSet<Row> rows) {
        var it = rows.iterator();
        if (!it.hasNext()) {
            return Optional.empty();
        }
        Row row = it.next();
        String id = row.getString("id");
        byte[] content = cipher.open(
                StoredArtifact.sealingId(id),
                PayloadKind.ARTIFACT,
                row.getBuffer("content").getBytes());
        return Optional.of(new StoredArtifact(
                id,
                row.getString("org_id"),
                row.getString("project_id"),
                Optional.ofNullable(row.getString("artifact_key")),
                row.getString("name"),
                row.getString("media_type"),
                row.getString("sha256"),
                row.getLong("size"),
                content,
                row.getUUID("created_by_execution"),
                row.getOffsetDateTime("created_at").toInstant(),
                row.getOffsetDateTime("updated_at").toInstant(),
                row.getOffsetDateTime("expires_at").toInstant()));
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
