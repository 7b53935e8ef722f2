package dev.taskgate.jobctl.liveness.kafka;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;

import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.liveness.HeartbeatListening;

/**
 * Looks at this instance's heartbeat reader every second and tells {@link HeartbeatListening} since when it has been
 * listening (the first look that finds it positioned) and whether the feed is healthy: positioned on every partition,
 * connected to the broker ({@code connection-count} above 0), and not behind ({@code records-lag-max} at most
 * {@value #MAX_LAG} records; a reader that is catching up after an outage reads old heartbeats, so the silences it
 * sees are not yet real).
 */
@ApplicationScoped
public class HeartbeatFeedSampler {
    private static final Logger LOG = Logger.getLogger(HeartbeatFeedSampler.class);
    static final double MAX_LAG = 100;

    private final HeartbeatReader reader;
    private final HeartbeatListening listening;
    private final DbClock clock;
    private volatile Boolean lastHealthy;

    HeartbeatFeedSampler(HeartbeatReader reader, HeartbeatListening listening, DbClock clock) {
        this.reader = reader;
        this.listening = listening;
        this.clock = clock;
    }

    @Scheduled(
            every = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void sample() {
        boolean positioned = reader.isPositioned();
        if (positioned) {
            listening.markListening(clock.now());
        }
        record(isHealthy(positioned, reader.metrics()));
    }

    private void record(boolean healthy) {
        listening.feedSampled(clock.now(), healthy);
        Boolean previous = lastHealthy;
        lastHealthy = healthy;
        if (previous == null || previous != healthy) {
            if (healthy) {
                LOG.infof(
                        "Heartbeat feed healthy: silences count again one heartbeat timeout after a heartbeat is recorded");
            } else {
                LOG.warnf(
                        "Heartbeat feed not positioned, disconnected or behind: no worker is declared lost for silence meanwhile");
            }
        }
    }

    /** Whether a reader positioned or not, with these metrics, is connected and not behind. */
    static boolean isHealthy(boolean positioned, Map<MetricName, ? extends Metric> metrics) {
        if (!positioned) {
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
