package dev.taskgate.jobctl.operator.audit;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** How long operator audit rows are kept ({@code jobctl.audit.retention}); validated when the service starts. */
public final class AuditRetention {

    private final Duration retention;

    /**
     * @param retention {@code jobctl.audit.retention}
     * @throws IllegalArgumentException when it is not positive; the message names the key
     */
    public AuditRetention(Duration retention) {
        Objects.requireNonNull(retention, "jobctl.audit.retention");
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("jobctl.audit.retention must be positive, is " + retention);
        }
        this.retention = retention;
    }

    /** Rows that occurred before this instant are past retention at {@code now}. */
    public Instant cutoff(Instant now) {
        return now.minus(retention);
    }
}
