package dev.taskgate.webhooks.delivery;

/**
 * Classifies a receiver's HTTP status (Standard Webhooks §5): 2xx delivered; 408, 429, 3xx (never followed) and
 * 5xx retried; other 4xx not retried unless configured; 410 Gone additionally disables the subscription.
 *
 * @param retryClientErrors whether 4xx answers other than 408/429 are retried as well
 */
public record ResponseClassifier(boolean retryClientErrors) {

    /** The outcome of an attempt that got this status. */
    public AttemptOutcome classify(int status) {
        if (status >= 200 && status < 300) {
            return AttemptOutcome.DELIVERED;
        }
        if (status == 408 || status == 429) {
            return AttemptOutcome.RETRY;
        }
        if (status == 410) {
            return AttemptOutcome.GIVE_UP;
        }
        if (status >= 400 && status < 500) {
            return retryClientErrors ? AttemptOutcome.RETRY : AttemptOutcome.GIVE_UP;
        }
        return AttemptOutcome.RETRY;
    }

    /** Whether this status tells us the endpoint is gone for good: the subscription is disabled at once. */
    public static boolean isGone(int status) {
        return status == 410;
    }
}
