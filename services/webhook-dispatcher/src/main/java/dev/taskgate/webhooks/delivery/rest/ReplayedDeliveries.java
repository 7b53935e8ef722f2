package dev.taskgate.webhooks.delivery.rest;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The answer to a range replay: how many deliveries were queued and the new deliveries themselves.
 *
 * @param replayed the number of new deliveries ({@code items.size()})
 * @param items    the new deliveries
 */
public record ReplayedDeliveries(
        @JsonProperty("replayed") int replayed,
        @JsonProperty("items") List<DeliveryRepresentation> items) {

    /** The answer listing these deliveries. */
    public static ReplayedDeliveries of(List<DeliveryRepresentation> items) {
        return new ReplayedDeliveries(items.size(), items);
    }
}
