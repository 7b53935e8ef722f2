package dev.taskgate.contracts;

import java.util.List;

/**
 * Kafka topic names (without the optional deployment prefix). The major version lives in the name:
 * a breaking change to a record means a new topic, never an in-place edit.
 */
public final class Topics {
    /** frontend → job-control requests; keyed by receipt namespace (submit) or execution id. */
    public static final String COMMANDS = "taskgate.commands.v1";
    /** job-control → the asking frontend instance; keyed by the frontend instance id. */
    public static final String COMMAND_REPLIES = "taskgate.command-replies.v1";
    /** job-control outbox → worker-pool: operations to run. */
    public static final String WORK = "taskgate.work.v1";
    /** job-control outbox → worker-pool: stop requests and other control signals. */
    public static final String CONTROL = "taskgate.control.v1";
    /** worker-pool → job-control: reports about running executions. */
    public static final String WORKER_EVENTS = "taskgate.worker-events.v1";
    /** worker-pool → job-control: instance liveness; keyed by worker instance. */
    public static final String WORKER_HEARTBEATS = "taskgate.worker-heartbeats.v1";
    /** job-control outbox → webhook-dispatcher and frontends: thin state changes. */
    public static final String LIFECYCLE = "taskgate.lifecycle.v1";
    /** worker-pool → frontends: best-effort progress for callers that asked for it. */
    public static final String PROGRESS = "taskgate.progress.v1";

    /** Every topic with the partition count the local stack and the tests create it with. */
    public static final List<TopicSpec> ALL = List.of(
            new TopicSpec(COMMANDS, 6),
            new TopicSpec(COMMAND_REPLIES, 3),
            new TopicSpec(WORK, 6),
            new TopicSpec(CONTROL, 3),
            new TopicSpec(WORKER_EVENTS, 6),
            new TopicSpec(WORKER_HEARTBEATS, 3),
            new TopicSpec(LIFECYCLE, 6),
            new TopicSpec(PROGRESS, 3),
            new TopicSpec(COMMANDS + ".dlq", 1),
            new TopicSpec(WORK + ".dlq", 1),
            new TopicSpec(CONTROL + ".dlq", 1),
            new TopicSpec(WORKER_EVENTS + ".dlq", 1));

    /** A topic and its partition count. */
    public record TopicSpec(String name, int partitions) {
    }

    private Topics() {
    }
}
