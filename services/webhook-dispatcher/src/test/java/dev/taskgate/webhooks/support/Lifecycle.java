package dev.taskgate.webhooks.support;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.testsupport.KafkaTestClient;

/** Sends {@code ExecutionChanged} records to the component tests' lifecycle topic. */
public final class Lifecycle {
    /** The lifecycle topic under the {@code wh-test.} prefix. */
    public static final String TOPIC = "wh-test.taskgate.lifecycle.v1";

    private Lifecycle() {}

    /** The owner of the tests' executions ({@code Caller.principal()} form). */
    public static final String PRINCIPAL = "https://taskgate.local/dev alice";
    /** The test profile's handle key ({@code %test.taskgate.handles.key}). */
    public static final ExecutionHandles HANDLES =
            ExecutionHandles.withBase64Key("dGVzdC1vbmx5LWhhbmRsZS1rZXktZm9yLXRhc2tnYXRlIQ==");

    /** A change of this execution to this state in the api's project, created by {@link #PRINCIPAL} over REST. */
    public static ExecutionChanged change(Api api, UUID execution, ExecutionStatus state) {
        return change(api, execution, state, PRINCIPAL, Surface.REST);
    }

    /** A change with this owner and surface (null for both: a record of an older job-control). */
    public static ExecutionChanged change(
            Api api, UUID execution, ExecutionStatus state, String principal, Surface surface) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        return new ExecutionChanged(
                UUID.randomUUID(),
                now,
                execution,
                state,
                now.minusSeconds(3),
                now,
                state.wireName(),
                api.org,
                api.project,
                principal,
                surface);
    }

    /** The public handle the execution's caller saw. */
    public static String handle(Api api, UUID execution, Surface surface) {
        return HANDLES.mint(
                execution, surface, new Caller("https://taskgate.local/dev", "alice", api.org, api.project));
    }

    /** Sends it keyed by execution id, like job-control's outbox. */
    public static void send(KafkaTestClient kafka, ExecutionChanged change) {
        kafka.send(TOPIC, change.executionId().toString(), change);
    }
}
