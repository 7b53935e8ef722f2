package dev.taskgate.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.execution.DispatchRunner;
import dev.taskgate.worker.execution.ExecutionKey;

import static org.awaitility.Awaitility.await;

/** Records and topic names for the component tests (topic prefix {@code wp-test.}, as in the test profile). */
public final class WorkerTestRecords {
    public static final String PREFIX = "wp-test.";
    public static final String WORK = PREFIX + Topics.WORK;
    public static final String CONTROL = PREFIX + Topics.CONTROL;
    public static final String EVENTS = PREFIX + Topics.WORKER_EVENTS;
    public static final String PROGRESS = PREFIX + Topics.PROGRESS;
    public static final String HEARTBEATS = PREFIX + Topics.WORKER_HEARTBEATS;
    public static final Duration EVENT_TIMEOUT = Duration.ofSeconds(30);

    private WorkerTestRecords() {}

    public static JsonNode json(String text) {
        try {
            return Wire.mapper().readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    public static RunOperation run(UUID executionId, long epoch, String operation, String input) {
        return run(executionId, epoch, operation, input, Instant.now().plus(Duration.ofHours(1)));
    }

    public static RunOperation run(UUID executionId, long epoch, String operation, String input, Instant deadline) {
        return new RunOperation(
                UUID.randomUUID(), Instant.now(), executionId, 1, epoch, operation, "1", json(input), deadline);
    }

    public static void send(KafkaTestClient kafka, RunOperation run) {
        kafka.send(WORK, run.executionId().toString(), run);
    }

    public static void stop(KafkaTestClient kafka, UUID executionId, long epoch) {
        kafka.send(
                CONTROL,
                executionId.toString(),
                new StopRequested(UUID.randomUUID(), Instant.now(), executionId, epoch, "test"));
    }

    /** Waits for the first event of this kind for the execution. */
    public static <T extends WorkerEvent> T awaitEvent(TopicWatcher events, Class<T> type, UUID executionId) {
        WorkerEvent event = events.await(
                WorkerEvent.class, e -> type.isInstance(e) && e.executionId().equals(executionId), EVENT_TIMEOUT);
        return type.cast(event);
    }

    /** Every worker event for the execution seen so far plus those arriving within {@code window}, in order. */
    public static List<WorkerEvent> eventsFor(TopicWatcher events, UUID executionId, Duration window) {
        return events.drain(window).stream()
                .filter(r -> executionId.toString().equals(r.key()))
                .map(ConsumerRecord::value)
                .map(v -> Wire.fromBytes(DevPayloadKeys.opened(v), WorkerEvent.class))
                .toList();
    }

    /**
     * Sends throw-away stop requests until the control consumer has read one: its group starts at the latest
     * offset, so a signal sent before its partitions are assigned would be missed. The first goes out at once (no
     * poll delay), the next every 100 ms.
     */
    public static void awaitControlConsumerLive(KafkaTestClient kafka, DispatchRunner runner) {
        UUID probe = UUID.randomUUID();
        await().atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    stop(kafka, probe, 1);
                    return runner.isStopRemembered(new ExecutionKey(probe, 1));
                });
    }
}
