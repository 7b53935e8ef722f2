package dev.taskgate.webhooks.signal.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a reader stands in each of its partitions (the offset after the last record it handled) and which of those
 * positions the group has not been told yet. Used on the reader's thread only (commit callbacks run there too).
 */
final class HandledOffsets {
    private final Map<TopicPartition, Long> next = new HashMap<>();
    private final Map<TopicPartition, Long> uncommitted = new HashMap<>();
    private final LongSupplier nanoClock;
    private long lastCommitNanos;

    HandledOffsets() {
        this(System::nanoTime);
    }

    HandledOffsets(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        this.lastCommitNanos = nanoClock.getAsLong();
    }

    void handled(TopicPartition partition, long offset) {
        next.merge(partition, offset + 1, Math::max);
        uncommitted.merge(partition, offset + 1, Math::max);
    }

    /** Where to resume {@code partition} in a batch whose first record was at {@code first}. */
    long nextAfter(TopicPartition partition, long first) {
        return Math.max(first, next.getOrDefault(partition, first));
    }

    /**
     * Whether to commit now: something is uncommitted, and either the reader is idle (its poll came back empty) or
     * the last commit is at least {@code interval} old.
     */
    boolean due(Duration interval, boolean idle) {
        return !uncommitted.isEmpty() && (idle || nanoClock.getAsLong() - lastCommitNanos >= interval.toNanos());
    }

    /** The uncommitted positions, now counted as committed. */
    Map<TopicPartition, OffsetAndMetadata> takeForCommit() {
        Map<TopicPartition, OffsetAndMetadata> offsets = asOffsets(uncommitted);
        uncommitted.clear();
        lastCommitNanos = nanoClock.getAsLong();
        return offsets;
    }

    /** A commit of these failed: they are uncommitted again, unless a later position is already waiting. */
    void commitFailed(Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((partition, offset) -> {
            if (next.containsKey(partition)) {
                uncommitted.merge(partition, offset.offset(), Math::max);
            }
        });
    }

    /** Every position held, committed or not. */
    Map<TopicPartition, OffsetAndMetadata> all() {
        return asOffsets(next);
    }

    /** The positions held of these partitions. */
    Map<TopicPartition, OffsetAndMetadata> of(Collection<TopicPartition> partitions) {
        Map<TopicPartition, Long> of = new HashMap<>();
        for (TopicPartition partition : partitions) {
            Long position = next.get(partition);
            if (position != null) {
                of.put(partition, position);
            }
        }
        return asOffsets(of);
    }

    /** Forgets these partitions (revoked or lost). */
    void remove(Collection<TopicPartition> partitions) {
        for (TopicPartition partition : partitions) {
            next.remove(partition);
            uncommitted.remove(partition);
        }
    }

    private static Map<TopicPartition, OffsetAndMetadata> asOffsets(Map<TopicPartition, Long> positions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        positions.forEach((partition, position) -> offsets.put(partition, new OffsetAndMetadata(position)));
        return offsets;
    }
}
