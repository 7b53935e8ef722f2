package dev.taskgate.webhooks.support;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.testsupport.KafkaTestClient;

/** Sends {@code ExecutionChanged} records to the component tests' lifecycle topic. */
public final class Lifecycle {
    /** The lifecycle topic under the {@code wh-test.} prefix. */
    public static final String TOPIC = "wh-test.taskgate.lifecycle.v1";

    private Lifecycle() {
    }

    /** A change of this execution to this state in the api's project. */
    public static ExecutionChanged change(Api api, UUID execution, ExecutionStatus state) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        return new ExecutionChanged(UUID.randomUUID(), now, execution, state, now.minusSeconds(3), now,
                state.wireName(), api.org, api.project);
    }

    /** Sends it keyed by execution id, like job-control's outbox. */
    public static void send(KafkaTestClient kafka, ExecutionChanged change) {
        kafka.send(TOPIC, change.executionId().toString(), change);
    }
}
