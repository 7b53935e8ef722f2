package dev.taskgate.webhooks.delivery;

import java.time.Instant;
import java.util.UUID;

/**
 * One event for one subscription, as an operator sees it (without the payload).
 *
 * @param id             delivery id
 * @param subscriptionId the subscription
 * @param webhookId      the {@code webhook-id} header, identical on every attempt
 * @param replayOf       the delivery this one replays, or null
 * @param eventType      the payload's {@code type}
 * @param executionHandle the public handle ({@code tgx_…}) of the execution it reports, null for test events
 * @param status         {@code pending}, {@code delivered}, {@code failed} or {@code abandoned}
 * @param attempts       attempts started so far
 * @param nextAttemptAt  when the next attempt is due while pending
 * @param lastStatusCode HTTP status of the last answered attempt
 * @param lastError      the last attempt's failure, if any
 * @param eventAt        when the event happened
 * @param createdAt      when the delivery was recorded
 * @param finishedAt     when it was delivered, failed or abandoned
 */
public record Delivery(
        UUID id,
        UUID subscriptionId,
        String webhookId,
        UUID replayOf,
        String eventType,
        String executionHandle,
        String status,
        int attempts,
        Instant nextAttemptAt,
        Integer lastStatusCode,
        String lastError,
        Instant eventAt,
        Instant createdAt,
        Instant finishedAt) {

    /** Waiting for its next attempt (or in flight). */
    public static final String PENDING = "pending";
    /** A receiver answered 2xx. */
    public static final String DELIVERED = "delivered";
    /** Every attempt failed or the receiver's answer ended it. */
    public static final String FAILED = "failed";
    /** Dropped because its subscription was deleted or disabled; replayable. */
    public static final String ABANDONED = "abandoned";

    /** The {@code webhook-id} for a new delivery id: {@code msg_} + 32 hex digits (never a '.'). */
    public static String webhookIdFor(UUID deliveryId) {
        return "msg_" + deliveryId.toString().replace("-", "");
    }
}
