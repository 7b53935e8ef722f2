package dev.taskgate.webhooks.delivery;

import java.time.Instant;

/**
 * One recorded delivery attempt.
 *
 * @param attempt    1-based attempt number
 * @param startedAt  when the request started
 * @param durationMs how long it took until the answer or failure
 * @param statusCode HTTP status, null without an answer
 * @param outcome    what it meant ({@link AttemptOutcome#dbName()})
 * @param error      the failure, if any (no response bodies are kept)
 */
public record Attempt(
        int attempt, Instant startedAt, long durationMs, Integer statusCode, String outcome, String error) {}
