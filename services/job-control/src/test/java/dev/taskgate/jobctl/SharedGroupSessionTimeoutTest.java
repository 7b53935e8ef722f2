package dev.taskgate.jobctl;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The channels whose partitions the job-control instances share (group {@code job-control}) hand a dead instance's
 * partitions to the survivors within the worker heartbeat timeout (6 s), not Kafka's default 45 s, and heartbeat
 * often enough (at most a third of the session) that a live instance is not mistaken for a dead one. Found by
 * ChaosE2E: with the default, a job-control SIGKILL held up the submissions of the callers keyed to its partitions
 * for 45 s.
 */
class SharedGroupSessionTimeoutTest {
    private static final int WORKER_HEARTBEAT_TIMEOUT_MS = 6000;

    @ParameterizedTest
    @ValueSource(strings = {"commands-in", "worker-events-in"})
    void aDeadInstancesPartitionsMoveWithinTheHeartbeatTimeout(String channel) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            properties.load(in);
        }
        String prefix = "mp.messaging.incoming." + channel + ".";
        assertThat(properties.getProperty(prefix + "group.id")).isEqualTo("${taskgate.topic-prefix:}job-control");
        int session = Integer.parseInt(properties.getProperty(prefix + "session.timeout.ms", "45000"));
        int heartbeat = Integer.parseInt(properties.getProperty(prefix + "heartbeat.interval.ms", "3000"));

        assertThat(session).isLessThanOrEqualTo(WORKER_HEARTBEAT_TIMEOUT_MS);
        assertThat(heartbeat * 3).isLessThanOrEqualTo(session);
    }
}
