package dev.taskgate.frontend.support;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;

/** A test job-control that binds receipt keys like the real one: a key binds to the first input it was used with. */
public final class ReceiptingJobControl {
    private ReceiptingJobControl() {}

    /**
     * Answers submissions on the real broker: the same key and input → the same execution (not new); the same key
     * with other input → 409 {@code idempotency-conflict}.
     */
    public static JobControlResponder start(Surface surface) {
        Map<String, JsonNode> inputs = new ConcurrentHashMap<>();
        Map<String, UUID> ids = new ConcurrentHashMap<>();
        return JobControlResponder.answering(c -> {
            SubmitExecution s = (SubmitExecution) c;
            JsonNode first = inputs.putIfAbsent(s.receiptKey(), s.input());
            if (first != null && !first.equals(s.input())) {
                return new Rejected(
                        UUID.randomUUID(),
                        Instant.now(),
                        c.messageId(),
                        c.replyTo(),
                        Problem.of(
                                "idempotency-conflict",
                                "Idempotency key reused",
                                409,
                                "The idempotency key '" + s.receiptKey() + "' was already used."),
                        null);
            }
            UUID id = ids.computeIfAbsent(s.receiptKey(), k -> UUID.randomUUID());
            return Fixtures.accepted(c, id, first == null, ExecutionStatus.QUEUED, s.toolName(), surface);
        });
    }
}
