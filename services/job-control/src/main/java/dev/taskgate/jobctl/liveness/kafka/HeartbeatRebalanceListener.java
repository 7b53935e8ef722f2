package dev.taskgate.jobctl.liveness.kafka;

import java.util.Collection;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.liveness.HeartbeatListening;

/** Tells {@link HeartbeatListening} when the heartbeat consumer of this instance got its partitions. */
@ApplicationScoped
@Identifier("heartbeat-listening")
public class HeartbeatRebalanceListener implements KafkaConsumerRebalanceListener {

    private final HeartbeatListening listening;
    private final DbClock clock;

    HeartbeatRebalanceListener(HeartbeatListening listening, DbClock clock) {
        this.listening = listening;
        this.clock = clock;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (!partitions.isEmpty()) {
            listening.markListening(clock.now());
        }
    }
}
