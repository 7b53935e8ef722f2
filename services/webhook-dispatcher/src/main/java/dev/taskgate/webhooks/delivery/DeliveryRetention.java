package dev.taskgate.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** How long finished deliveries are kept ({@code taskgate.webhooks.delivery-retention}); validated at start. */
public final class DeliveryRetention {
    private final Duration retention;

    /**
     * @param retention {@code taskgate.webhooks.delivery-retention}
     * @throws IllegalArgumentException when it is not positive; the message names the key
     */
    public DeliveryRetention(Duration retention) {
        Objects.requireNonNull(retention, "taskgate.webhooks.delivery-retention");
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException(
                    "taskgate.webhooks.delivery-retention must be positive, is " + retention);
        }
        this.retention = retention;
    }

    /** Deliveries that finished before this instant are past retention at {@code now}. */
    public Instant cutoff(Instant now) {
        return now.minus(retention);
    }
}
