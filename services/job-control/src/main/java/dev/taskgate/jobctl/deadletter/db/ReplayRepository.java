package dev.taskgate.jobctl.deadletter.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.deadletter.DeadLetterPosition;

/** Plain-SQL access to {@code jobctl.dead_letter_replay}; callers pass the connection (of their transaction). */
@ApplicationScoped
public class ReplayRepository {

    /** What is remembered of a replayed record. */
    public record Replay(int replays, Instant lastReplayedAt) {}

    /**
     * Counts one more replay of the record (the first one inserts the row); answers the count including this one.
     * A concurrent replay of the same record waits for this transaction, then counts on top of it.
     */
    public Uni<Integer> countReplay(SqlClient client, DeadLetterPosition record, String operator, Instant at) {
        OffsetDateTime now = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
        return client.preparedQuery(
                        "insert into jobctl.dead_letter_replay (topic, record_partition, record_offset, "
                                + "replays, first_replayed_at, last_replayed_at, last_replayed_by) values ($1, $2, $3, 1, $4, "
                                + "$4, $5) on conflict (topic, record_partition, record_offset) do update set replays = "
                                + "dead_letter_replay.replays + 1, last_replayed_at = $4, last_replayed_by = $5 returning replays")
                .execute(Tuple.of(record.topic(), record.partition(), record.offset(), now, operator))
                .map(rows -> rows.iterator().next().getInteger("replays"));
    }

    /** The replays of those of {@code records} that were replayed, by position. */
    public Uni<Map<DeadLetterPosition, Replay>> find(SqlClient client, List<DeadLetterPosition> records) {
        if (records.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        String[] topics = records.stream().map(DeadLetterPosition::topic).toArray(String[]::new);
        Integer[] partitions =
                records.stream().map(DeadLetterPosition::partition).toArray(Integer[]::new);
        Long[] offsets = records.stream().map(DeadLetterPosition::offset).toArray(Long[]::new);
        return client.preparedQuery("select r.topic, r.record_partition, r.record_offset, r.replays, "
                        + "r.last_replayed_at from jobctl.dead_letter_replay r join unnest($1::text[], $2::int[], "
                        + "$3::bigint[]) as q(topic, record_partition, record_offset) using (topic, record_partition, "
                        + "record_offset)")
                .execute(Tuple.of(topics, partitions, offsets))
                .map(rows -> {
                    Map<DeadLetterPosition, Replay> found = new HashMap<>();
                    for (Row row : rows) {
                        found.put(
                                DeadLetterPosition.of(
                                        row.getString("topic"),
                                        row.getInteger("record_partition"),
                                        row.getLong("record_offset")),
                                new Replay(
                                        row.getInteger("replays"),
                                        row.getOffsetDateTime("last_replayed_at")
                                                .toInstant()));
                    }
                    return found;
                });
    }
}
