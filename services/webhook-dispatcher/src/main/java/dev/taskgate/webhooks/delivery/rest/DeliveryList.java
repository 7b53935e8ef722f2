package dev.taskgate.webhooks.delivery.rest;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The answer to listing a subscription's deliveries: {@code {"items": [...]}}, without attempt logs. */
public record DeliveryList(@JsonProperty("items") List<DeliveryRepresentation> items) {}
