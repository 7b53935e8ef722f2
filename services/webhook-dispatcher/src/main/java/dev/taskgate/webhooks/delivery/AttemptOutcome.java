package dev.taskgate.webhooks.delivery;

/** What one delivery attempt means for the delivery and its subscription. */
public enum AttemptOutcome {
    /** A 2xx answer: the delivery is done. */
    DELIVERED("delivered"),
    /** A failure worth retrying (5xx, 408, 429, 3xx, timeout, connection error). */
    RETRY("retry"),
    /** A failure that another attempt will not fix (most 4xx): the delivery ends as failed. */
    GIVE_UP("give_up"),
    /** The destination was refused by the SSRF guard: the delivery ends as failed, nothing was sent. */
    REFUSED("refused");

    private final String dbName;

    AttemptOutcome(String dbName) {
        this.dbName = dbName;
    }

    /** The value stored in {@code attempt.outcome}. */
    public String dbName() {
        return dbName;
    }
}
