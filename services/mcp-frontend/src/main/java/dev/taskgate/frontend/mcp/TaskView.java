package dev.taskgate.frontend.mcp;

import java.time.Duration;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.McpException.JsonRpcError;

/**
 * An execution seen as a task of the tasks extension (§4): {@code CreateTaskResult} right after creation and
 * {@code GetTaskResult} (a {@code DetailedTask}) when polled. {@code queued} is shown as {@code working}.
 */
@Singleton
public class TaskView {
    /** Shortest {@code ttlMs} asked for; job-control raises it to its own shortest ({@code min-ttl}). */
    public static final long MIN_TTL_MS = 1;
    /** {@code _meta} key naming the capabilities the withheld input requests of a task need. */
    public static final String WITHHELD_KEY = "dev.taskgate/withheldInputRequires";
    /**
     * {@code _meta} key of the instant the execution, its outcome and its payloads are purged (job-control's
     * {@code retentionExpiresAt}); past {@code ttlMs} the task is no longer visible, but the outcome stays behind its
     * receipt until then. The 2026-07-28 {@code Task} has no member for it, so the key is Taskgate's own.
     */
    public static final String RETENTION_KEY = "dev.taskgate/retentionExpiresAt";
    /** Longest {@code ttlMs} reported. */
    public static final long MAX_TTL_MS = Duration.ofDays(7).toMillis();

    private final ServerIdentity server;
    private final long ttlMs;
    private final long pollIntervalMs;

    @Inject
    TaskView(ServerIdentity server, FrontendConfig config) {
        this(server, config.mcp().taskTtl(), config.mcp().taskPollInterval());
    }

    TaskView(ServerIdentity server, Duration ttl, Duration pollInterval) {
        this.server = server;
        this.ttlMs = clampTtl(ttl);
        this.pollIntervalMs = Math.max(1, pollInterval.toMillis());
    }

    /** The TTL this server asks job-control to grant a new task: {@code task-ttl}, clamped. */
    public long requestedTtlMs() {
        return ttlMs;
    }

    /**
     * The {@code ttlMs} of a task: its visibility end as job-control granted (and renewed) it, counted from the
     * original creation (§11); the configured TTL only when job-control reported no end (an older job-control).
     */
    public long ttlMs(ExecutionSnapshot snapshot) {
        if (snapshot.visibleUntil() == null) {
            return ttlMs;
        }
        return Math.max(
                0,
                Duration.between(snapshot.createdAt(), snapshot.visibleUntil()).toMillis());
    }

    /** A TTL in milliseconds, clamped to [1 min, 7 days]. */
    public static long clampTtl(Duration ttl) {
        return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, ttl.toMillis()));
    }

    /** The task status of an execution status. */
    public static String status(ExecutionStatus status) {
        return status == ExecutionStatus.QUEUED ? "working" : status.wireName();
    }

    /** {@code CreateTaskResult}: {@code resultType: "task"} and the task fields. */
    public ObjectNode created(String taskId, ExecutionSnapshot snapshot) {
        ObjectNode result = server.result("task");
        task(result, taskId, snapshot);
        if (!result.has("statusMessage") && snapshot.status() == ExecutionStatus.QUEUED) {
            result.put("statusMessage", "Queued");
        }
        return result;
    }

    /**
     * {@code GetTaskResult}: the current status with the field its status requires (§4, DetailedTask). An
     * {@code input_required} task lists only the requests a client declaring {@code capabilities} can answer
     * (servers must respect client capabilities); the others are withheld, named in the status message and in
     * {@code _meta[}{@value #WITHHELD_KEY}{@code ]} as the {@code ClientCapabilities} they need, so the client
     * can ask again declaring them, or cancel.
     */
    public ObjectNode detailed(String taskId, ExecutionOutcome outcome, JsonNode capabilities) {
        ExecutionSnapshot snapshot = outcome.execution();
        ObjectNode result = server.result("complete");
        task(result, taskId, snapshot);
        switch (snapshot.status()) {
            case COMPLETED:
                if (outcome.result() == null) {
                    throw new IllegalStateException("job-control reported a completed execution without a result");
                }
                result.putRawValue("result", new RawValue(CallToolResults.withResultType(outcome.result())));
                break;
            case FAILED:
                JsonRpcError error = failure(outcome);
                result.set("error", McpResponses.errorObject(error));
                if (!result.has("statusMessage")) {
                    result.put("statusMessage", error.message());
                }
                break;
            case INPUT_REQUIRED:
                // §6.2: every outstanding request, on every poll until answered; the member is required
                ObjectNode requests = result.putObject("inputRequests");
                ObjectNode withheld = JsonNodeFactory.instance.objectNode();
                if (snapshot.inputRequests() != null) {
                    snapshot.inputRequests().forEach((key, request) -> {
                        String method = request.path("method").asText("");
                        if (ClientCapabilities.canAnswer(capabilities, method, request.get("params"))) {
                            requests.set(key, request);
                        } else {
                            ClientCapabilities.addNeeded(withheld, method, request.get("params"));
                        }
                    });
                }
                if (!withheld.isEmpty()) {
                    ((ObjectNode) result.get("_meta")).set(WITHHELD_KEY, withheld);
                    result.put(
                            "statusMessage",
                            "Waiting for input this request's client capabilities cannot answer (needs "
                                    + String.join(", ", (Iterable<String>) withheld::fieldNames)
                                    + "); poll declaring them to receive the input requests.");
                }
                break;
            default:
                break;
        }
        return result;
    }

    /** The JSON-RPC error of a failed execution: -32603 with job-control's message and reason code. */
    public static JsonRpcError failure(ExecutionOutcome outcome) {
        ExecutionOutcome.ExecutionError error = outcome.error();
        String message = error != null && error.message() != null
                ? error.message()
                : outcome.execution().statusMessage() != null
                        ? outcome.execution().statusMessage()
                        : "The execution failed.";
        ObjectNode data = null;
        if (error != null && error.code() != null) {
            data = JsonNodeFactory.instance.objectNode().put("reason", error.code());
        }
        return new JsonRpcError(McpErrors.INTERNAL_ERROR, message, data);
    }

    private void task(ObjectNode result, String taskId, ExecutionSnapshot snapshot) {
        result.put("taskId", taskId)
                .put("status", status(snapshot.status()))
                .put("createdAt", snapshot.createdAt().toString())
                .put("lastUpdatedAt", snapshot.updatedAt().toString())
                .put("ttlMs", ttlMs(snapshot))
                .put("pollIntervalMs", pollIntervalMs);
        if (snapshot.statusMessage() != null) {
            result.put("statusMessage", snapshot.statusMessage());
        }
        if (snapshot.retentionExpiresAt() != null) {
            ((ObjectNode) result.get("_meta"))
                    .put(RETENTION_KEY, snapshot.retentionExpiresAt().toString());
        }
    }
}
