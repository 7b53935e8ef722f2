package dev.taskgate.jobctl.liveness.kafka;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The worker heartbeats are read by one consumer per instance that is positioned on every partition and belongs to
 * no consumer group; the feed it gives is healthy.
 */
@QuarkusTest
class HeartbeatReaderTest {
    @Inject
    HeartbeatReader reader;

    @Inject
    JobControlConfig config;

    @Inject
    MeterRegistry registry;

    @Test
    void theHeartbeatsAreReadByOneConsumerInNoConsumerGroup() throws Exception {
        // start-up does not wait for the reader; it is positioned soon after
        await().atMost(Duration.ofSeconds(30)).until(reader::isPositioned);
        assertThat(HeartbeatFeedSampler.isHealthy(reader.isPositioned(), reader.metrics()))
                .as("positioned, connected, not behind")
                .isTrue();
        assertThat(registry.find("kafka.consumer.fetch.manager.records.lag.max")
                        .tag("client.id", HeartbeatReader.CLIENT_ID)
                        .gauges())
                .isNotEmpty();
        assertThat(TestInfra.kafkaGroupIds()).noneMatch(group -> group.contains(config.instanceId()));
    }
}
