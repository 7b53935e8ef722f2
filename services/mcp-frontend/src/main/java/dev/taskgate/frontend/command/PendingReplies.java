package dev.taskgate.frontend.command;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.command.CommandReply;

/** Requests of this instance that wait for a command reply, by the command's message id. */
@Singleton
public class PendingReplies {
    private final ConcurrentMap<UUID, CompletableFuture<CommandReply>> waiting = new ConcurrentHashMap<>();

    /** Registers a wait; register before sending, so that an early reply is not lost. */
    CompletableFuture<CommandReply> register(UUID correlationId) {
        CompletableFuture<CommandReply> future = new CompletableFuture<>();
        waiting.put(correlationId, future);
        return future;
    }

    /** Stops waiting (after the reply, a timeout or a failed send). */
    void forget(UUID correlationId) {
        waiting.remove(correlationId);
    }

    /** Hands a reply to its waiting request; false when nobody waits any more (e.g. it timed out). */
    boolean complete(CommandReply reply) {
        CompletableFuture<CommandReply> future = waiting.remove(reply.correlationId());
        return future != null && future.complete(reply);
    }

    /** How many requests are waiting. */
    int size() {
        return waiting.size();
    }
}
