package dev.taskgate.webhooks.delivery.rest;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.webhooks.delivery.Attempt;
import dev.taskgate.webhooks.delivery.Delivery;

/** A delivery as the API shows it (snake_case); {@code attempt_log} only on the single-delivery read. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeliveryRepresentation(
        @JsonProperty("id") UUID id,
        @JsonProperty("subscription_id") UUID subscriptionId,
        @JsonProperty("webhook_id") String webhookId,
        @JsonProperty("replay_of") UUID replayOf,
        @JsonProperty("event_type") String eventType,
        @JsonProperty("execution_id") String executionId,
        @JsonProperty("status") String status,
        @JsonProperty("attempts") int attempts,
        @JsonProperty("next_attempt_at") Instant nextAttemptAt,
        @JsonProperty("last_status_code") Integer lastStatusCode,
        @JsonProperty("last_error") String lastError,
        @JsonProperty("event_at") Instant eventAt,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("finished_at") Instant finishedAt,
        @JsonProperty("attempt_log") List<AttemptRepresentation> attemptLog) {

    /** The representation, with the attempt log when given. */
    public static DeliveryRepresentation of(Delivery d, List<Attempt> attempts) {
        return new DeliveryRepresentation(
                d.id(),
                d.subscriptionId(),
                d.webhookId(),
                d.replayOf(),
                d.eventType(),
                d.executionHandle(),
                d.status(),
                d.attempts(),
                d.nextAttemptAt(),
                d.lastStatusCode(),
                d.lastError(),
                d.eventAt(),
                d.createdAt(),
                d.finishedAt(),
                attempts == null
                        ? null
                        : attempts.stream().map(AttemptRepresentation::of).toList());
    }

    /** One attempt. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AttemptRepresentation(
            @JsonProperty("attempt") int attempt,
            @JsonProperty("started_at") Instant startedAt,
            @JsonProperty("duration_ms") long durationMs,
            @JsonProperty("status_code") Integer statusCode,
            @JsonProperty("outcome") String outcome,
            @JsonProperty("error") String error) {

        static AttemptRepresentation of(Attempt a) {
            return new AttemptRepresentation(
                    a.attempt(), a.startedAt(), a.durationMs(), a.statusCode(), a.outcome(), a.error());
        }
    }
}
