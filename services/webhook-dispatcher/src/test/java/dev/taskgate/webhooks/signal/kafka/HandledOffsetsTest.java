package dev.taskgate.webhooks.signal.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HandledOffsetsTest {
    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);
    private static final Duration INTERVAL = Duration.ofSeconds(1);

    private final AtomicLong nanos = new AtomicLong();
    private final HandledOffsets offsets = new HandledOffsets(nanos::get);

    @Test
    void aCommitIsDueWhenIdleOrOnceTheIntervalHasPassedAndOnlyWithSomethingUncommitted() {
        assertThat(offsets.due(INTERVAL, true)).isFalse();
        offsets.handled(P0, 4);
        assertThat(offsets.due(INTERVAL, false)).isFalse();
        assertThat(offsets.due(INTERVAL, true)).isTrue();
        nanos.addAndGet(INTERVAL.toNanos());
        assertThat(offsets.due(INTERVAL, false)).isTrue();

        assertThat(offsets.takeForCommit()).isEqualTo(Map.of(P0, new OffsetAndMetadata(5)));
        assertThat(offsets.due(INTERVAL, true)).isFalse();
        assertThat(offsets.all()).isEqualTo(Map.of(P0, new OffsetAndMetadata(5)));
    }

    @Test
    void aFailedCommitIsRetriedUnlessALaterPositionIsWaitingOrThePartitionWasRevoked() {
        offsets.handled(P0, 4);
        offsets.handled(P1, 9);
        Map<TopicPartition, OffsetAndMetadata> first = offsets.takeForCommit();
        offsets.handled(P0, 7);
        offsets.remove(List.of(P1));

        offsets.commitFailed(first);

        assertThat(offsets.takeForCommit()).isEqualTo(Map.of(P0, new OffsetAndMetadata(8)));
    }

    @Test
    void aRewindResumesAfterTheLastHandledRecordOfTheBatchOrAtItsFirst() {
        assertThat(offsets.nextAfter(P0, 10)).isEqualTo(10);
        offsets.handled(P0, 11);
        assertThat(offsets.nextAfter(P0, 10)).isEqualTo(12);
        assertThat(offsets.of(List.of(P0, P1))).isEqualTo(Map.of(P0, new OffsetAndMetadata(12)));
    }
}
