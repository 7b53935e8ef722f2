package dev.taskgate.contracts;

/**
 * Kafka topic names (without the optional deployment prefix). Partition counts live in
 * {@code schemas/kafka/topics.txt}, from which deployments create the topics. The major version lives in the name:
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

    private Topics() {}
}
