package dev.taskgate.webhooks.subscription.rest;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The answer to listing subscriptions: {@code {"items": [...]}}. */
public record SubscriptionList(@JsonProperty("items") List<SubscriptionRepresentation> items) {}
