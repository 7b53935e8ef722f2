package dev.taskgate.webhooks.signal;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.webhooks.subscription.EventTypes;

/**
 * Which lifecycle changes become {@code tool.execution.lifecycle} signals (input_required, completed, failed,
 * cancelled — never queued or working) and their thin payload: ids, state, times and the payload-free summary,
 * never the request or the result.
 */
public final class LifecycleSignals {
    /** Summaries longer than this are cut, which keeps every payload far below the size limit. */
    static final int MAX_SUMMARY_CHARS = 1000;

    private LifecycleSignals() {
    }

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
     * The payload bytes for a signalled change, or empty when the change is not signalled.
     *
     * <p>{@code execution_id} is job-control's internal id for now: public handles ({@code tgx_…}) need the
     * frontend's handle key and a principal, which this service does not have yet.
     */
    public static Optional<byte[]> payload(ExecutionChanged change) {
        if (!isSignalled(change.state())) {
            return Optional.empty();
        }
        String summary = change.summary();
        if (summary != null && summary.length() > MAX_SUMMARY_CHARS) {
            summary = summary.substring(0, MAX_SUMMARY_CHARS);
        }
        return Optional.of(Wire.toBytes(new Envelope(EventTypes.LIFECYCLE, change.updatedAt(),
                new LifecycleData(change.executionId(), change.state().wireName(), change.createdAt(),
                        change.updatedAt(), summary))));
    }

    /** The payload of a test event. */
    public static byte[] testPayload(UUID subscriptionId, Instant at) {
        return Wire.toBytes(new Envelope(EventTypes.TEST, at, new TestData(subscriptionId)));
    }

    /** Standard Webhooks §4 envelope. */
    record Envelope(@JsonProperty("type") String type, @JsonProperty("timestamp") Instant timestamp,
            @JsonProperty("data") Object data) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LifecycleData(@JsonProperty("execution_id") UUID executionId, @JsonProperty("state") String state,
            @JsonProperty("created_at") Instant createdAt, @JsonProperty("updated_at") Instant updatedAt,
            @JsonProperty("summary") String summary) {
    }

    record TestData(@JsonProperty("subscription_id") UUID subscriptionId) {
    }
}
