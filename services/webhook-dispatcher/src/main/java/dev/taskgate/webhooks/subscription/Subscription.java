package dev.taskgate.webhooks.subscription;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A project's webhook subscription, without its secrets.
 *
 * @param id                      the subscription id
 * @param orgId                   owning org
 * @param projectId               owning project
 * @param url                     destination
 * @param eventTypes              subscribed event types
 * @param description             free text, may be null
 * @param status                  {@code active} or {@code disabled}
 * @param disabledReason          why it was disabled (operator-visible), null while active
 * @param disabledAt              when it was disabled, null while active
 * @param previousSecretExpiresAt until when the secret replaced by the last rotation still signs, or null
 * @param createdAt               creation time
 * @param updatedAt               last change
 */
public record Subscription(
        UUID id,
        String orgId,
        String projectId,
        String url,
        List<String> eventTypes,
        String description,
        String status,
        String disabledReason,
        Instant disabledAt,
        Instant previousSecretExpiresAt,
        Instant createdAt,
        Instant updatedAt) {

    /** Status of a subscription that receives deliveries. */
    public static final String ACTIVE = "active";
    /** Status of a subscription that failed too often (or answered 410) and receives nothing. */
    public static final String DISABLED = "disabled";

    public Subscription {
        eventTypes = List.copyOf(eventTypes);
    }
}
