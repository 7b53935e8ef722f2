package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class CommandsPoisonRecordTest {

    private static JobControlFixture fixture;

    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "this is not json",
                "{\"type\":\"SubmitExecution\",\"messageId\":\"x\"}",
                "{\"type\":\"LaunchMissiles\"}"
            })
    void aPoisonCommandIsDeadLetteredAndTheNextCommandIsStillHandled(String poison) {
        String marker = "poison-" + UUID.randomUUID();
        double before = deadLettered("commands");
        try (TopicWatcher dlq = fixture.kafka.watch(topic(Topics.COMMANDS + ".dlq"))) {
            fixture.kafka.sendRaw(topic(Topics.COMMANDS), marker, poison.getBytes(StandardCharsets.UTF_8));

            ConsumerRecord<String, byte[]> dead = awaitRecord(dlq, marker);
            assertThat(new String(dead.value(), StandardCharsets.UTF_8)).isEqualTo(poison);
            assertThat(dead.headers().lastHeader(MessageHeaders.DLQ_REASON)).isNotNull();
        }
        // counted before the connector writes the record: already there once it is on the topic
        assertThat(deadLettered("commands") - before).isEqualTo(1.0);
        Caller caller = newCaller();
        Accepted accepted = fixture.submitNew(caller);
        assertThat(accepted.created()).isTrue();
    }

    @Test
    void aPoisonWorkerEventIsDeadLetteredAndTheNextEventIsStillApplied() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String marker = id.toString();
        double before = deadLettered("worker-events");
        try (TopicWatcher dlq = fixture.kafka.watch(topic(Topics.WORKER_EVENTS + ".dlq"))) {
            fixture.kafka.sendRaw(
                    topic(Topics.WORKER_EVENTS),
                    marker,
                    "{\"type\":\"Started\",\"epoch\":\"one\"}".getBytes(StandardCharsets.UTF_8));
            awaitRecord(dlq, marker);
        }
        assertThat(deadLettered("worker-events") - before).isEqualTo(1.0);
        fixture.report(JobControlFixture.started(id, 1));
        JobControlFixture.awaitStatus(caller, id, ExecutionStatus.WORKING);
    }

    private double deadLettered(String topic) {
        return registry.get("taskgate.dead.letters")
                .tag("topic", topic)
                .counter()
                .count();
    }

    private static ConsumerRecord<String, byte[]> awaitRecord(TopicWatcher watcher, String key) {
        return await().atMost(WAIT)
                .until(
                        () -> watcher.drain(Duration.ofMillis(200)).stream()
                                .filter(r -> key.equals(r.key()))
                                .findFirst(),
                        java.util.Optional::isPresent)
                .orElseThrow();
    }
}
