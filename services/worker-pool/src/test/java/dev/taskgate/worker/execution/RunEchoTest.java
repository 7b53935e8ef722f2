package dev.taskgate.worker.execution;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class RunEchoTest {
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void echoReportsStartedThenFinishedWithTheExactResult() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 3, "demo.echo", "{\"zeta\":\"ü\\\"q\",\"alpha\":[true,null,1.5]}"));

            Finished finished = awaitEvent(events, Finished.class, id);

            assertThat(finished.epoch()).isEqualTo(3);
            assertThat(finished.result())
                    .isEqualTo(
                            "{\"content\":[{\"type\":\"text\",\"text\":"
                                    + "\"{\\\"zeta\\\":\\\"ü\\\\\\\"q\\\",\\\"alpha\\\":[true,null,1.5]}\"}],"
                                    + "\"structuredContent\":{\"zeta\":\"ü\\\"q\",\"alpha\":[true,null,1.5]},\"isError\":false}");
            List<WorkerEvent> all = eventsFor(events, id, Duration.ofMillis(300));
            assertThat(all)
                    .extracting(WorkerEvent::kind)
                    .containsExactly(WorkerEvent.Kind.STARTED, WorkerEvent.Kind.FINISHED);
            Started started = (Started) all.get(0);
            assertThat(started.childPid()).isPositive();
            assertThat(started.workerId()).isEqualTo(finished.workerId()).isNotBlank();
        }
    }

    @Test
    void eventsCarryTheExecutionKeyAndTheMessageHeaders() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, 1, "demo.fail", "{\"message\":\"broken on purpose\"}"));

            Finished finished = awaitEvent(events, Finished.class, id);

            assertThat(finished.result())
                    .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"broken on purpose\"}],\"isError\":true}");
            ConsumerRecord<String, byte[]> record = events.drain(Duration.ZERO).stream()
                    .filter(r -> id.toString().equals(r.key()))
                    .reduce((first, second) -> second)
                    .orElseThrow();
            assertThat(header(record, MessageHeaders.MESSAGE_TYPE)).isEqualTo("Finished");
            assertThat(header(record, MessageHeaders.MESSAGE_ID))
                    .isEqualTo(finished.messageId().toString());
        }
    }

    private static String header(ConsumerRecord<String, byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
