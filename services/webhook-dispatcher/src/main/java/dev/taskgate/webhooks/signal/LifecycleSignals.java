package dev.taskgate.webhooks.signal;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.webhooks.subscription.EventTypes;

/**
 * Which lifecycle changes become {@code tool.execution.lifecycle} signals (input_required, completed, failed,
 * cancelled — never queued or working) and their thin payload: the public execution handle, state, times and the
 * payload-free summary, never the request or the result.
 */
public final class LifecycleSignals {
    /** Summaries longer than this are cut, which keeps every payload far below the size limit. */
    static final int MAX_SUMMARY_CHARS = 1000;

    private LifecycleSignals() {}

    /** Whether a change to this state is signalled. */
    public static boolean isSignalled(ExecutionStatus state) {
        switch (state) {
            case INPUT_REQUIRED:
            case COMPLETED:
            case FAILED:
            case CANCELLED:
                return true;
            case QUEUED:
            case WORKING:
                return false;
            default:
                throw new IllegalArgumentException("unmapped state " + state);
        }
    }

    /**
     * Whether the change names its owner and surface, which the public handle needs. Records of job-control
     * versions before {@code principal}/{@code surface} were added to {@code ExecutionChanged} do not.
     */
    public static boolean hasOwner(ExecutionChanged change) {
        return change.principal() != null
                && change.surface() != null
                && change.orgId() != null
                && change.projectId() != null;
    }

    /**
     * The payload bytes for a signalled change, or empty when the change is not signalled.
     *
     * <p>{@code execution_id} is the public handle ({@code tgx_…}) the execution's caller got from its REST or MCP
     * call: minted for the execution's principal, surface and workspace ({@code org/project}) with the shared
     * handle key, so the subscriber can match it and use it on the same surface.
     *
     * @throws IllegalArgumentException for a signalled change without {@link #hasOwner(ExecutionChanged) owner}
     */
    public static Optional<byte[]> payload(ExecutionChanged change, ExecutionHandles handles) {
        if (!isSignalled(change.state())) {
            return Optional.empty();
        }
        if (!hasOwner(change)) {
            throw new IllegalArgumentException("lifecycle record without principal, surface, org or project");
        }
        String summary = change.summary();
        if (summary != null && summary.length() > MAX_SUMMARY_CHARS) {
            summary = summary.substring(0, MAX_SUMMARY_CHARS);
        }
        String handle = handles.mint(
                change.executionId(), change.surface(), change.principal(), change.orgId() + "/" + change.projectId());
        return Optional.of(Wire.toBytes(new Envelope(
                EventTypes.LIFECYCLE,
                change.updatedAt(),
                new LifecycleData(
                        handle, change.state().wireName(), change.createdAt(), change.updatedAt(), summary))));
    }

    /** The payload of a test event. */
    public static byte[] testPayload(UUID subscriptionId, Instant at) {
        return Wire.toBytes(new Envelope(EventTypes.TEST, at, new TestData(subscriptionId)));
    }

    /** Standard Webhooks §4 envelope. */
    record Envelope(
            @JsonProperty("type") String type,
            @JsonProperty("timestamp") Instant timestamp,
            @JsonProperty("data") Object data) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LifecycleData(
            @JsonProperty("execution_id") String executionId,
            @JsonProperty("state") String state,
            @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("updated_at") Instant updatedAt,
            @JsonProperty("summary") String summary) {}

    record TestData(@JsonProperty("subscription_id") UUID subscriptionId) {}
}
