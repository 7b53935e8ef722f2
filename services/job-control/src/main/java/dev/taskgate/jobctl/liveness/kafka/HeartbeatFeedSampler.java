package dev.taskgate.jobctl.liveness.kafka;

import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.liveness.HeartbeatListening;

/**
 * Looks at this instance's heartbeat consumer every second, on its polling thread, and tells
 * {@link HeartbeatListening} whether the feed is healthy: it holds partitions of the heartbeat topic (after a broker
 * restart the consumer is connected again well before its group gives it back its partitions, and until then it
 * reads nothing), it is connected to the broker ({@code connection-count} above 0), and it is not behind
 * ({@code records-lag-max} at most {@value #MAX_LAG} records; a consumer that is catching up after an outage reads
 * old heartbeats, so the silences it sees are not yet real).
 */
@ApplicationScoped
public class HeartbeatFeedSampler {
    private static final Logger LOG = Logger.getLogger(HeartbeatFeedSampler.class);
    static final String CHANNEL = "heartbeats-in";
    static final double MAX_LAG = 100;

    private final KafkaClientService clients;
    private final HeartbeatListening listening;
    private final DbClock clock;
    private volatile Boolean lastHealthy;

    HeartbeatFeedSampler(KafkaClientService clients, HeartbeatListening listening, DbClock clock) {
        this.clients = clients;
        this.listening = listening;
        this.clock = clock;
    }

    @Scheduled(
            every = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> sample() {
        KafkaConsumer<Object, Object> consumer = clients.getConsumer(CHANNEL);
        if (consumer == null) {
            record(false, "no heartbeat consumer");
            return Uni.createFrom().voidItem();
        }
        Function<Consumer<Object, Object>, Boolean> look = c -> isHealthy(c.assignment(), c.metrics());
        return consumer.runOnPollingThread(look)
                .onFailure()
                .recoverWithItem(false)
                .invoke(healthy -> record(healthy, null))
                .replaceWithVoid();
    }

    private void record(boolean healthy, String why) {
        listening.feedSampled(clock.now(), healthy);
        Boolean previous = lastHealthy;
        lastHealthy = healthy;
        if (previous == null || previous != healthy) {
            if (healthy) {
                LOG.infof(
                        "Heartbeat feed healthy: silences count again one heartbeat timeout after a heartbeat is recorded");
            } else {
                LOG.warnf(
                        "Heartbeat feed disconnected or behind%s: no worker is declared lost for silence meanwhile",
                        why == null ? "" : " (" + why + ")");
            }
        }
    }

    /** Whether a consumer with this assignment and these metrics holds partitions, is connected and not behind. */
    static boolean isHealthy(Set<TopicPartition> assignment, Map<MetricName, ? extends Metric> metrics) {
        if (assignment.isEmpty()) {
            return false;
        }
        double connections = value(metrics, "consumer-metrics", "connection-count");
        double lag = value(metrics, "consumer-fetch-manager-metrics", "records-lag-max");
        return connections > 0 && (Double.isNaN(lag) || lag <= MAX_LAG);
    }

    private static double value(Map<MetricName, ? extends Metric> metrics, String group, String name) {
        for (Map.Entry<MetricName, ? extends Metric> entry : metrics.entrySet()) {
            MetricName metric = entry.getKey();
            if (metric.group().equals(group)
                    && metric.name().equals(name)
                    && !metric.tags().containsKey("topic")
                    && !metric.tags().containsKey("partition")) {
                Object value = entry.getValue().metricValue();
                return value instanceof Number n ? n.doubleValue() : Double.NaN;
            }
        }
        return Double.NaN;
    }
}
