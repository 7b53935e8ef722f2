package dev.taskgate.worker.execution;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.event.Stopped;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.InputProvided;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.Schemas;

import static dev.taskgate.worker.WorkerTestRecords.CONTROL;
import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitControlConsumerLive;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static dev.taskgate.worker.WorkerTestRecords.stop;
import static org.assertj.core.api.Assertions.assertThat;

/** demo.confirm in a real child: the request goes out as InputRequested, the answer comes back as InputProvided. */
@QuarkusTest
class RunConfirmInputTest {
    private static KafkaTestClient kafka;

    @Inject
    DispatchRunner runner;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @BeforeEach
    void controlConsumerIsLive() {
        awaitControlConsumerLive(kafka, runner);
    }

    private static void answer(UUID id, long epoch, String key, String response) {
        kafka.send(
                CONTROL,
                id.toString(),
                new InputProvided(UUID.randomUUID(), Instant.now(), id, epoch, key, json(response)));
    }

    @Test
    void theAnswerReachesTheChildWhichCompletesWithIt() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 2, "demo.confirm", "{\"message\":\"Proceed?\"}"));

            InputRequested requested = awaitEvent(events, InputRequested.class, id);
            assertThat(requested.epoch()).isEqualTo(2);
            assertThat(requested.requests()).containsOnlyKeys("confirm");
            assertThat(requested.requests().get("confirm").at("/params/message").asText())
                    .isEqualTo("Proceed?");
            // the record as published, its requests sealed, holds to the contract
            byte[] published = events.drain(Duration.ZERO).stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .map(ConsumerRecord::value)
                    .filter(v -> Wire.fromBytes(DevPayloadKeys.opened(v), WorkerEvent.class) instanceof InputRequested)
                    .findFirst()
                    .orElseThrow();
            assertThat(Schemas.validateKafkaRecord(Topics.WORKER_EVENTS, Wire.fromBytes(published, JsonNode.class)))
                    .isEmpty();

            answer(id, 2, "confirm", "{\"action\":\"accept\",\"content\":{\"confirm\":true}}");

            Finished finished = awaitEvent(events, Finished.class, id);
            assertThat(finished.result())
                    .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"The user chose "
                            + "accept: {\\\"confirm\\\":true}\"}],\"structuredContent\":{\"action\":\"accept\",\"content\":"
                            + "{\"confirm\":true}},\"isError\":false}");
        }
    }

    @Test
    void answersForAnotherEpochOrAnotherKeyAreIgnored() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 3, "demo.confirm", "{}"));
            awaitEvent(events, InputRequested.class, id);

            answer(id, 2, "confirm", "{\"action\":\"accept\",\"content\":{\"confirm\":true}}");
            answer(id, 3, "other", "{\"action\":\"accept\",\"content\":{\"confirm\":true}}");
            assertThat(eventsFor(events, id, Duration.ofSeconds(1)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.FINISHED);

            answer(id, 3, "confirm", "{\"action\":\"decline\"}");

            assertThat(awaitEvent(events, Finished.class, id).result()).contains("The user chose decline.");
        }
    }

    @Test
    void aStopWhileWaitingForInputEndsTheRunAsStopped() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.confirm", "{}"));
            awaitEvent(events, InputRequested.class, id);

            stop(kafka, id, 1);

            assertThat(awaitEvent(events, Stopped.class, id).message()).isEqualTo("stopped while waiting for input");
        }
    }
}
