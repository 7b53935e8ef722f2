package dev.taskgate.worker.execution.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.TestInfra;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.execution.DispatchRunner;

import static dev.taskgate.worker.WorkerTestRecords.CONTROL;
import static dev.taskgate.worker.WorkerTestRecords.awaitControlConsumerLive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The control topic is read by one consumer per instance that is assigned every partition and belongs to no consumer
 * group; a record it cannot apply is dead-lettered, and the signals after it are applied.
 */
@QuarkusTest
class ControlReaderTest {
    private static KafkaTestClient kafka;

    @Inject
    @Readiness
    ControlReadiness readiness;

    @Inject
    WorkerConfig config;

    @Inject
    MeterRegistry registry;

    @Inject
    DispatchRunner runner;

    @Inject
    StartupOrderProbe probe;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void theControlTopicIsReadByOneConsumerInNoConsumerGroup() throws Exception {
        // start-up waited until the reader was positioned
        assertThat(readiness.call().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(registry.find("kafka.consumer.fetch.manager.records.lag.max")
                        .tag("client.id", ControlReader.CLIENT_ID)
                        .gauges())
                .isNotEmpty();
        assertThat(TestInfra.kafkaGroupIds()).noneMatch(group -> group.contains(config.instanceId()));
    }

    @Test
    void theReaderIsPositionedBeforeTheChildPoolStarts() {
        // a run needs a child: had the pool started first, a run could ask for a commit grant the reader then skips
        assertThat(probe.controlReadyBeforeChildren()).isTrue();
    }

    @Test
    void aControlRecordThatCannotBeAppliedIsDeadLetteredAndTheNextIsApplied() {
        String key = UUID.randomUUID().toString();
        try (TopicWatcher dlq = kafka.watch(CONTROL + ".dlq")) {
            kafka.sendRaw(CONTROL, key, "not a control signal".getBytes(StandardCharsets.UTF_8));

            await().atMost(Duration.ofSeconds(60))
                    .until(() -> dlq.drain(Duration.ofMillis(200)).stream().anyMatch(r -> deadLettered(r, key)));
        }
        awaitControlConsumerLive(kafka, runner);
    }

    private static boolean deadLettered(ConsumerRecord<String, byte[]> record, String key) {
        return key.equals(record.key())
                && record.headers().lastHeader(MessageHeaders.DLQ_TOPIC) != null
                && CONTROL.equals(new String(
                        record.headers().lastHeader(MessageHeaders.DLQ_TOPIC).value(), StandardCharsets.UTF_8))
                && record.headers().lastHeader(MessageHeaders.DLQ_REASON) != null;
    }
}
