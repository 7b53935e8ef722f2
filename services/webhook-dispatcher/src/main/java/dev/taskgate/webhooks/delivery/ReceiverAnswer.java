package dev.taskgate.webhooks.delivery;

/**
 * What a receiver answered to one attempt: its status and, when it sent one, its {@code Retry-After} header as
 * written (RFC 9110 §10.2.3: delay-seconds or an HTTP-date).
 *
 * @param status     the HTTP status code
 * @param retryAfter the raw {@code Retry-After} value, or null
 */
public record ReceiverAnswer(int status, String retryAfter) {}
