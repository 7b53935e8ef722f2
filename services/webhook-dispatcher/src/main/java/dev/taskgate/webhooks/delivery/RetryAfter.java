package dev.taskgate.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reads a receiver's {@code Retry-After} header (RFC 9110 §10.2.3): either a non-negative number of seconds or an
 * HTTP-date. Anything else, and a date in the past, is no hint at all.
 */
public final class RetryAfter {
    private RetryAfter() {}

    /** How long the receiver asked us to wait, counted from {@code now}; empty when there is no usable hint. */
    public static Optional<Duration> parse(String value, Instant now) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.trim();
        if (v.isEmpty()) {
            return Optional.empty();
        }
        if (v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            // more digits than any sane delay: treat as "very long", the caller caps it anyway
            return Optional.of(
                    v.length() > 9 ? Duration.ofSeconds(999_999_999L) : Duration.ofSeconds(Long.parseLong(v)));
        }
        try {
            Instant at =
                    ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Optional.of(Duration.between(now, at)) : Optional.empty();
        } catch (DateTimeParseException notADate) {
            return Optional.empty();
        }
    }
}
