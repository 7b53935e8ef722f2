package dev.taskgate.webhooks.subscription.rest;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.webhooks.subscription.Subscription;

/**
 * A subscription as the API shows it (snake_case). {@code secret} is present only in the answers to create and
 * rotate-secret; no other answer ever carries a secret.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionRepresentation(
        @JsonProperty("id") UUID id,
        @JsonProperty("url") String url,
        @JsonProperty("event_types") List<String> eventTypes,
        @JsonProperty("description") String description,
        @JsonProperty("status") String status,
        @JsonProperty("disabled_reason") String disabledReason,
        @JsonProperty("disabled_at") Instant disabledAt,
        @JsonProperty("previous_secret_expires_at") Instant previousSecretExpiresAt,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt,
        @JsonProperty("secret") String secret) {

    /** Without a secret. */
    public static SubscriptionRepresentation of(Subscription s) {
        return withSecret(s, null);
    }

    /** With the secret shown once. */
    public static SubscriptionRepresentation withSecret(Subscription s, String secret) {
        return new SubscriptionRepresentation(
                s.id(),
                s.url(),
                s.eventTypes(),
                s.description(),
                s.status(),
                s.disabledReason(),
                s.disabledAt(),
                s.previousSecretExpiresAt(),
                s.createdAt(),
                s.updatedAt(),
                secret);
    }
}
