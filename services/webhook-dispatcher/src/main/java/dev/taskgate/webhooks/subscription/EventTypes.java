package dev.taskgate.webhooks.subscription;

import java.util.Set;

/** Event type names (Standard Webhooks §4: dot-separated, {@code [a-zA-Z0-9_]} segments). */
public final class EventTypes {
    /** An execution entered input_required, completed, failed or cancelled. */
    public static final String LIFECYCLE = "tool.execution.lifecycle";
    /** Sent by {@code POST …/{id}/test}; not subscribable, always delivered on request. */
    public static final String TEST = "webhook.test";
    /** The types a subscription may list. */
    public static final Set<String> SUBSCRIBABLE = Set.of(LIFECYCLE);

    private EventTypes() {}
}
